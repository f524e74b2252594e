#!/usr/bin/env bash
# `make run`: the FastCGI master and nginx on http://127.0.0.1:$PORT, stopped
# together on Ctrl-C or SIGTERM, leaving no process behind.
# Environment: PORT (8080), WORKERS (cores), THREADS (4), BODY_LIMIT (1048576), PACKS (a packs folder
# the server reads and nginx serves the pictures of under /stickers/; unset, the embedded packs, whose
# pictures are public/stickers');
# nginx-conf.sh reads its per-address limits (RATE_LIMIT, LARGE_RATE_LIMIT, CONN_LIMIT, SITE_CONN_LIMIT, LIMITS,
# and TRUSTED: addresses or CIDRs they do not apply to), ANSWER_LIMIT,
# and HTTPS with HTTP/2 beside it (TLS_LISTEN, a port on 127.0.0.1; TLS_CERT; TLS_KEY; TLS_REDIRECT).
# Everything runs as the user who runs it, the sockets that user's and group's (0660); but as root,
# nginx's workers, which read what clients send, are NGINX_USER [www-data, as Debian's nginx and
# make install], never root, and the server runs in that user's group, so that its sockets
# (0660) are the workers' to use. The workers must be able to read the checkout's built site and
# the packs: if www-data cannot, they run as root, said (NGINX_USER given: refused).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
run=${RUN_DIR:-$root/run}
mkdir -p "$run" && run=$(cd "$run" && pwd)  # nginx-conf.sh takes an absolute path for a socket
port=${PORT:-8080}
limit=${BODY_LIMIT:-1048576}
socket=$run/stickertext.sock
server=${SERVER_BIN:-$root/.build/release/stickertext-server}
chmod 755 "$run"
# One packs folder for both, as an absolute path: nginx-conf.sh writes it into the site.
if [ -n "${PACKS:-}" ]; then
  [ -d "$PACKS" ] || { echo "run.sh: PACKS is not a folder: $PACKS" >&2; exit 2; }
  PACKS=$(cd "$PACKS" && pwd) && export PACKS || exit 2
fi
# One answer limit for both: the server refuses an answer over it, nginx buffers at most it.
answer_limit=$("$root/scripts/nginx-conf.sh" --answer-limit) || exit 2
export ANSWER_LIMIT=$answer_limit
as_group=()
if [ "$(id -u)" -eq 0 ]; then
  asked=${NGINX_USER:-}
  export NGINX_USER=${NGINX_USER:-www-data}
  uid=$(id -u "$NGINX_USER" 2>/dev/null) \
    || { echo "run.sh: NGINX_USER, the user nginx's workers run as, is not a user here: $NGINX_USER" >&2; exit 2; }
  [ "$uid" -ne 0 ] || { echo "run.sh: NGINX_USER must not be root: nginx's workers read what clients send" >&2; exit 2; }
  group=$(id -gn "$NGINX_USER")
  # Whether the workers can read what they serve (a folder not there is nginx-conf.sh's to say). One
  # asked for by name who cannot is refused; the default gives way to root, said: a checkout in
  # root's home (0700) is common, and make run is the one command that runs the service.
  as_worker=(setpriv --reuid "$NGINX_USER" --regid "$group" --clear-groups)
  for folder in "$root/.build/site" "${PACKS:-$root/public/stickers}"; do
    [ -d "$folder" ] && ! "${as_worker[@]}" test -r "$folder/." -a -x "$folder/." || continue
    if [ -n "$asked" ]; then
      echo "run.sh: nginx's workers run as $NGINX_USER, who cannot read $folder: make it and the folders above it readable (chmod o+rX), or set NGINX_USER" >&2
      exit 2
    fi
    echo "run.sh: warning: nginx's workers run as root, as $NGINX_USER cannot read $folder: make it and the folders above it readable (chmod o+rX) for them to run as $NGINX_USER" >&2
    unset NGINX_USER
    break
  done
fi
"$root/scripts/nginx-conf.sh" "$root" "$run" "$port" "$socket" "$limit" || exit 2
if [ -n "${NGINX_USER:-}" ] && [ "$(id -u)" -eq 0 ]; then
  # What they write: nginx makes these folders theirs, but not what an earlier run left in them.
  for folder in cache client_body proxy fastcgi uwsgi scgi; do
    [ ! -d "$run/$folder" ] || chown -R "$NGINX_USER" "$run/$folder"
  done
  as_group=(setpriv --regid "$group" --clear-groups)
fi

args=(--socket-path "$socket" --body-limit "$limit" --answer-limit "$answer_limit" --threads "${THREADS:-4}")
[ -n "${WORKERS:-}" ] && args+=(--workers "$WORKERS")
[ -n "${PACKS:-}" ] && args+=(--packs "$PACKS")

"${as_group[@]}" "$server" "${args[@]}" &
server_pid=$!
for _ in $(seq 100); do [ -S "$socket" ] && break; sleep 0.05; done
if [ ! -S "$socket" ]; then echo "the server did not start" >&2; kill "$server_pid" 2>/dev/null; exit 1; fi
nginx -p "$run" -c "$run/nginx.conf" -e "$run/nginx-error.log" &
nginx_pid=$!

stop() {
  trap - INT TERM
  kill -TERM "$nginx_pid" "$server_pid" 2>/dev/null
  wait "$nginx_pid" 2>/dev/null
  wait "$server_pid" 2>/dev/null
  exit 0
}
trap stop INT TERM
sleep 0.3
if kill -0 "$nginx_pid" 2>/dev/null; then
  echo "stickertext is up: http://127.0.0.1:$port/  (Ctrl-C stops it)"
else
  echo "nginx did not start; see $run/nginx-error.log" >&2
  kill -TERM "$server_pid"; wait "$server_pid"; exit 1
fi
# Either process ending ends both.
wait -n "$nginx_pid" "$server_pid"
stop

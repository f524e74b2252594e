#!/usr/bin/env bash
# `make run`: the FastCGI master and nginx on http://127.0.0.1:$PORT, stopped
# together on Ctrl-C or SIGTERM, leaving no process behind.
# Environment: PORT (8080), WORKERS (cores), THREADS (4), BODY_LIMIT (1048576), PACKS (a packs folder
# the server reads and nginx serves the pictures of under /stickers/; unset, the embedded packs, whose
# pictures are public/stickers');
# nginx-conf.sh reads its per-address limits (RATE_LIMIT, LARGE_RATE_LIMIT, CONN_LIMIT, SITE_CONN_LIMIT, LIMITS,
# and TRUSTED: addresses or CIDRs they do not apply to), ANSWER_LIMIT,
# and HTTPS with HTTP/2 beside it (TLS_LISTEN, a port on 127.0.0.1; TLS_CERT; TLS_KEY; TLS_REDIRECT).
# Everything runs as the user who runs it: the sockets are that user's and
# group's (0660), and nginx's workers that user's, root too.
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
"$root/scripts/nginx-conf.sh" "$root" "$run" "$port" "$socket" "$limit" || exit 2

args=(--socket-path "$socket" --body-limit "$limit" --answer-limit "$answer_limit" --threads "${THREADS:-4}")
[ -n "${WORKERS:-}" ] && args+=(--workers "$WORKERS")
[ -n "${PACKS:-}" ] && args+=(--packs "$PACKS")

"$server" "${args[@]}" &
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

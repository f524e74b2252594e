#!/usr/bin/env bash
# Fills in nginx/site.conf.template (the upstream and the server), and for
# `make run` also nginx/nginx.conf.template (the http{} wrapper that includes it).
# usage: nginx-conf.sh ROOT RUN_DIR PORT BACKENDS BODY_LIMIT
#          writes RUN_DIR/site.conf (listening on 127.0.0.1:PORT) and RUN_DIR/nginx.conf
#        nginx-conf.sh --site OUT ROOT LISTEN SERVER_NAME BACKENDS BODY_LIMIT
#          writes the site alone to OUT (scripts/install.sh: sites-available)
# ROOT holds public/ and nginx/ (the checkout, or the installed share folder).
# BACKENDS is the master's unix socket (an absolute path), or backends on TCP,
# one per host, comma-separated: 10.0.0.11:9000,10.0.0.12:9000
set -euo pipefail
templates=$(cd "$(dirname "$0")/../nginx" && pwd)

# site OUT ROOT LISTEN SERVER_NAME BACKENDS BODY_LIMIT
site() {
  local out=$1 root=$2 listen=$3 name=$4 backends=$5 limit=$6 servers= host
  # nginx's 413s and 429s go to the master's datagram socket beside its FastCGI one (/metrics).
  local rejections="    # (none: the backends are on TCP, on other hosts)"
  if [[ $backends == /* ]]; then
    for _ in 1 2 3 4; do servers+="    server unix:$backends max_fails=0;\n"; done
    rejections="    access_log syslog:server=unix:$backends.nginx,nohostname,tag=stickertext stickertext_rejection if=\$stickertext_rejected;"
  else
    IFS=, read -ra hosts <<< "$backends"
    for host in "${hosts[@]}"; do
      [[ $host =~ ^[A-Za-z0-9.:_-]+:[0-9]+$ ]] || { echo "nginx-conf.sh: not a HOST:PORT: $host" >&2; exit 2; }
      servers+="    server $host max_fails=1 fail_timeout=2s;\n"
    done
  fi
  [[ $limit =~ ^[0-9]+$ ]] || { echo "nginx-conf.sh: not a byte count: $limit" >&2; exit 2; }
  sed -e "s|@ROOT@|$root|g" -e "s|@LISTEN@|$listen|g" -e "s|@SERVER_NAME@|$name|g" \
    -e "s|@UPSTREAM_SERVERS@|${servers%\\n}|" -e "s|@BODY_LIMIT@|$limit|g" \
    -e "s|@REJECTION_LOG@|$rejections|" \
    "$templates/site.conf.template" > "$out"
}

if [ "${1:-}" = --site ]; then
  [ $# -eq 7 ] || { echo "usage: nginx-conf.sh --site OUT ROOT LISTEN SERVER_NAME BACKENDS BODY_LIMIT" >&2; exit 2; }
  shift
  site "$@"
  exit 0
fi
[ $# -eq 5 ] || { echo "usage: nginx-conf.sh ROOT RUN_DIR PORT BACKENDS BODY_LIMIT" >&2; exit 2; }
root=$1 run=$2 port=$3 backends=$4 limit=$5
mkdir -p "$run"
site "$run/site.conf" "$root" "127.0.0.1:$port" localhost "$backends" "$limit"
sed -e "s|@RUN@|$run|g" "$templates/nginx.conf.template" > "$run/nginx.conf"

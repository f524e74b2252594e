#!/usr/bin/env bash
# Writes RUN_DIR/nginx.conf from nginx/nginx.conf.template.
# usage: nginx-conf.sh ROOT RUN_DIR PORT BACKENDS BODY_LIMIT
# BACKENDS is the master's unix socket (an absolute path), or backends on TCP,
# one per host, comma-separated: 10.0.0.11:9000,10.0.0.12:9000
set -euo pipefail
root=$1 run=$2 port=$3 backends=$4 limit=$5
servers=
if [[ $backends == /* ]]; then
  for _ in 1 2 3 4; do servers+="        server unix:$backends max_fails=0;\n"; done
else
  IFS=, read -ra hosts <<< "$backends"
  for host in "${hosts[@]}"; do
    [[ $host =~ ^[A-Za-z0-9.:_-]+:[0-9]+$ ]] || { echo "nginx-conf.sh: not a HOST:PORT: $host" >&2; exit 2; }
    servers+="        server $host max_fails=1 fail_timeout=2s;\n"
  done
fi
mkdir -p "$run"
sed -e "s|@ROOT@|$root|g" -e "s|@RUN@|$run|g" -e "s|@PORT@|$port|g" -e "s|@UPSTREAM_SERVERS@|${servers%\\n}|" -e "s|@BODY_LIMIT@|$limit|g" \
  "$root/nginx/nginx.conf.template" > "$run/nginx.conf"

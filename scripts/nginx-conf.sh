#!/usr/bin/env bash
# Writes RUN_DIR/nginx.conf from nginx/nginx.conf.template.
# usage: nginx-conf.sh ROOT RUN_DIR PORT SOCKET BODY_LIMIT
set -euo pipefail
root=$1 run=$2 port=$3 socket=$4 limit=$5
mkdir -p "$run"
sed -e "s|@ROOT@|$root|g" -e "s|@RUN@|$run|g" -e "s|@PORT@|$port|g" -e "s|@SOCKET@|$socket|g" -e "s|@BODY_LIMIT@|$limit|g" \
  "$root/nginx/nginx.conf.template" > "$run/nginx.conf"

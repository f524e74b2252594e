#!/usr/bin/env bash
# The fairness benchmark (make bench-fair): 16 connections from 127.0.0.2 flood
# worst-case edits (a 450 KB paste of combining marks under a weighted limit,
# the costliest edit per byte) while 127.0.0.3 sends small edits at a steady 40
# a second and measures them. One backend, two nginx in front of it: one with
# the site's per-address limits (the default), one without (LIMITS=off), so
# the run shows, side by side: small edits alone, under the flood without
# limits, and under the flood with them. wrk has no source-address option: a
# preload shim (bind_source.c) binds its sockets to the flooder's address.
# usage: Benchmarks/fair-bench.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
secs=${1:-15}
workers=${WORKERS:-2}
threads=${THREADS:-4}
. Benchmarks/setup.sh
bench_setup fair
gcc -O2 -shared -fPIC -o "$out/bind_source.so" Benchmarks/bind_source.c -ldl
python3 -c "
import json
print(json.dumps({'text': '', 'selection': {'location': 0, 'length': 0}, 'op': 'paste', 'string': 'a\u0301' * 150000,
                  'policy': {'maxLength': 1000000, 'countMode': 'weighted'}}, ensure_ascii=False), end='')" > "$out/flood.json"

sock=$out/s.sock
"$bin" --socket-path "$sock" --workers "$workers" --threads "$threads" 2> "$out/server.log" &
backend=$!
for _ in $(seq 200); do [ -S "$sock" ] && break; sleep 0.05; done
declare -A ports nginx_pids
for site in limited open; do
  mkdir -p "$out/$site"; chmod 755 "$out/$site"
  ports[$site]=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  LIMITS=$([ $site = limited ] && echo on || echo off) scripts/nginx-conf.sh "$root" "$out/$site" "${ports[$site]}" "$sock" 1048576
  nginx -p "$out/$site" -c "$out/$site/nginx.conf" -e "$out/$site/nginx-error.log" &
  nginx_pids[$site]=$!
done
cleanup() { kill -TERM "$backend" "${nginx_pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; }
trap cleanup EXIT
sleep 0.5

measure() {  # label port: small edits from 127.0.0.3 for secs
  printf '%-34s %s\n' "$1" "$(python3 Benchmarks/fair_client.py "$2" 127.0.0.3 "$secs" 40)"
}
# The flooder runs at the lowest priority: a real one is on another machine,
# and its CPU is not the service's. What nginx spends reading its bodies is.
flood() {  # port: 16 connections from 127.0.0.2, in the background
  BIND_SOURCE=127.0.0.2 LD_PRELOAD=$out/bind_source.so WRK_BODY_FILE=$out/flood.json \
    nice -n 19 wrk -t2 -c16 -d"$((secs + 2))s" --timeout 30s -s Benchmarks/wrk-flood.lua "http://127.0.0.1:$1/api/edit" > "$out/flood-$1.txt" 2>&1 &
  flooder=$!
  sleep 1
}
flood_summary() {
  wait "$flooder" || true
  python3 - "$out/flood-$1.txt" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
statuses = {int(s): int(n) for s, n in re.findall(r'STATUS (\d+) (\d+)', t)}
errors = re.search(r'Socket errors: (.*)', t)
print(f"{'  the flooder (127.0.0.2) got':<34} {sum(statuses.values())} answers: "
      + ', '.join(f'{n} x {s}' for s, n in sorted(statuses.items()))
      + (f'; socket errors: {errors.group(1)}' if errors else ''))
PY
}

echo "fairness: ${secs}s per phase, $workers workers x $threads threads (+ large-body threads), $(nproc) cores"
measure "small edits alone" "${ports[limited]}"
flood "${ports[open]}"
measure "under the flood, no limits" "${ports[open]}"
flood_summary "${ports[open]}"
flood "${ports[limited]}"
measure "under the flood, per-address limits" "${ports[limited]}"
flood_summary "${ports[limited]}"

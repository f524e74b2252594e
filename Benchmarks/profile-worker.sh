#!/usr/bin/env bash
# Instructions per request in one worker, counted by callgrind: the same
# requests (Benchmarks/fcgi_drive.py, nginx's params, no nginx, no wrk) go
# to one worker × one thread, for the C libfcgi responder and for
# stickertext-server on each endpoint of the server benchmark. Instruction
# counts repeat from run to run, where req/s on this shared machine do not.
# Each target runs twice, with FEW and FEW + MANY requests, and the difference
# is divided by MANY, so start-up and first-request costs fall out. Only the
# serving thread's loop is counted (--toggle-collect on its function), not the
# worker's idle polling. The last run of each target leaves its callgrind file
# in bench-out/profile/ for callgrind_annotate, and each is split by layer
# (libfcgi, the FastCGI adapter, the HTTP layer, the JSON transport, the core).
# usage: Benchmarks/profile-worker.sh [MANY]   (default 1000; STICKERTEXT_NO_REQUEST_LOG is passed through;
#          SERVER_BIN=path/to/stickertext-server …: another build, say before a change)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
many=${1:-1000}
few=100
. Benchmarks/setup.sh
bench_setup profile
bin=${SERVER_BIN:-$bin}
command -v valgrind >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind; }
gcc -O2 -g -o "$out/responder" Benchmarks/baseline_responder.c -lfcgi -lpthread

printf '%s' '{"text":"今天好开心[微笑][哈哈] 和朋友去吃饭 <b>&amp;</b> 👍🏽👨‍👩‍👧‍👦 [doge][不存在] see you at 8pm & bring \"snacks\" [心][赞]"}' > "$out/render.json"
printf '%s' '{"text":"你好[微笑]世界","selection":{"location":3,"length":0},"op":"paste","string":"[哈哈]👍🏽"}' > "$out/edit.json"
sock=$out/s.sock

# ir NAME TOGGLE COUNT METHOD PATH [BODY] -- COMMAND…: the serving loop's Ir over COUNT requests.
ir() {
  local name=$1 toggle=$2 count=$3 method=$4 path=$5 body=$6; shift 7
  rm -f "$sock" "$out/$name".cg.*
  valgrind --tool=callgrind --toggle-collect="$toggle" --callgrind-out-file="$out/$name.cg.%p" \
    "$@" > "$out/$name.log" 2>&1 &
  local backend=$!
  for _ in $(seq 600); do [ -S "$sock" ] && break; sleep 0.1; done
  python3 Benchmarks/fcgi_drive.py "$sock" "$count" "$method" "$path" $body > "$out/$name.drive" \
    || { echo "$name: not every answer was 2xx: $(cat "$out/$name.drive")" >&2; exit 1; }
  # Both masters stop their workers on SIGTERM and wait for them.
  kill -TERM "$backend"
  wait "$backend" 2>/dev/null || true
  # The busiest file is the worker's (the master's loop is not counted).
  local best=0 n
  for f in "$out/$name".cg.*; do
    n=$(awk '/^summary:/ {print $2}' "$f")
    [ "${n:-0}" -gt "$best" ] && { best=$n; cp "$f" "$out/$name.callgrind"; }
  done
  cp "$out/$name.callgrind" "$out/$name.$count.callgrind"
  echo "$best"
}

# per_request LABEL TOGGLE METHOD PATH BODY -- COMMAND…
per_request() {
  local label=$1 toggle=$2 method=$3 path=$4 body=$5; shift 6
  local a b
  a=$(ir "$label" "$toggle" "$few" "$method" "$path" "$body" -- "$@")
  b=$(ir "$label" "$toggle" $((few + many)) "$method" "$path" "$body" -- "$@")
  printf '%-34s %10d instructions per request\n' "$label" $(( (b - a) / many ))
  # …and by layer (Benchmarks/callgrind-layers.py says how a runtime call is charged).
  python3 Benchmarks/callgrind-layers.py "$out/$label.$few.callgrind" "$out/$label.$((few + many)).callgrind" "$many"
}

serve='*6Worker*5serve*'
server=("$bin" --socket-path "$sock" --workers 1 --threads 1)
echo "callgrind, one worker × one thread, $many requests (after $few) one at a time over the unix socket"
per_request c-responder serve POST /api/render "$out/render.json" -- "$out/responder" "$sock" 1 1
per_request render "$serve" POST /api/render "$out/render.json" -- "${server[@]}"
per_request edit "$serve" POST /api/edit "$out/edit.json" -- "${server[@]}"
per_request packs "$serve" GET /api/packs "" -- "${server[@]}"
per_request health "$serve" GET /api/health "" -- "${server[@]}"

#!/usr/bin/env bash
# CPU per request of one worker, user and system apart, without nginx: the C
# libfcgi responder and stickertext-server (one worker × one thread each)
# answer N requests over one kept FastCGI connection
# (Benchmarks/fcgi_drive.py --keep), and the worker's utime and stime
# (/proc/PID/stat) are read before and after. A sequential client, so the
# figures are a request's own cost, not a load's; the machine's other work
# moves them little (CPU time, not wall time).
# usage: Benchmarks/worker-cpu.sh [N] [ROUNDS]   (defaults 20000 and 2; SERVER_BIN as server-bench.sh takes it)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
n=${1:-20000}
rounds=${2:-2}
. Benchmarks/setup.sh
bench_setup worker-cpu
bin=${SERVER_BIN:-$bin}
gcc -O2 -o "$out/responder" Benchmarks/baseline_responder.c -lfcgi -lpthread
printf '%s' '{"text":"今天好开心[微笑][哈哈] 和朋友去吃饭 <b>&amp;</b> 👍🏽👨‍👩‍👧‍👦 [doge][不存在] see you at 8pm & bring \"snacks\" [心][赞]"}' > "$out/render.json"
sock=$out/s.sock
tick=$(getconf CLK_TCK)
master=""
trap '[ -z "$master" ] || kill -TERM "$master" 2>/dev/null || true' EXIT

# measure NAME COMMAND…: user and system µs per request of the backend's busiest process.
measure() {
  local name=$1; shift
  rm -f "$sock"
  "$@" > "$out/$name.log" 2>&1 &
  master=$!
  for _ in $(seq 100); do [ -S "$sock" ] && break; sleep 0.1; done
  [ -S "$sock" ] || { echo "$name: no socket at $sock after 10 s (see $out/$name.log)" >&2; exit 1; }
  python3 Benchmarks/fcgi_drive.py --keep "$sock" 500 POST /api/render "$out/render.json" > /dev/null  # warm
  local worker
  # Both masters fork their worker: without one, something broke.
  worker=$(pgrep -P "$master" | head -1 || true)
  [ -n "$worker" ] || { echo "$name: no worker process under $master" >&2; exit 1; }
  local before after
  before=$(awk '{print $14, $15}' "/proc/$worker/stat")
  python3 Benchmarks/fcgi_drive.py --keep "$sock" "$n" POST /api/render "$out/render.json" > "$out/$name.drive"
  after=$(awk '{print $14, $15}' "/proc/$worker/stat")
  kill -TERM "$master"; wait "$master" 2>/dev/null || true
  master=""
  python3 -c "
import sys
u1, s1, u2, s2, tick, n = map(int, sys.argv[1:])
print(f'$name: user {(u2 - u1) / tick / n * 1e6:6.1f} us, system {(s2 - s1) / tick / n * 1e6:6.1f} us, all {((u2 - u1) + (s2 - s1)) / tick / n * 1e6:6.1f} us a request')
" $before $after "$tick" "$n"
}

echo "CPU per POST /api/render over one kept connection, $n requests a round, one worker × one thread"
for _ in $(seq "$rounds"); do
  measure c-responder "$out/responder" "$sock" 1 1
  measure stickertext "$bin" --socket-path "$sock" --workers 1 --threads 1
done

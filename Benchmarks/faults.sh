#!/usr/bin/env bash
# Faults under load: wrk posts renders for SECONDS while workers are SIGKILLed
# again and again, and three times the master itself is replaced (a new
# master binds the socket path, then the old one is stopped gracefully).
# Prints requests, failures as clients saw them, kills and restarts.
# usage: Benchmarks/faults.sh [seconds] [connections]   (make faults)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
secs=${1:-20}
conns=${2:-16}
. Benchmarks/setup.sh
bench_setup faults
sock=$out/s.sock
scripts/nginx-conf.sh "$root" "$out" "$port" "$sock" 1048576
printf '%s' '{"text":"今天好开心[微笑][哈哈] <b>&amp;</b> 👍🏽 [doge]"}' > "$out/render.json"

start_master() { "$bin" --socket-path "$sock" --workers 2 --threads 8 > /dev/null 2>> "$out/server.log" & echo $!; }
master=$(start_master)
for _ in $(seq 100); do [ -S "$sock" ] && break; sleep 0.05; done
nginx -p "$out" -c "$out/nginx.conf" -e "$out/nginx-error.log" &
nginx_pid=$!
cleanup() { kill -TERM "$master" 2>/dev/null || true; kill -QUIT "$nginx_pid" 2>/dev/null || true; wait 2>/dev/null || true; }
trap cleanup EXIT
sleep 0.5

WRK_METHOD=POST WRK_BODY_FILE=$out/render.json WRK_EXPECT='alt=\"[微笑]\"' \
  wrk -t2 -c"$conns" -d"${secs}s" -s Benchmarks/wrk-post.lua "http://127.0.0.1:$port/api/render" > "$out/wrk.txt" 2>&1 &
wrk_pid=$!
kills=0
restarts=0
start=$SECONDS
end=$((SECONDS + secs - 1))
while [ $SECONDS -lt $end ]; do
  sleep 0.5
  victim=$(pgrep -P "$master" | shuf -n 1 || true)
  if [ -n "$victim" ]; then kill -KILL "$victim" 2>/dev/null && kills=$((kills + 1)); fi
  # At a quarter, a half and three quarters of the run: a new master.
  if [ $restarts -lt 3 ] && [ $SECONDS -ge $((start + (restarts + 1) * secs / 4)) ]; then
    old=$master
    master=$(start_master)  # binds the path anew; the old master keeps serving on its socket until stopped
    sleep 1
    kill -TERM "$old"
    wait "$old" 2>/dev/null || true
    restarts=$((restarts + 1))
  fi
done
wait $wrk_pid
python3 - "$out/wrk.txt" "$kills" "$restarts" <<'PY'
import sys
sys.path.insert(0, 'Benchmarks')
from wrk_summary import WrkSummary
w = WrkSummary.read(sys.argv[1])
print(f"{w.requests} requests, {w.bad} failed or wrong (non-2xx {w.non2xx}, socket errors {w.socket_errors}); "
      f"{sys.argv[2]} workers SIGKILLed, master replaced {sys.argv[3]} times")
sys.exit(1 if w.bad or w.socket_errors else 0)
PY

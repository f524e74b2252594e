#!/usr/bin/env bash
# Soak: a million requests (by default) mixed across every endpoint — edits,
# counts, renders, the GET fragment, packs and its 304, health, client errors —
# through nginx to one master with 2 workers × 8 threads, no --max-requests.
# Every response must equal, byte for byte, what its request answered alone.
# Prints p50/p99, each worker's RSS sampled over the run and its open file
# descriptors idle before and after; fails on a bad answer, a worker that
# died, a leaked descriptor or RSS that grows.
# usage: Benchmarks/soak.sh [requests] [connections]   (make soak)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
total=${1:-1000000}
conns=${2:-16}
wrk_threads=2
. Benchmarks/setup.sh
bench_setup soak
sock=$out/s.sock
scripts/nginx-conf.sh "$root" "$out" "$port" "$sock" 1048576

# The request log stays on (it is part of the work); its info lines are dropped, warnings kept.
"$bin" --socket-path "$sock" --workers 2 --threads 8 2> >(grep --line-buffered -v ' info ' > "$out/server.log") > /dev/null &
master=$!
for _ in $(seq 100); do [ -S "$sock" ] && break; sleep 0.05; done
[ -S "$sock" ] || { echo "the server did not start:"; cat "$out/server.log"; exit 1; }
nginx -p "$out" -c "$out/nginx.conf" -e "$out/nginx-error.log" &
nginx_pid=$!
cleanup() { kill "${sampler:-}" 2>/dev/null || true; kill -TERM "$master" 2>/dev/null || true; kill -QUIT "$nginx_pid" 2>/dev/null || true; wait 2>/dev/null || true; }
trap cleanup EXIT
sleep 0.5

python3 Benchmarks/soak-mix.py "http://127.0.0.1:$port" "$out/mix.lua"
# The master's children are its workers, and the log filter (forked before the exec).
workers=$(pgrep -P "$master" -f "$bin" | sort -n | paste -sd' ')
rss() { awk '/^VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }
fds() { ls "/proc/$1/fd" | wc -l; }
snapshot() { for p in $master $workers; do printf '%s:%s:%s ' "$p" "$(rss "$p")" "$(fds "$p")"; done; echo; }

load() {  # requests per thread, seconds at most, then wrk's own options
  local quota=$1 cap=$2; shift 2
  rm -rf "$out/done"; mkdir "$out/done"
  WRK_MIX=$out/mix.lua WRK_PER_THREAD=$quota WRK_DONE_DIR=$out/done \
    wrk -t$wrk_threads -c"$conns" -d"${cap}s" "$@" -s Benchmarks/wrk-mix.lua "http://127.0.0.1:$port/" &
  local wrk_pid=$!
  # A thread that has its quota stops, but wrk runs to its duration: SIGINT ends it, with its summary.
  while kill -0 "$wrk_pid" 2>/dev/null && [ "$(ls "$out/done" | wc -l)" -lt $wrk_threads ]; do sleep 0.1; done
  kill -INT "$wrk_pid" 2>/dev/null || true
  wait "$wrk_pid"
}
load 1000000000 3 > "$out/warmup.txt" 2>&1  # allocator arenas and caches reach their working size
# wrk carries on with plain GETs when the script fails to load: stop here instead.
grep -q '^BAD_BODIES 0$' "$out/warmup.txt" || { echo "warm-up failed:"; cat "$out/warmup.txt"; exit 1; }
# Idle means nginx has closed the connections it keeps to the workers (after
# 2 s idle, keepalive_timeout in the site): their count is no leak.
sleep 3
before=$(snapshot)

( t0=$SECONDS; while sleep 2; do echo "$((SECONDS - t0)) $(for p in $workers; do rss "$p"; printf ' '; done)"; done ) > "$out/rss.txt" &
sampler=$!
load $(((total + wrk_threads - 1) / wrk_threads)) 7200 --latency > "$out/wrk.txt" 2>&1
kill "$sampler"; wait "$sampler" 2>/dev/null || true; sampler=
sleep 3
after=$(snapshot)
now=$(pgrep -P "$master" -f "$bin" | sort -n | paste -sd' ')

python3 - "$out" "$total" "$before" "$after" "$master" "$workers" "$now" <<'PY'
import sys
sys.path.insert(0, 'Benchmarks')
from wrk_summary import WrkSummary
out, target, before, after, master, workers, now = sys.argv[1], int(sys.argv[2]), *sys.argv[3:8]
w = WrkSummary.read(f'{out}/wrk.txt')
lat = w.latency_ms

def parse(snap):
    return {int(p): (float(r), int(f)) for p, r, f in (x.split(':') for x in snap.split())}
b, a = parse(before), parse(after)
samples = [list(map(float, line.split())) for line in open(f'{out}/rss.txt') if line.strip()]
print(f"{w.requests} requests in {w.seconds:.0f} s ({w.rate:.0f} req/s), {w.bad} bad answers, socket errors {w.socket_errors}")
print(f"latency p50 {lat['p50']:.2f} ms, p90 {lat['p90']:.2f} ms, p99 {lat['p99']:.2f} ms, max {lat['max']:.1f} ms")
ok = w.requests >= target and not w.bad and not w.socket_errors
if workers != now:
    print(f"workers changed during the soak: {workers} -> {now}"); ok = False
print("process        RSS idle before → after (MB)   open fds idle before → after")
for pid in b:
    role = 'master' if pid == int(master) else 'worker'
    (rb, fb), (ra, fa) = b[pid], a.get(pid, (0, -1))
    print(f"  {role} {pid:<8} {rb:>8.1f} → {ra:<8.1f}              {fb:>4} → {fa}")
    if fa != fb:
        ok = False; print(f"  {pid}: open file descriptors went from {fb} to {fa}")
# Flat: over the run's second half to its end, no worker grows more than 1 MB.
if len(samples) >= 4:
    mid = samples[len(samples) // 2]
    last = samples[-1]
    print("worker RSS under load (MB), every 2 s: " + " | ".join(
        ' '.join(f'{v:.1f}' for v in s[1:]) for s in samples[:: max(1, len(samples) // 8)]))
    for i, (m, l) in enumerate(zip(mid[1:], last[1:])):
        growth = l - m
        print(f"  worker {i + 1}: {m:.1f} MB at mid-run → {l:.1f} MB at the end ({growth:+.1f} MB)")
        if growth > 1.0: ok = False
sys.exit(0 if ok else 1)
PY
if grep -q 'warning\|error\|critical' "$out/server.log"; then echo "the server logged:"; cat "$out/server.log"; exit 1; fi

#!/usr/bin/env bash
# Scale-out on nginx's upstream: BACKENDS FastCGI backends, each a separate
# host — its own network namespace, joined to this one by a veth pair, its
# server listening on TCP on that namespace's address — behind one nginx.
# Under a steady wrk load, one host's backend is SIGKILLed whole (master and
# workers, as if the host died), then started again. Prints, per phase, the
# share of requests each backend served (from the backends' own request
# logs) and the failures clients saw. Needs root (ip netns). Exits 1 on a
# failed request, or if traffic did not leave the dead backend and come back.
# usage: Benchmarks/scaleout.sh [backends 2-9] [seconds per phase] [connections]   (make scaleout)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
count=${1:-3}
phase=${2:-8}
conns=${3:-16}
[[ $count =~ ^[2-9]$ ]] || { echo "scaleout.sh: 2 to 9 backends" >&2; exit 2; }
if [ "$(id -u)" != 0 ]; then echo "scaleout.sh: needs root for ip netns (network namespaces)" >&2; exit 2; fi
net=10.231  # backend N: host side $net.N.1, backend side $net.N.2 (a /30 each)

. Benchmarks/setup.sh
bench_setup scaleout

host() { echo "stickertext-b$1"; }
teardown() {
  for n in $(seq "$count"); do
    if ip netns list | grep -qw "$(host "$n")"; then
      ip netns pids "$(host "$n")" | xargs -r kill -TERM 2>/dev/null || true
      for _ in $(seq 50); do [ -z "$(ip netns pids "$(host "$n")")" ] && break; sleep 0.1; done
      ip netns pids "$(host "$n")" | xargs -r kill -KILL 2>/dev/null || true
      ip netns del "$(host "$n")"  # takes its end of the veth pair, and so the pair, with it
    fi
    ip link del "stb${n}h" 2>/dev/null || true  # a pair an interrupted run made but never moved
  done
}
cleanup() {
  kill "${wrk_pid:-}" 2>/dev/null || true
  kill -QUIT "${nginx_pid:-}" 2>/dev/null || true
  teardown
  wait 2>/dev/null || true
}
trap cleanup EXIT
teardown  # what an interrupted run may have left
if ip -4 -o addr | grep -q " $net\."; then echo "scaleout.sh: $net.0.0/16 is already in use here" >&2; exit 2; fi

backends=()
for n in $(seq "$count"); do
  ns=$(host "$n")
  ip netns add "$ns"
  ip -n "$ns" link set lo up
  ip link add "stb${n}h" type veth peer name "stb${n}n"
  ip link set "stb${n}n" netns "$ns"
  ip addr add "$net.$n.1/30" dev "stb${n}h"
  ip link set "stb${n}h" up
  ip -n "$ns" addr add "$net.$n.2/30" dev "stb${n}n"
  ip -n "$ns" link set "stb${n}n" up
  backends+=("$net.$n.2:9000")
done

# Nothing is shared between backends but the pack files. FastCGI has no
# authentication: libfcgi accepts only the peers in FCGI_WEB_SERVER_ADDRS,
# here nginx's side of the link. Started outside this shell's job table:
# the processes are found by namespace.
start_backend() {
  (FCGI_WEB_SERVER_ADDRS=$net.$1.1 ip netns exec "$(host "$1")" "$bin" --listen "$net.$1.2:9000" --packs "$root/public/stickers" \
    --workers 2 --threads 4 > /dev/null 2>> "$out/backend-$1.log" &)
}
up() { python3 -c 'import socket,sys; socket.create_connection((sys.argv[1], 9000), timeout=0.2).close()' "$net.$1.2" 2>/dev/null; }
for n in $(seq "$count"); do start_backend "$n"; done
for n in $(seq "$count"); do
  for _ in $(seq 100); do up "$n" && break; sleep 0.05; done
  up "$n" || { echo "backend $n did not start; see $out/backend-$n.log" >&2; exit 1; }
done

# FCGI_WEB_SERVER_ADDRS at work: from nginx's side of the link a backend
# answers; from any other address (here its own) it closes unanswered.
allowed=$(python3 Benchmarks/fcgi_probe.py "$net.1.2:9000" || true)
others=$(ip netns exec "$(host 1)" python3 Benchmarks/fcgi_probe.py "$net.1.2:9000" || true)
echo "backend 1 asked directly: from $net.1.1 (nginx's side) \"$allowed\", from $net.1.2 \"$others\""
[ "$allowed" = "Status: 200 OK" ] && [ "$others" = "no answer" ] || { echo "FCGI_WEB_SERVER_ADDRS is not enforced as expected" >&2; exit 1; }

scripts/nginx-conf.sh "$root" "$out" "$port" "$(IFS=,; echo "${backends[*]}")" 1048576
nginx -p "$out" -c "$out/nginx.conf" -e "$out/nginx-error.log" &
nginx_pid=$!
sleep 0.5
# Requests each backend has served so far: one log line per request.
served() { for n in $(seq "$count"); do grep -c " $1 " "$out/backend-$n.log" || true; done | paste -sd' '; }

# Every backend must give the same packs document: ask until each has answered
# (nginx's workers each keep their own round robin, so a few more than count).
etags=$(for _ in $(seq $((count * 4))); do
  curl -sf -o /dev/null -D - "http://127.0.0.1:$port/api/packs" | tr -d '\r' | sed -n 's/^[Ee][Tt]ag: //p'
done | sort -u)
per=$(served /api/packs)
echo "ETag of /api/packs from the backends (requests served: $per): $(echo "$etags" | paste -sd' ')"
[[ " $per " != *" 0 "* ]] || { echo "a backend got no /api/packs request" >&2; exit 1; }
[ "$(echo "$etags" | wc -l)" = 1 ] || { echo "backends disagree on the packs' ETag" >&2; exit 1; }
printf '%s' '{"text":"今天好开心[微笑][哈哈] <b>&amp;</b> 👍🏽 [doge]"}' > "$out/render.json"

victim=2
WRK_METHOD=POST WRK_BODY_FILE=$out/render.json WRK_EXPECT='alt=\"[微笑]\"' \
  wrk -t2 -c"$conns" -d"$((phase * 3 + 2))s" -s Benchmarks/wrk-post.lua "http://127.0.0.1:$port/api/render" > "$out/wrk.txt" 2>&1 &
wrk_pid=$!
sleep 0.5
s0=$(served /api/render); sleep "$phase"
ip netns pids "$(host $victim)" | xargs -r kill -KILL
sleep 0.1; s1=$(served /api/render)  # after the kill: what the victim logs from here on, it served while "dead"
sleep "$phase"; s2=$(served /api/render)
start_backend $victim
half=$(python3 -c "print($phase / 2)")
sleep "$half"; s3=$(served /api/render)  # nginx tries it again within fail_timeout (2 s)
sleep "$half"; s4=$(served /api/render)
wait "$wrk_pid"
wrk_pid=

python3 - "$out/wrk.txt" "$victim" "$phase" "$s0" "$s1" "$s2" "$s3" "$s4" <<'PY'
import sys
sys.path.insert(0, 'Benchmarks')
from wrk_summary import WrkSummary
w = WrkSummary.read(sys.argv[1])
victim, phase = int(sys.argv[2]), sys.argv[3]
snaps = [list(map(int, s.split())) for s in sys.argv[4:]]
names = [f"b{i + 1}" for i in range(len(snaps[0]))]
phases = ["all up", f"b{victim} killed", f"b{victim} back, 1st half", f"b{victim} back, 2nd half"]
print(f"{len(names)} backends in their own network namespaces, {phase} s per phase; share of requests served:")
print("  phase                 " + "".join(f"{n:>8}" for n in names) + "   requests")
shares = []
for name, a, b in zip(phases, snaps, snaps[1:]):
    d = [y - x for x, y in zip(a, b)]
    s = sum(d) or 1
    shares.append([x / s for x in d])
    print(f"  {name:<21} " + "".join(f"{x / s:>8.0%}" for x in d) + f"   {sum(d):>8}")
print(f"{w.requests} requests in {w.seconds:.0f} s, {w.bad} failed or wrong, socket errors {w.socket_errors}")
shifted = shares[1][victim - 1] == 0
returned = shares[3][victim - 1] > 0.5 / len(names)  # back to (at least half) its fair share
print(f"traffic left b{victim} while it was down: {'yes' if shifted else 'NO'}; came back: {'yes' if returned else 'NO'}")
sys.exit(0 if not w.bad and not w.socket_errors and shifted and returned else 1)
PY

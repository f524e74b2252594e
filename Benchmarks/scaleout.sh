#!/usr/bin/env bash
# Scale-out on nginx's upstream: BACKENDS FastCGI backends, each a separate
# host — its own network namespace, joined to this one by a veth pair, its
# server listening on TCP on that namespace's address, with a packs folder of
# its own — behind one nginx, whose host runs a master of its own for
# /metrics (METRICS_SOCKET: nginx's rejections). Then, under load:
#   1. one host's backend is SIGKILLed whole (master and workers, as if the
#      host died), then started again: the share of requests each backend
#      served, per phase (from the backends' own request logs);
#   2. a cached GET across the hosts, beside nginx's static file: req/s, and
#      how many reached a backend (revalidations, 304);
#   3. new packs rolled across the hosts, one after another, each reloaded
#      (SIGHUP) once the one before has said it is done: how long after the
#      last one the new answer shows through the front cache, against the
#      bound (nginx-conf.sh's FRESH_SECONDS + 1);
# and every backend's /metrics, and nginx's 413 counted on the front. Needs
# root (ip netns). Exits 1 on a failed request, if traffic did not leave the
# dead backend and come back, or if the reload showed later than the bound.
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
  kill "${wrk_pid:-}" "${get_pid:-}" 2>/dev/null || true
  kill -QUIT "${nginx_pid:-}" 2>/dev/null || true
  kill -TERM "${front_pid:-}" 2>/dev/null || true
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

# Nothing is shared between backends: each has its copy of the packs, as a
# deploy puts them on each host. FastCGI has no authentication: libfcgi
# accepts only the peers in FCGI_WEB_SERVER_ADDRS, here nginx's side of the
# link. Started outside this shell's job table: the processes are found by
# namespace, a master by its --listen (its workers are forks of it: the oldest).
for n in $(seq "$count"); do cp -R "$root/public/stickers" "$out/packs-$n"; done
start_backend() {
  (FCGI_WEB_SERVER_ADDRS=$net.$1.1 ip netns exec "$(host "$1")" "$bin" --listen "$net.$1.2:9000" --packs "$out/packs-$1" \
    --workers 2 --threads 4 > /dev/null 2>> "$out/backend-$1.log" &)
}
master_of() { pgrep -o -f -- "--listen $net.$1.2:9000"; }
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

# The front host's own master: no API traffic, only /metrics, counting nginx's 413s and 429s here.
"$bin" --socket-path "$out/front.sock" --workers 1 --threads 1 2>> "$out/front.log" &
front_pid=$!
for _ in $(seq 100); do [ -S "$out/front.sock" ] && break; sleep 0.05; done
METRICS_SOCKET=$out/front.sock scripts/nginx-conf.sh "$root" "$out" "$port" "$(IFS=,; echo "${backends[*]}")" 1048576
nginx -p "$out" -c "$out/nginx.conf" -e "$out/nginx-error.log" &
nginx_pid=$!
sleep 0.5
# Requests each backend has served so far: one log line per request.
served() { for n in $(seq "$count"); do grep -c " $1 " "$out/backend-$n.log" || true; done | paste -sd' '; }

# Every backend must give the same packs document; asked straight (FastCGI),
# since through nginx its cache answers all but the first.
etags=$(for n in $(seq "$count"); do python3 Benchmarks/fcgi_probe.py --etag "$net.$n.2:9000" /api/packs; done)
echo "ETag of /api/packs from each backend: $(echo "$etags" | paste -sd' ')"
[ "$(echo "$etags" | sort -u | wc -l)" = 1 ] && [[ $etags != *"no "* ]] || { echo "backends disagree on the packs' ETag" >&2; exit 1; }
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

# Every backend's /metrics through the front (loopback only), and nginx's own
# 413 counted by the front host's master.
for n in $(seq "$count"); do
  renders=$(curl -sf "http://127.0.0.1:$port/metrics/$net.$n.2:9000" \
    | awk '/^stickertext_requests_total\{endpoint="\/api\/render",status="200"\}/ { print $2 }')
  [ -n "$renders" ] || { echo "no /metrics from backend $n through the front" >&2; exit 1; }
  echo "backend $n's /metrics, through the front: $renders renders answered"
done
head -c 1100000 /dev/zero | tr '\0' 'a' > "$out/large.txt"
too_large=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' --data-binary @"$out/large.txt" \
  "http://127.0.0.1:$port/api/render")
front_413() { curl -sf "http://127.0.0.1:$port/metrics" | awk '/^stickertext_nginx_rejections_total\{status="413"\}/ { print $2 }'; }
for _ in $(seq 50); do [ "$(front_413)" = 1 ] && break; sleep 0.1; done
echo "a body over the limit: nginx answered $too_large; the front's /metrics counts $(front_413) such"
[ "$too_large" = 413 ] && [ "$(front_413)" = 1 ] || { echo "nginx's 413 was not counted on the front" >&2; exit 1; }

# 2. A cached GET across the hosts, beside nginx's static file.
query=$(python3 -c 'import urllib.parse; print(urllib.parse.quote("今天好开心[微笑][哈哈] [reloaded]"))')
printf '{}' > "$out/none.json"
get_load() {  # seconds connections path expect output
  WRK_METHOD=GET WRK_BODY_FILE=$out/none.json WRK_EXPECT=$4 wrk -t2 -c"$2" -d"$1s" -s Benchmarks/wrk-post.lua \
    "http://127.0.0.1:$port$3" > "$out/$5" 2>&1
}
curl -sf -o /dev/null "http://127.0.0.1:$port/api/render?text=$query"
sleep 0.2
g0=$(served "/api/render 200")/$(served "/api/render 304")
get_load "$phase" "$conns" "/api/render?text=$query" 'class="sticker"' cached.txt
g1=$(served "/api/render 200")/$(served "/api/render 304")
get_load "$phase" "$conns" /stickers/weibo/smile.png PNG static.txt
python3 - "$out" "$g0" "$g1" <<'PY'
import sys
sys.path.insert(0, 'Benchmarks')
from wrk_summary import WrkSummary
out, before, after = sys.argv[1:]
cached, static = WrkSummary.read(f'{out}/cached.txt'), WrkSummary.read(f'{out}/static.txt')
def totals(counts):
    full, revalidated = counts.split('/')
    return sum(map(int, full.split())), sum(map(int, revalidated.split()))
(f0, r0), (f1, r1) = totals(before), totals(after)
print(f"cached GET /api/render across the hosts: {cached.rate:.0f} req/s ({cached.rate / static.rate:.2f}x nginx's static file, "
      f"{static.rate:.0f}), {cached.bad} failed; reaching a backend: {f1 - f0} renders, {r1 - r0} revalidations (304) "
      f"of {cached.requests} requests")
sys.exit(1 if cached.bad or cached.socket_errors or static.bad else 0)
PY

# 3. New packs rolled across the hosts under load: renders posted, the cached
# GET asked. Each host's folder changes, then its master reloads; the next
# host's only once this one says it is done.
bound=$(( $(sed -n 's/^FRESH_SECONDS=//p' scripts/nginx-conf.sh) + 1 ))
WRK_METHOD=POST WRK_BODY_FILE=$out/render.json WRK_EXPECT='alt=\"[微笑]\"' \
  wrk -t1 -c"$((conns / 2))" -d"$((count * 6 + bound + 6))s" -s Benchmarks/wrk-post.lua "http://127.0.0.1:$port/api/render" \
  > "$out/roll-post.txt" 2>&1 &
wrk_pid=$!
get_load "$((count * 6 + bound + 6))" "$((conns / 2))" "/api/render?text=$query" 'class="sticker"' roll-get.txt &
get_pid=$!
sleep 1
# What the front answers, every 20 ms through the roll and after: old or new packs, by the time (s since the epoch).
python3 - "http://127.0.0.1:$port/api/render?text=$query" "$((count * 6 + bound + 4))" > "$out/roll-answers.txt" <<'PY' &
import sys, time, urllib.request
url, seconds = sys.argv[1], float(sys.argv[2])
end = time.time() + seconds
while time.time() < end:
    try:
        answer = 'new' if 'alt="[reloaded]"' in urllib.request.urlopen(url, timeout=5).read().decode() else 'old'
    except OSError:  # an HTTP error too: counted as a failure below
        answer = 'failed'
    print(f'{time.time():.3f} {answer}', flush=True)
    time.sleep(0.02)
PY
poller=$!
roll_start=$(date +%s.%N)
for n in $(seq "$count"); do
  python3 - "$out/packs-$n/weibo/pack.json" <<'PY'
import json, sys
pack = json.load(open(sys.argv[1], encoding='utf-8'))
pack['stickers'][0]['aliases'].append('[reloaded]')
json.dump(pack, open(sys.argv[1], 'w', encoding='utf-8'), ensure_ascii=False)
PY
  kill -HUP "$(master_of "$n")"
  for _ in $(seq 150); do grep -q 'reload done' "$out/backend-$n.log" && break; sleep 0.1; done
  grep -q 'reload done' "$out/backend-$n.log" || { echo "backend $n did not finish its reload" >&2; exit 1; }
done
done_at=$(date +%s.%N)
wait "$poller" "$wrk_pid" "$get_pid"
wrk_pid= get_pid=
python3 - "$out" "$roll_start" "$done_at" "$bound" "$count" <<'PY'
import sys
sys.path.insert(0, 'Benchmarks')
from wrk_summary import WrkSummary
out, start, done, bound, count = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
post, get = WrkSummary.read(f'{out}/roll-post.txt'), WrkSummary.read(f'{out}/roll-get.txt')
answers = [(float(t), kind) for t, kind in (line.split() for line in open(f'{out}/roll-answers.txt'))]
first_new = min((t for t, kind in answers if kind == 'new'), default=None)
last_old = max((t for t, kind in answers if kind == 'old'), default=start)
late = max(0.0, last_old - done) if first_new else None
took = done - start
print(f"new packs rolled across {count} hosts in {took:.1f} s under load: {post.requests} renders posted, {get.requests} cached GETs, "
      f"{post.bad + get.bad} failed, socket errors {post.socket_errors + get.socket_errors}; through the front cache, "
      + (f"the new answer first {first_new - start:.2f} s into the roll, the old one last {late:.2f} s after the last host "
         f"was done (bound {bound} s)" if late is not None else "the new answer NEVER"))
failed = sum(kind == 'failed' for _, kind in answers)
if failed:
    print(f'{failed} of the {len(answers)} requests asking which answer the front gives failed')
ok = not (post.bad or get.bad or post.socket_errors or get.socket_errors or failed) and late is not None and late <= bound + 0.5
sys.exit(0 if ok else 1)
PY

#!/usr/bin/env bash
# The server benchmark: wrk on loopback against nginx serving a small static
# file, nginx + a minimal C libfcgi responder (the FastCGI limit here), and
# nginx + stickertext-server (POST /api/render, POST /api/edit, GET /api/packs,
# and a GET /api/render fragment from nginx's cache), all in one run with the
# same nginx config and workers. Each backend has the threads it is run with:
# the C responder (plain libfcgi, which holds a thread per connection nginx
# keeps) as many as it needs not to stall, THREADS [connections / workers + 4];
# the service its default, SERVER_THREADS [4], since its idle threads wait in
# a poller whatever nginx keeps; and render is measured with THREADS too. Response
# bodies are checked (wrk reports a broken setup as fast). Worker RSS is read
# before and after a long run.
# usage: Benchmarks/server-bench.sh [seconds] [connections]   (make bench-server)
#          seconds per target in each round [5]; ROUNDS=N rounds [3]
#        SERVER_BIN=path/to/stickertext-server …: another build (say, before a change) in the same setup
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
secs=${1:-5}
conns=${2:-32}
workers=${WORKERS:-2}
threads=${THREADS:-$((conns / workers + 4))}
server_threads=${SERVER_THREADS:-4}
rounds=${ROUNDS:-3}
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS must be a whole number of rounds, at least 1 (got '$rounds')" >&2; exit 2; }
. Benchmarks/setup.sh
bench_setup server
bin=${SERVER_BIN:-$bin}
gcc -O2 -o "$out/responder" Benchmarks/baseline_responder.c -lfcgi -lpthread

# A ~200-byte render body with codes, CJK, emoji and <&>.
printf '%s' '{"text":"今天好开心[微笑][哈哈] 和朋友去吃饭 <b>&amp;</b> 👍🏽👨‍👩‍👧‍👦 [doge][不存在] see you at 8pm & bring \"snacks\" [心][赞]"}' > "$out/render.json"
printf '%s' '{"text":"你好[微笑]世界","selection":{"location":3,"length":0},"op":"paste","string":"[哈哈]👍🏽"}' > "$out/edit.json"
echo '{}' > "$out/none.json"
# The same text as a GET fragment: nginx's cache answers all but the first.
render_query=$(python3 -c 'import json, sys, urllib.parse; print(urllib.parse.quote(json.load(open(sys.argv[1]))["text"], safe=""))' "$out/render.json")
# The socket, and the packs' version link beside it, in a private folder as
# deep as an installed site's /run/stickertext: per cached GET nginx resolves
# that link with one readlink(2) per component of its path (~1 µs each on
# this machine), so a socket deep in the checkout (bench-out/server/: six
# calls against an install's four) would measure a cost an install does not pay.
nginx_pid=""
backend=""
stop_backend() {  # both masters stop their workers on SIGTERM and wait for them
  [ -n "$backend" ] || return 0
  kill -TERM "$backend" 2>/dev/null || true
  wait "$backend" 2>/dev/null || true
  backend=""
}
cleanup() { stop_backend; [ -z "$nginx_pid" ] || kill -QUIT $nginx_pid 2>/dev/null; wait 2>/dev/null; rm -rf "${sock_dir:-}"; }
trap cleanup EXIT
sock_dir=$(mktemp -d /tmp/stickertext-bench.XXXXXX)
chmod 755 "$sock_dir"  # nginx's workers (nobody) resolve the link
sock=$sock_dir/s.sock
scripts/nginx-conf.sh "$root" "$out" "$port" "$sock" 1048576
nginx -p "$out" -c "$out/nginx.conf" -e "$out/nginx-error.log" &
nginx_pid=$!

run_wrk() {  # file label method path body expect
  local name=$1 cpu_before
  cpu_before=$(cpu_ticks)
  WRK_METHOD=$3 WRK_BODY_FILE=$out/$5 WRK_EXPECT=$6 wrk -t2 -c"$conns" -d"${secs}s" --latency -s Benchmarks/wrk-post.lua \
    "http://127.0.0.1:$port$4" > "$out/$name.txt" 2>&1
  python3 - "$out/$name.txt" "$2" $(( $(cpu_ticks) - cpu_before )) "$(getconf CLK_TCK)" "$backend" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
requests = int(re.search(r'(\d+) requests in', t).group(1))
# The backend's workers' CPU time (user + system) per request: what req/s on
# these shared cores show only through noise.
cpu_us = int(sys.argv[3]) / int(sys.argv[4]) * 1e6 / max(1, requests) if sys.argv[5] else None
rps = float(re.search(r'Requests/sec:\s+([\d.]+)', t).group(1))
def ms(label):
    m = re.search(label + r'\s+([\d.]+)(us|ms|s)', t)
    v = float(m.group(1)); return v / 1000 if m.group(2) == 'us' else v * 1000 if m.group(2) == 's' else v
bad = int(re.search(r'BAD_BODIES (\d+)', t).group(1))
errors = re.search(r'Non-2xx or 3xx responses: (\d+)', t)
sockerr = re.search(r'Socket errors: (.*)', t)
print(f"{sys.argv[2]:<26} {rps:10.0f} req/s   p50 {ms('50%'):6.2f} ms   p99 {ms('99%'):6.2f} ms   bad bodies {bad}"
      + (f"   worker CPU {cpu_us:5.1f} µs/req" if cpu_us is not None else "")
      + (f"   non-2xx {errors.group(1)}" if errors else "") + (f"   socket errors: {sockerr.group(1)}" if sockerr else ""))
open(sys.argv[1] + '.rps', 'w').write(str(rps))
open(sys.argv[1] + '.p99', 'w').write(str(ms('99%')))
if cpu_us is not None: open(sys.argv[1] + '.cpu', 'w').write(str(cpu_us))
PY
}
wait_socket() { for _ in $(seq 200); do [ -S "$sock" ] && return; sleep 0.05; done; echo "no socket" >&2; exit 1; }
rss() { for p in $(pgrep -P "$backend"); do awk '/VmRSS/ {printf "%.1f ", $2 / 1024}' /proc/$p/status; done; }
cpu_ticks() {  # utime + stime of the backend's workers, in clock ticks (0 without a backend)
  local total=0 p
  [ -n "$backend" ] && for p in $(pgrep -P "$backend"); do total=$(( total + $(awk '{print $14 + $15}' "/proc/$p/stat") )); done
  echo "$total"
}

# Every figure is taken in ROUNDS rounds, each round measuring every target
# in turn, and the ratios are taken within a round: the load other tenants
# put on this shared machine drifts over a minute, and a ratio of two
# figures measured seconds apart moves with it far less than the figures do.
# The table gives each target's median over the rounds.
echo "wrk -t2 -c$conns -d${secs}s on 127.0.0.1, $workers workers, C responder $threads threads each, service $server_threads," \
  "nginx worker_processes auto ($(nproc) cores), $rounds rounds"
sleep 0.3
: > "$out/server.log"
for round in $(seq "$rounds"); do
  run_wrk "static.$round" "nginx static file" GET /stickers/weibo/smile.png none.json PNG

  "$out/responder" "$sock" "$workers" "$threads" > "$out/responder.log" 2>&1 & backend=$!
  wait_socket
  run_wrk "c.$round" "nginx + C libfcgi responder" POST /api/render render.json '"ok":true'
  stop_backend; rm -f "$sock"

  "$bin" --socket-path "$sock" --workers "$workers" --threads "$threads" 2>> "$out/server.log" & backend=$!
  wait_socket; sleep 0.2
  run_wrk "render_threads.$round" "POST /api/render, $threads threads" POST /api/render render.json 'src=\"/stickers/weibo/smile.png\"'
  stop_backend; rm -f "$sock"

  "$bin" --socket-path "$sock" --workers "$workers" --threads "$server_threads" 2>> "$out/server.log" & backend=$!
  wait_socket; sleep 0.2
  # At start: the server that stays up for the memory check (the last round's).
  [ "$round" = "$rounds" ] && rss_before=$(rss)
  run_wrk "render.$round" "POST /api/render" POST /api/render render.json 'src=\"/stickers/weibo/smile.png\"'
  run_wrk "edit.$round" "POST /api/edit" POST /api/edit edit.json '"text":"你好[微笑][哈哈]👍🏽世界"'
  # The GETs are answered from nginx's cache, once it holds them.
  curl -sf -o /dev/null "http://127.0.0.1:$port/api/packs"
  curl -sf -o /dev/null "http://127.0.0.1:$port/api/render?text=$render_query"
  run_wrk "packs.$round" "cached GET /api/packs" GET /api/packs none.json '"packs"'
  run_wrk "cached.$round" "cached GET /api/render" GET "/api/render?text=$render_query" none.json 'src="/stickers/weibo/smile.png"'
  # The last round's server stays up for the memory check below.
  [ "$round" = "$rounds" ] || { stop_backend; rm -f "$sock"; }
done
rss_warm=$(rss)
# Flatness: 200k more render requests after warm-up, RSS compared before and after.
before_count=$(grep -c "POST /api/render" "$out/server.log" || true)
WRK_METHOD=POST WRK_BODY_FILE=$out/render.json wrk -t2 -c"$conns" -d120s -s Benchmarks/wrk-post.lua \
  "http://127.0.0.1:$port/api/render" > "$out/soak.txt" 2>&1 &
soak=$!
while kill -0 $soak 2>/dev/null; do
  n=$(( $(grep -c "POST /api/render" "$out/server.log") - before_count ))
  [ "$n" -ge 200000 ] && { kill -INT $soak; break; }
  sleep 1
done
wait $soak 2>/dev/null || true
rss_after=$(rss)
echo "worker RSS per worker (MB): at start ${rss_before}| warmed up ${rss_warm}| after 200k more render requests ${rss_after}"

# KEEP_CONN=1: what keeping nginx's FastCGI connections open gives (the site
# keeps them: fastcgi_keep_conn, keepalive in both upstreams), against the same
# site without it, and that it does not stall: 1 worker x 4 threads, far fewer
# threads than the connections nginx keeps, with and without keep-conn.
# (libfcgi alone would hold a thread on each idle kept connection; the
# service's workers park them in a poller, KeptConnectionPoller.swift. The C
# responder is plain libfcgi: 40 threads are enough for wrk's 32 connections.)
if [ -n "${KEEP_CONN:-}" ]; then
  cp "$out/site.conf" "$out/site.conf.keep"
  sed '/fastcgi_keep_conn/d' nginx/api-fastcgi.conf > "$out/api-fastcgi-plain.conf"
  sed -i -e "s|$root/nginx/api-fastcgi.conf|$out/api-fastcgi-plain.conf|" -e '/^ *keepalive/d' "$out/site.conf"
  grep -qE '^ *keepalive' "$out/site.conf" && { echo "server-bench.sh: keepalive still in the site" >&2; exit 1; }
  kill -HUP $nginx_pid; sleep 1
  run_wrk render_plain "POST /api/render, no keep-conn" POST /api/render render.json 'src=\"/stickers/weibo/smile.png\"'
  stop_backend; rm -f "$sock"
  "$out/responder" "$sock" "$workers" "$threads" > "$out/responder.log" 2>&1 & backend=$!
  wait_socket
  run_wrk c_plain "C responder, no keep-conn" POST /api/render render.json '"ok":true'
  stop_backend; rm -f "$sock"
  "$bin" --socket-path "$sock" --workers 1 --threads 4 2>> "$out/server.log" & backend=$!
  wait_socket; sleep 0.2
  stall() {  # label: render requests from 1 worker x 4 threads, in the site as it is
    WRK_METHOD=POST WRK_BODY_FILE=$out/render.json wrk -t2 -c"$conns" -d"${secs}s" --timeout 2s --latency -s Benchmarks/wrk-post.lua \
      "http://127.0.0.1:$port/api/render" > "$out/stall-$1.txt" 2>&1 || true
    echo "1 worker x 4 threads, $1: $(grep -o '[0-9]* requests in [^,]*' "$out/stall-$1.txt"), p99" \
      "$(awk '$1 == "99%" {print $2; exit}' "$out/stall-$1.txt"), latency max" \
      "$(awk '/Latency/ && !/Distribution/ {print $4; exit}' "$out/stall-$1.txt"), $(grep -o 'timeout [0-9]*' "$out/stall-$1.txt" || echo 'timeout 0') over 2 s"
  }
  stall "no keep-conn"
  cp "$out/site.conf.keep" "$out/site.conf"
  kill -HUP $nginx_pid; sleep 1
  stall keep-conn
fi
# The issue's two ratios come last.
python3 - "$out" "$rounds" <<'PY'
import os, statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def figure(name, kind): return float(open(os.path.join(out, f'{name}.txt.{kind}')).read())
def each(name, kind): return [figure(f'{name}.{r}', kind) for r in range(1, rounds + 1)]
def median(values): return statistics.median(values)
def ratios(a, b, kind='rps'): return [x / y for x, y in zip(each(a, kind), each(b, kind))]
def shown(values): return ' '.join(f'{v:.2f}' for v in values)
print(f"\nmedians of {rounds} rounds:")
for name, label in [('static', 'nginx static file'), ('c', 'nginx + C libfcgi responder'), ('render', 'POST /api/render'),
                    ('render_threads', 'POST /api/render, C\'s threads'),
                    ('edit', 'POST /api/edit'), ('packs', 'cached GET /api/packs'), ('cached', 'cached GET /api/render')]:
    cpu = f"   worker CPU {median(each(name, 'cpu')):5.1f} µs/req" if name in ('c', 'render', 'render_threads', 'edit') else ''
    print(f"{label:<30} {median(each(name, 'rps')):10.0f} req/s   p99 {median(each(name, 'p99')):6.2f} ms{cpu}")
print(f"render p99 / C responder p99 = {median(ratios('render', 'c', 'p99')):.2f}x (rounds: {shown(ratios('render', 'c', 'p99'))}; target <= 1.25)")
print(f"worker CPU per render / per C responder request = {median(ratios('render', 'c', 'cpu')):.2f}x")
print(f"with the C responder's threads: render / C responder = {median(ratios('render_threads', 'c')):.2f}x, "
      f"p99 {median(ratios('render_threads', 'c', 'p99')):.2f}x, worker CPU {median(ratios('render_threads', 'c', 'cpu')):.2f}x")
if os.path.exists(os.path.join(out, 'render_plain.txt.rps')):
    render, c = median(each('render', 'rps')), median(each('c', 'rps'))
    print(f"keep-conn: render {render / figure('render_plain', 'rps'):.2f}x, "
          f"C responder {c / figure('c_plain', 'rps'):.2f}x their rates without it; "
          f"without it, render / C responder = {figure('render_plain', 'rps') / figure('c_plain', 'rps'):.2f}x")
print(f"render / C responder = {median(ratios('render', 'c')):.2f}x (rounds: {shown(ratios('render', 'c'))}; target >= 0.95)")
print(f"cached GET /api/render / nginx static = {median(ratios('cached', 'static')):.2f}x (rounds: {shown(ratios('cached', 'static'))}; target >= 0.8)")
PY

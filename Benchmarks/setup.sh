# Sourced by the load scripts (server benchmark, faults, scale-out, soak) from
# the checkout's root: bench_setup NAME installs what is missing (nginx, wrk,
# libfcgi-dev, …; the scripts also run without make), makes bench-out/NAME
# afresh and sets out, bin (the release stickertext-server, built if needed)
# and port (a free loopback port).
#
# Their wrk loads from one address, which nginx's per-address limits would
# answer with 429s: the sites they write have none (LIMITS=off), unless the
# caller sets LIMITS itself (make bench-fair measures the limits).
export LIMITS=${LIMITS:-off}
bench_setup() {
  scripts/install-deps.sh
  out=$root/bench-out/$1
  rm -rf "$out"; mkdir -p "$out"; chmod 755 "$out"  # nginx's workers (nobody) read it
  swift build -c release --product stickertext-server >/dev/null
  bin=$(swift build -c release --show-bin-path)/stickertext-server
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
}

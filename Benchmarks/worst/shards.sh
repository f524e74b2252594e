#!/usr/bin/env bash
# The widened search a shard at a time: make bench-worst's time search
# (bench-worst.mjs) and the JS model's memory search (memory.mjs) over the
# widened shapes of one kind (each text shape with 中 in front, `lead`, or cut
# by one separator: `ok`, `alias`, …), each shard in a folder of its own,
# bench-out/worst/shards/IMPLS-KIND/. The whole widened search is hours on
# this machine; a shard is a complete search of its own (mixed text, its
# yardstick, runs in each), so the search can be run in parts, across
# sessions. A shard whose report is there already is skipped; one cut off goes
# on from its state (WORST_RESUME). Each state holds its code's key (the
# model's sources, the runners, the Swift binary when Swift runs), and
# summary.txt lists each shard's verdicts with its key: shards of different
# code are told apart.
# usage: Benchmarks/worst/shards.sh [KIND…]
#   default every kind: lead ok alias unknown half open close dot at space lf
#   WORST_IMPLS=js|swift|swift,js (default swift,js); SHARD_MEMORY=0 skips the memory search
set -euo pipefail
cd "$(dirname "$0")/../.."
impls=${WORST_IMPLS:-swift,js}
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(lead ok alias unknown half open close dot at space lf)
root=bench-out/worst/shards
mkdir -p "$root"
for kind in "${kinds[@]}"; do
  [[ "$kind" =~ ^[a-z]+$ ]] || { echo "not a kind: $kind" >&2; exit 2; }
  dir=$root/${impls/,/+}-$kind
  mkdir -p "$dir"
  if [ ! -f "$dir/report.txt" ]; then
    echo "shard $kind ($impls): the time search" >&2
    WORST_IMPLS=$impls WORST_SHAPES="~$kind\$" WORST_OUT=$dir WORST_RESUME=1 \
      node Benchmarks/worst/bench-worst.mjs > "$dir/run.log" 2>&1 || true
  fi
  if [[ "$impls" == *js* && "${SHARD_MEMORY:-1}" != 0 && ! -f "$dir/memory.txt" ]]; then
    echo "shard $kind: the memory search" >&2
    WORST_SHAPES="~$kind\$" WORST_OUT=$dir node Benchmarks/worst/memory.mjs > "$dir/memory.log" 2>&1 || true
  fi
done
# What each shard found, with the key of the code it measured.
for dir in "$root"/*/; do
  name=$(basename "$dir")
  key=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["key"][:12])' "$dir/state.json" 2>/dev/null || echo '-')
  echo "== $name (code $key)"
  grep -h -E '^(PASS|FAIL)' "$dir/report.txt" 2>/dev/null || echo "(no report yet)"
  tail -n 1 "$dir/memory.txt" 2>/dev/null || true
done > "$root/summary.txt"
cat "$root/summary.txt"

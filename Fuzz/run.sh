#!/usr/bin/env bash
# Builds the libFuzzer target with AddressSanitizer and runs it for a set time.
# usage: Fuzz/run.sh [seconds]   (make fuzz; make test runs a short one)
#
# The target looks for cost as well as crashes (FuzzTarget.swift, CostWatch):
# an input over its CPU budget, or whose amplified copy grows more than 20x
# for 8x the size, aborts with a `==STICKERTEXT-FUZZ== slow:` line. Its file
# is kept as `slow-…` (a crash as `crash-…`, libFuzzer's wall-clock -timeout
# as `timeout-…`) in Fuzz/regressions/: commit it. Every later run replays
# every file there first and fails while one still crashes or is still slow,
# so a finding stays a test.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-300}
swift build --scratch-path ../.build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 | tail -1
bin=../.build-fuzz/debug/StickerTextFuzz
mkdir -p regressions ../.build-fuzz/corpus
# CostWatch (FuzzTarget.swift) judges cost, in CPU time and by size: 2 s and
# 100 s per MiB run (the ASan debug build is many times slower than release), and
# growth of at most 20x for 8x the size. libFuzzer's own wall-clock watches
# are only a backstop: -timeout for a hang, and -report_slow_units past it,
# since its default (10 s, whatever the size) kept a linear 1 MiB edit that
# took 19 s of CPU on a loaded machine as a "slow-unit" regression.
options=(-timeout=60 -report_slow_units=61 -rss_limit_mb=4096)
before=$(ls regressions)
if compgen -G "regressions/[!.]*" > /dev/null; then
  "$bin" "${options[@]}" -runs=0 regressions/[!.]*  # replay every known crash and slow input
fi
log=../.build-fuzz/fuzz.log
# -max_len 16 KiB: mode 4 edits of long texts; mode 5 repeats a template up to the 1 MiB body limit.
"$bin" "${options[@]}" -max_total_time="$seconds" -max_len=16384 -artifact_prefix=regressions/ \
  ../.build-fuzz/corpus seeds > "$log" 2>&1 || true
grep -E "^#[0-9]+ +(DONE|INITED)|Done [0-9]+ runs|ERROR|SUMMARY|==STICKERTEXT-FUZZ==" "$log" || true
if grep -q "==STICKERTEXT-FUZZ== slow:" "$log"; then
  for f in regressions/crash-*; do [ -e "$f" ] && mv "$f" "regressions/slow-${f#regressions/crash-}"; done
fi
found=$(comm -13 <(echo "$before") <(ls regressions))
echo "fuzz: ran ${seconds}s, $(echo -n "$found" | grep -c .) new crash, timeout or slow files in Fuzz/regressions (of $(ls regressions | grep -vc .keep))"
[ -z "$found" ]

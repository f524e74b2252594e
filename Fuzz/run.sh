#!/usr/bin/env bash
# Builds the libFuzzer target with AddressSanitizer and runs it for a set time.
# usage: Fuzz/run.sh [seconds]   (make fuzz; make test runs a short one)
# Crashes are written to Fuzz/regressions/; commit them: every later run
# replays them first, so a crash found once stays a test.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-300}
swift build --scratch-path ../.build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 | tail -1
bin=../.build-fuzz/debug/StickerTextFuzz
mkdir -p regressions ../.build-fuzz/corpus
if compgen -G "regressions/[!.]*" > /dev/null; then
  "$bin" -runs=0 regressions/[!.]*  # replay every known crash
fi
"$bin" -max_total_time="$seconds" -max_len=1024 -timeout=5 -rss_limit_mb=2048 -artifact_prefix=regressions/ \
  ../.build-fuzz/corpus seeds 2>&1 | grep -E "^#[0-9]+ +(DONE|INITED)|Done [0-9]+ runs|ERROR|SUMMARY" || true
echo "fuzz: ran ${seconds}s, $(ls regressions | grep -vc .keep) crash files in Fuzz/regressions"
[ -z "$(ls regressions | grep -v .keep)" ]

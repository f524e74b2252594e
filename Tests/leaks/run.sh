#!/usr/bin/env bash
# LeakSanitizer over the test suite (make leaks): the Swift tests, and the
# end-to-end service tests against a stickertext-server built with
# AddressSanitizer — its master and every worker are checked for leaks as they
# exit (workers explicitly, see LeakCheck.swift). Prints each report and exits
# 1 if there is any. The browser tests are left out: they add no server path
# the service tests do not take, and the instrumented server is slow.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
logs=$root/bench-out/leaks
rm -rf "$logs"; mkdir -p "$logs"
swift build --build-tests --sanitize=address --build-path .build-asan > "$logs/build.txt" 2>&1 \
  || { cat "$logs/build.txt"; exit 1; }
export ASAN_OPTIONS=detect_leaks=1:log_path=$logs/asan
export LSAN_OPTIONS=suppressions=$root/Tests/leaks/lsan.supp:print_suppressions=0
status=0
swift test --sanitize=address --build-path .build-asan --skip-build 2>&1 | tail -1 || status=1
(cd Tests/e2e && SERVER_BIN=$root/.build-asan/debug/stickertext-server \
  python3 -m pytest -q -p no:cacheprovider test_service.py test_keep_conn.py test_bad_input.py test_html_safety.py test_tcp_backends.py 2>&1 | tail -1) || status=1
reports=$(ls "$logs" | grep '^asan' || true)
if [ -n "$reports" ]; then
  for f in "$logs"/asan*; do echo "== $f"; cat "$f"; done
  echo "LeakSanitizer/AddressSanitizer reports: $(echo "$reports" | wc -l)"
  exit 1
fi
echo "no leak or memory error reported by any test process, server master or worker"
exit $status

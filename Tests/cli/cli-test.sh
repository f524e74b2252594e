#!/usr/bin/env bash
# End-to-end checks of the stickertext CLI binary: what a user types at a shell.
set -uo pipefail
bin=${1:?usage: cli-test.sh path/to/stickertext}
passed=0; failed=0
check() {  # check NAME EXPECTED-SUBSTRING ACTUAL
  if [[ "$3" == *"$2"* ]]; then passed=$((passed+1)); else failed=$((failed+1)); echo "FAIL: $1"; echo "  expected to contain: $2"; echo "  got: $3"; fi
}
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }

out=$(echo 'hi [微笑] <b>' | "$bin" render)
check "render escapes text and draws the sticker" 'hi <img class="sticker" src="/stickers/weibo/smile.png"' "$out"
check "render escapes <b>" '&lt;b&gt;' "$out"

out=$(printf 'x[doge]' | "$bin" render --base-url https://cdn.example.com/ --size 24 --no-line-breaks)
check "render with an absolute base URL" 'src="https://cdn.example.com/stickers/animals/doge.png"' "$out"

out=$(printf 'a\xffb' | "$bin" render 2>&1); rc=$?
check "render refuses invalid UTF-8" 'not valid UTF-8' "$out"
check "render exits non-zero on invalid UTF-8" 1 "$((rc != 0))"

out=$(echo '{"text":"ab","selection":{"location":1,"length":0},"op":"paste","string":"[哈哈][哈哈]"}' | "$bin" edit | json 'd["text"], d["selection"]["location"], d["plainSelection"]["location"]')
check "paste two stickers at 1 of ab: caret 3" "a[哈哈][哈哈]b 3 9" "$out"

out=$(echo '{"text":"a👨‍👩‍👧‍👦","selection":{"location":12,"length":0},"op":"deleteBackward"}' | "$bin" edit | json 'd["text"]')
check "backspace after a family leaves a" "a" "$out"

out=$(echo '{"text":"x[笑哭]","selection":{"location":2,"length":0},"op":"deleteBackward"}' | "$bin" edit | json 'd["text"]')
check "backspace after x[笑哭] leaves x" "x" "$out"

out=$(echo '{"text":"你好[微笑]😀","policy":{"maxLength":10,"countMode":"gb18030"}}' | "$bin" count | json 'd["gb18030"], d["valid"], d["remaining"], len(d["emoji"]), len(d["stickers"])')
check "count in gb18030" "14 False -4 1 1" "$out"

out=$(echo '{"text":1}' | "$bin" count); rc=$?
check "count answers a JSON error" '{"error":{"code":"invalid_request"' "$out"
check "count exits non-zero on a bad request" 1 "$((rc != 0))"

out=$("$bin" packs list | head -1)
check "packs list" "weibo" "$out"

out=$("$bin" packs validate public/stickers)
check "packs validate the shipped packs" "ok: 4 packs" "$out"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out=$("$bin" import --format lxweibo --id lx --out "$tmp" Tests/StickerTextTests/Fixtures/lxweibo/default.plist)
check "import a LXWeibo plist" "lx/pack.json: image pack, 99 stickers" "$out"
out=$("$bin" packs validate "$tmp" 2>&1); rc=$?
check "validation names the file and entry of a missing image" 'lx/pack.json: stickers[0] [马到成功]: missing image "d_madaochenggong.png"' "$out"
check "validate exits non-zero" 1 "$((rc != 0))"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

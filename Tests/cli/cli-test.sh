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

out=$(printf '[doge]' | "$bin" render)
check "render labels a sticker with its Chinese name by default" 'alt="[doge]" title="doge" aria-label="狗头" draggable="false">' "$out"
out=$(printf '[狗頭]' | "$bin" render --lang en)
check "render --lang en labels a sticker with its English name" 'alt="[狗頭]" title="狗头" aria-label="doge" draggable="false">' "$out"
out=$(printf '[doge]' | "$bin" render --lang fr 2>&1); rc=$?
check "render --lang fr names the field and its values" 'lang must be one of zh, en, not "fr"' "$out"
check "render --lang fr exits non-zero" 1 "$((rc != 0))"

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

# One line out per line in, in order; "exit N" follows the last so an extra line shows.
out=$(printf '%s\n' '{"text":"ab","selection":{"location":1,"length":0},"op":"insert","string":"[微笑]"}' '{"text":' \
        '{"text":"ab","selection":{"location":9,"length":0},"op":"insert","string":"x"}' | "$bin" edit --jsonl; echo "exit $?")
line() { printf '%s\n' "$out" | sed -n "$1p"; }
check "edit --jsonl answers the valid request on line 1" "a[微笑]b 2" "$(line 1 | json 'd["text"], d["selection"]["location"]')"
check "edit --jsonl answers bad JSON with an error on line 2" '{"error":{"code":"invalid_json"' "$(line 2)"
check "edit --jsonl answers a selection past the end with out_of_range on line 3" '{"error":{"code":"out_of_range"' "$(line 3)"
check "edit --jsonl writes three lines and exits 0 whatever the answers" "[exit 0]" "[$(line 4)]"

out=$(echo '{"text":"你好[微笑]","policy":{"maxLength":3}}' | "$bin" count --jsonl | json 'd["length"], d["valid"], d["overBy"], d["violations"]')
check "count --jsonl answers a count" "6 False 3 ['maxLength']" "$out"

out=$(echo '{"text":"x[doge]","options":{"baseURL":"https://cdn.example.com/"}}' | "$bin" render --jsonl | json 'd["html"], len(d["stickers"])')
check "render --jsonl takes the options of each request" 'x<img class="sticker" src="https://cdn.example.com/stickers/animals/doge.png"' "$out"

out=$("$bin" search xk | head -1)
check "search finds 笑哭 first by its initials" $'[笑哭]\t笑哭 / laughing to tears\tweibo\tinitials' "$out"
out=$("$bin" search --limit 2 --json 'ｄｏｇｅ' | json 'len(d["stickers"]), d["stickers"][0]["tag"], d["stickers"][0]["match"]')
check "search --json answers as GET /api/stickers" "1 [doge] code" "$out"
out=$("$bin" search "" 2>&1); rc=$?
check "search refuses an empty query" 'stickertext search: q must not be empty' "$out"
check "search exits non-zero on a bad query" 1 "$((rc != 0))"
out=$("$bin" search --limit 101 --json x); rc=$?
check "search --json answers a bad limit in the API's error shape" '{"error":{"code":"invalid_request","message":"limit must be between 1 and 100"}}' "$out"

out=$("$bin" packs list | head -1)
check "packs list" "weibo" "$out"

out=$("$bin" packs validate public/stickers)
check "packs validate the shipped packs" "ok: 5 packs" "$out"

out=$(printf 'a[转圈]' | "$bin" render --no-line-breaks)
check "render puts an animated sticker in a picture with its poster for reduced motion" 'a<picture><source media="(prefers-reduced-motion: reduce)" srcset="/stickers/motion/spin-poster.png 1x, /stickers/motion/spin-poster@2x.png 2x, /stickers/motion/spin-poster@3x.png 3x"><img class="sticker" src="/stickers/motion/spin.png"' "$out"
check "the picture closes after the img" 'draggable="false"></picture>' "$out"

anim=$(mktemp -d)
cp -r public/stickers/motion "$anim/"
cp "$anim/motion/spin-poster@2x.png" "$anim/motion/spin@2x.png"  # a still where an animation is promised
out=$("$bin" packs validate "$anim" 2>&1); rc=$?
check "validation reads the bytes of an animated sticker's files" 'motion/pack.json: stickers[0] [转圈]: image "spin@2x.png" is marked animated but is a still PNG' "$out"
check "validate exits non-zero on a still marked animated" 1 "$((rc != 0))"
rm -rf "$anim"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
plist=Tests/StickerTextPacksTests/Fixtures/lxweibo/default.plist
out=$("$bin" import --format lxweibo --id lx --out "$tmp/packs" "$plist" 2>&1); rc=$?
check "a plist import names every image it cannot find" 'default.plist: lx stickers[0] [马到成功]: its image "d_madaochenggong.png" is not in' "$out"
check "and exits non-zero, writing nothing" "1 no" "$((rc != 0)) $([ -e "$tmp/packs/lx" ] && echo yes || echo no)"
# The plist's pictures (any PNG will do), in a folder of their own.
mkdir -p "$tmp/lx-images"
for png in $(python3 -c "import plistlib,sys; print(' '.join(e['png'] for e in plistlib.load(open(sys.argv[1],'rb')) if e.get('png')))" "$plist"); do
  cp public/stickers/weibo/smile@3x.png "$tmp/lx-images/$png"
done
out=$("$bin" import --format lxweibo --id lx --images "$tmp/lx-images" --out "$tmp/packs" "$plist")
check "import a LXWeibo plist" "lx/pack.json: image pack, 99 stickers" "$out"
out=$("$bin" import --from lxweibo --id lx2 --images "$tmp/lx-images" --out "$tmp/packs" "$plist" 2>&1)
check "a plist's codes the packs folder has are skipped, with a note" "note: skipped 99, their codes in the packs folder already" "$out"
out=$("$bin" import --from lxweibo --id lx2 --prefix lx2_ --images "$tmp/lx-images" --out "$tmp/packs" "$plist" 2>&1)
check "--prefix makes a plist's codes new" "lx2/pack.json: image pack, 99 stickers" "$out"
out=$("$bin" packs validate "$tmp/packs" 2>&1)
check "and the folder validates" "ok: 2 packs, 198 stickers" "$out"

# Other systems' formats: an export of the weibo pack to each, imported back, validates
# (pleroma:weibo is a pack folder, as Pleroma keeps one in its static/emoji/).
for f in mastodon:weibo.tar.gz mastodon-api:weibo.json misskey:weibo.zip pleroma:weibo.zip pleroma:weibo matrix:weibo.json slack:weibo.json; do
  format=${f%%:*}; file=${f#*:}; dir="$tmp/$format-${file%%.*}-${file#*.}"; mkdir -p "$dir"
  out=$("$bin" export --to "$format" --pack weibo --host chat.example --out "$dir/$file" public/stickers 2>&1)
  check "export --to $format writes $file" "$dir/$file: $format," "$out"
  out=$("$bin" import --from "$format" --id weibo-back --out "$dir/packs" "$dir/$file" 2>&1)
  check "import --from $format reads it back" "weibo-back/pack.json: image pack, 40 stickers" "$out"
  out=$("$bin" packs validate "$dir/packs" 2>&1)
  check "the pack imported from $format validates" "ok: 1 packs, 40 stickers" "$out"
done
out=$("$bin" export --to matrix --out "$tmp/all.json" public/stickers 2>&1); rc=$?
check "export --to matrix of several packs asks for one" "matrix holds one pack: choose one with --pack" "$out"
check "and exits non-zero" 1 "$((rc != 0))"
printf '{"ok": true, "emoji": {"a": 1}}' > "$tmp/bad.json"
out=$("$bin" import --from slack --out "$tmp/bad" "$tmp/bad.json" 2>&1); rc=$?
check "import names the file and the field of a wrong type" "bad.json: emoji.a: must be a string" "$out"
check "import exits non-zero on a bad source" 1 "$((rc != 0))"

# Migrations keep going (issue 54, item 4): categories whose pack ids come out alike are told apart,
# a picture over the file limit in an archive is skipped alone, every import ends with its total, --dry-run.
mig="$tmp/mig"; mkdir -p "$mig/mapi" "$mig/tar"
python3 - "$mig/mapi.json" <<'PY'
import json, sys
json.dump([{"shortcode": s, "url": f"https://m.example/{s}.png", "static_url": f"https://m.example/{s}.png",
            "visible_in_picker": True, "category": c}
           for s, c in [("blobcat", "Blobs"), ("blobdog", "blobs"), ("party", "Party Time"), ("parrot", "party-time")]],
          open(sys.argv[1], "w"))
PY
for s in blobcat blobdog party parrot; do cp public/stickers/weibo/smile@3x.png "$mig/mapi/$s.png"; done
out=$("$bin" import --from mastodon-api --dry-run --out "$mig/packs" "$mig/mapi.json" 2>&1)
check "--dry-run prints the packs it would write" "$mig/packs/mapi-blobs-2/pack.json: image pack, 1 stickers" "$out"
check "and the total, saying nothing was written" "imported 4, skipped 0, failed 0 (--dry-run: nothing written)" "$out"
check "and writes nothing" "no" "$([ -e "$mig/packs" ] && echo yes || echo no)"
out=$("$bin" import --from mastodon-api --out "$mig/packs" "$mig/mapi.json" 2>&1)
check "categories whose pack ids come out alike are told apart, with a note" '"blobs" is mapi-blobs-2 (mapi-blobs is "Blobs"'"'"'s), "party-time" is mapi-party-time-2' "$out"
check "a real import ends with the same total" "imported 4, skipped 0, failed 0" "$out"
out=$("$bin" packs validate "$mig/packs" 2>&1)
check "and the folder validates" "ok: 4 packs, 4 stickers" "$out"
out=$("$bin" import --from mastodon-api --id again --out "$mig/packs" "$mig/mapi.json" 2>&1)
check "the total counts the codes the folder has as skipped" "imported 0, skipped 4, failed 0" "$out"
"$bin" import --from mastodon-api --id hidden --prefix h_ --unlisted --out "$mig/packs" "$mig/mapi.json" > /dev/null 2>&1
out=$(python3 -c "import json,sys; print(all(s.get('unlisted') for s in json.load(open(sys.argv[1]))['stickers']))" "$mig/packs/hidden-blobs/pack.json")
check "--unlisted marks every imported sticker unlisted in pack.json, as tootctl's flag does" "True" "$out"
cp public/stickers/weibo/smile@3x.png "$mig/tar/blobcat.png"; head -c 2300000 /dev/urandom > "$mig/tar/huge.png"
tar -czf "$mig/emoji.tar.gz" -C "$mig/tar" blobcat.png huge.png
out=$("$bin" import --from mastodon --out "$mig/tarpacks" "$mig/emoji.tar.gz" 2>&1); rc=$?
check "a picture over the file limit in a tar.gz is its emoji's problem, with the hint" 'emoji.tar.gz: huge.png: its image "huge.png" is 2300000 bytes, over the limit of 2097152 for one file (--max-file-bytes)' "$out"
check "a refused import ends with its total" "imported 0, skipped 0, failed 1 (nothing written)" "$out"
check "and exits non-zero" 1 "$((rc != 0))"
out=$("$bin" import --from mastodon --skip-invalid --out "$mig/tarpacks" "$mig/emoji.tar.gz" 2>&1)
check "--skip-invalid imports the archive's other pictures" "emoji/pack.json: image pack, 1 stickers" "$out"
check "and counts the one left out as failed" "imported 1, skipped 0, failed 1" "$out"

# Exports a real importer takes (issue 54, item 5): an existing file is not written over without --overwrite.
"$bin" export --to misskey --pack weibo --out "$mig/emojis.zip" public/stickers > /dev/null 2>&1
out=$("$bin" export --to misskey --pack weibo --out "$mig/emojis.zip" public/stickers 2>&1); rc=$?
check "export refuses to write over a file there" "$mig/emojis.zip: exists already: export --overwrite writes over it" "$out"
check "and exits non-zero" 1 "$((rc != 0))"
out=$("$bin" export --to misskey --pack weibo --overwrite --out "$mig/emojis.zip" public/stickers 2>&1)
check "--overwrite writes over it" "$mig/emojis.zip: misskey," "$out"

# Telegram: a getStickerSet answer with its files; a TGS sticker is named, to be converted first.
mkdir -p "$tmp/tg/cats"
python3 - "$tmp/tg/cats.json" <<'PY'
import json, sys
sticker = lambda n, emoji, animated: {"file_id": f"F{n}", "file_unique_id": f"U{n}", "width": 96, "height": 96,
                                      "is_animated": animated, "is_video": False, "emoji": emoji}
json.dump({"ok": True, "result": {"name": "cats_by_bot", "title": "Cats", "sticker_type": "regular",
                                  "stickers": [sticker(1, "😺", False), sticker(2, "😹", True)]}}, open(sys.argv[1], "w"))
PY
cp public/stickers/weibo/smile@3x.png "$tmp/tg/cats/U1.png"; printf '\037\213\010\000lottie' > "$tmp/tg/cats/U2.tgs"
out=$("$bin" import --from telegram --out "$tmp/tg/packs" "$tmp/tg/cats.json" 2>&1); rc=$?
check "a TGS sticker is named, to be converted first" 'cats.json: result.stickers[1] 😹: "U2" is a Telegram TGS sticker (gzipped Lottie, a vector animation): stickertext packs hold PNG, APNG, GIF or WebP; convert it to an APNG or GIF first' "$out"
check "and the import exits non-zero" 1 "$((rc != 0))"
out=$("$bin" import --from telegram --skip-invalid --out "$tmp/tg/packs" "$tmp/tg/cats.json" 2>&1)
check "--skip-invalid imports the set's other stickers" "cats/pack.json: image pack, 1 stickers" "$out"

# A Misskey export whose one PNG has garbage for pixel data (its headers whole): decoded, not sniffed, so
# --skip-invalid imports the others and names it with what libpng said.
python3 - "$tmp/misskey-broken.zip" public/stickers/weibo <<'PY'
import json, struct, sys, zipfile, zlib
def garbled(png):  # the first IDAT's deflate data made 0xFF, its zlib header and CRC kept right
    at = 8
    while True:
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        if kind == b"IDAT":
            data = png[at + 8:at + 10] + b"\xff" * (length - 2)
            return png[:at + 8] + data + struct.pack(">I", zlib.crc32(kind + data)) + png[at + 12 + length:]
        at += 12 + length
emoji = lambda name: {"fileName": name + ".png", "downloaded": True, "emoji": {"name": name, "category": None, "aliases": []}}
with zipfile.ZipFile(sys.argv[1], "w") as z:
    z.writestr("meta.json", json.dumps({"metaVersion": 2, "host": "misskey.example", "emojis": [emoji("blobcat"), emoji("broken"), emoji("xiaoku")]}))
    z.write(sys.argv[2] + "/smile@3x.png", "blobcat.png"); z.write(sys.argv[2] + "/lol@3x.png", "xiaoku.png")
    z.writestr("broken.png", garbled(open(sys.argv[2] + "/smile@3x.png", "rb").read()))
PY
out=$("$bin" import --from misskey --out "$tmp/mk" "$tmp/misskey-broken.zip" 2>&1); rc=$?
check "a PNG whose pixel data is garbage is refused, with what libpng said" 'misskey-broken.zip: meta.json: emojis[1] :broken:: "broken.png" cannot be decoded as a PNG: its pixel data is damaged; libpng said: "' "$out"
check "and the import exits non-zero, writing nothing" "1 no" "$((rc != 0)) $([ -e "$tmp/mk" ] && echo yes || echo no)"
out=$("$bin" import --from misskey --skip-invalid --out "$tmp/mk" "$tmp/misskey-broken.zip" 2>&1)
check "--skip-invalid imports the good pictures around it" "misskey-broken/pack.json: image pack, 2 stickers" "$out"
check "and names the damaged one with its reason" 'note: skipped 1 of 3 emoji (--skip-invalid):' "$out"

# From an instance: a local server answers as Mastodon does (loopback only), pictures and all.
files="$tmp/instance-files"; mkdir -p "$files"
cp public/stickers/weibo/smile@3x.png "$files/blobcat.png"; cp public/stickers/motion/spin@3x.png "$files/blob_party.gif"
cp public/stickers/motion/spin-poster@3x.png "$files/blob_party_static.png"; cp public/stickers/weibo/lol@3x.png "$files/xiaoku.png"
python3 Tests/StickerTextPacksTests/Fixtures/instance/serve.py "$files" > "$tmp/port" & server=$!
for _ in $(seq 50); do [ -s "$tmp/port" ] && break; sleep 0.1; done
list="http://127.0.0.1:$(head -1 "$tmp/port")/api/v1/custom_emojis"
out=$("$bin" import --from mastodon-api --allow-private-host --out "$tmp/inst" "$list" 2>&1)
check "import --from mastodon-api URL fetches the list and its pictures" "127-0-0-1-blobs/pack.json: image pack, 2 stickers" "$out"
check "a picture named .gif whose bytes are a PNG is taken, with a note" 'note: "'"${list%/api/v1/custom_emojis}"'/files/blob_party.gif" is named .gif but its bytes are an APNG: taken as an APNG' "$out"
out=$("$bin" import --from mastodon-api --allow-private-host --id again --out "$tmp/inst" "$list" 2>&1)
check "codes the packs folder has are skipped, with a note" "note: skipped 3, their codes in the packs folder already" "$out"
out=$("$bin" import --from mastodon-api --allow-private-host --id again --prefix i_ --out "$tmp/inst" "$list" 2>&1)
check "--prefix makes every code new" "again-blobs/pack.json: image pack, 2 stickers" "$out"
out=$("$bin" packs validate "$tmp/inst" 2>&1)
check "and the folder validates" "ok: 4 packs, 6 stickers" "$out"
out=$("$bin" import --from mastodon-api --allow-private-host --id again --overwrite --out "$tmp/inst" "$list" 2>&1)
check "--overwrite takes the codes" "note: overwritten (--overwrite): [blobcat] (was 127-0-0-1-blobs [blobcat])" "$out"
out=$("$bin" import --from mastodon-api --allow-private-host --max-files 2 --out "$tmp/inst2" "$list" 2>&1); rc=$?
check "--max-files bounds the emoji of one import" "3 emoji, over the limit of 2 for one import (--max-files)" "$out"
check "and exits non-zero" 1 "$((rc != 0))"
out=$("$bin" import --from mastodon-api --allow-private-host --max-file-bytes 12000 --skip-invalid --out "$tmp/inst2" "$list" 2>&1)
check "--skip-invalid names what it left out" "note: skipped 2 of 3 emoji (--skip-invalid)" "$out"
out=$("$bin" import --from mastodon-api --out "$tmp/inst3" "$list" 2>&1); rc=$?
check "an instance on a loopback address is refused without --allow-private-host" "is refused: 127.0.0.1 is a loopback address (--allow-private-host fetches from the instance's own host even so)" "$out"
check "and exits non-zero" 1 "$((rc != 0))"
kill "$server"

# An instance whose list points into the network the import runs in (loopback only): refused, never asked.
mkdir -p "$tmp/net"; cp public/stickers/weibo/smile@3x.png "$tmp/net/good.png"; cp public/stickers/weibo/lol@3x.png "$tmp/net/secret.png"
python3 Tests/StickerTextPacksTests/Fixtures/fetch/serve.py "$tmp/net" > "$tmp/netport" & server=$!
for _ in $(seq 50); do [ -s "$tmp/netport" ] && break; sleep 0.1; done
read -r port internal _ < "$tmp/netport"
out=$("$bin" import --from mastodon-api --allow-private-host --skip-invalid --out "$tmp/net-packs" "http://127.0.0.1:$port/api/v1/custom_emojis" 2>&1)
check "a picture on 127.0.0.2 is refused, saying why" "its image \"http://127.0.0.2:$internal/secret.png\" is refused: 127.0.0.2 is a loopback address" "$out"
check "a redirect to 127.0.0.2 is refused" "redirects to http://127.0.0.2:$internal/secret.png, refused: 127.0.0.2 is a loopback address" "$out"
check "a name that resolves to loopback is refused" "is refused: localhost is 127.0.0.1, a loopback address" "$out"
check "the instance's own picture is imported" "127-0-0-1/pack.json: image pack, 1 stickers" "$out"
check "and the internal service was never asked" "asked 0 times" "asked $(cat "$tmp/net/internal-hits" 2>/dev/null | wc -l) times"
# A stalled picture is stopped at --timeout, its wait costing next to no CPU (URLSession's spun: 4.2 to 4.5 s in 10 s).
stalls="http://127.0.0.1:$port/stalls"
out=$(python3 -c 'import resource, subprocess, sys, time
start = time.monotonic(); run = subprocess.run(sys.argv[1:], capture_output=True, text=True)
used = resource.getrusage(resource.RUSAGE_CHILDREN); cpu = used.ru_utime + used.ru_stime
took = time.monotonic() - start
print(run.stderr, "cpu ok" if cpu < 0.5 else f"cpu {cpu:.2f} s", "time ok" if 4.5 <= took < 9 else f"in {took:.1f} s")' \
  "$bin" import --from mastodon-api --allow-private-host --timeout 1.5 --out "$tmp/net-packs" "$stalls")
check "a stalled picture is stopped at --timeout" "its image \"http://127.0.0.1:$port/stall/3\" took more than 1.5 seconds" "$out"
check "three stalls of 1.5 s take 4.5 s and under 0.5 s of CPU" "cpu ok time ok" "$out"
out=$("$bin" import --from mastodon-api --allow-private-host --timeout 1.5 --total-timeout 2 --out "$tmp/net-packs" "$stalls" 2>&1)
check "--total-timeout ends the whole import" "its image \"http://127.0.0.1:$port/stall/3\" is not fetched: the import took more than 2.0 seconds in all, its limit (--total-timeout)" "$out"
out=$("$bin" import --from mastodon-api --total-timeout 0 "$stalls" 2>&1)
check "--total-timeout must be positive" "--total-timeout must be more than 0 seconds" "$out"
kill "$server"

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

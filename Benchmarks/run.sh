#!/usr/bin/env bash
# The core benchmark: Swift renderer vs the C loop and the Python peer, in one
# run on the same corpus, then count throughput and edit latency. Exits
# non-zero when a baseline's output is not byte-identical to Swift's.
# usage: Benchmarks/run.sh [runs]   (make bench)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
out=bench-out
mkdir -p "$out"
need=()
[ -f /usr/share/games/fortunes/chinese ] || need+=(fortunes-zh)
command -v gcc >/dev/null || need+=(gcc)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi
python3 Benchmarks/make-corpus.py "$out"
gcc -O2 -o "$out/baseline_render" Benchmarks/baseline_render.c
swift build -c release --product StickerTextBenchmarks >/dev/null
bin=$(swift build -c release --show-bin-path)/StickerTextBenchmarks

"$out/baseline_render" "$out/corpus.txt" "$out/codes.tsv" "$runs" > "$out/c.json"
python3 Benchmarks/baseline_render.py "$out/corpus.txt" "$out/codes.tsv" 5 > "$out/python.json"
"$bin" "$out/corpus.txt" "$runs" > "$out/swift.json"
# The page's JS text model on the same corpus and edits (node).
node Benchmarks/js/model-bench.mjs "$out/corpus.txt" "$runs" > "$out/js.json"
# Swift's render against the C loop's, alternated RENDER_ROUNDS times: on this
# shared machine one pair of runs says little, the median of the rounds' ratios more.
# Each round counts too: this machine's speed changes by half from hour to
# hour (the same count binary 186 to 302 MB/s), so the count is also given
# against the C loop of its round.
: > "$out/render-rounds.jsonl"
: > "$out/count-rounds.jsonl"
for _ in $(seq "${RENDER_ROUNDS:-5}"); do
  "$out/baseline_render" "$out/corpus.txt" "$out/codes.tsv" "$runs" | tee -a "$out/count-rounds.jsonl" >> "$out/render-rounds.jsonl"
  "$bin" "$out/corpus.txt" "$runs" --render-only | grep '"name":"swift"' >> "$out/render-rounds.jsonl"
  "$bin" "$out/corpus.txt" "$runs" --count-only >> "$out/count-rounds.jsonl"
done

python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
c = json.loads(open(f'{out}/c.json').read())
py = json.loads(open(f'{out}/python.json').read())
rows = [json.loads(l) for l in open(f'{out}/swift.json')]
sw = next(r for r in rows if r['name'] == 'swift')
print(f"render, {open(f'{out}/corpus.txt','rb').read().__len__()/1e6:.2f} MB corpus (best of runs):")
print(f"  swift   {sw['render_mb_s']:8.1f} MB/s  (median {sw['render_median_mb_s']} MB/s, {sw['allocations_per_render']} allocations per render)")
print(f"  c -O2   {c['render_mb_s']:8.1f} MB/s")
print(f"  python  {py['render_mb_s']:8.1f} MB/s")
print(f"  swift/c = {sw['render_mb_s']/c['render_mb_s']:.2f}x, swift/python = {sw['render_mb_s']/py['render_mb_s']:.1f}x (target >= 10)")
pairs = [json.loads(l) for l in open(f'{out}/render-rounds.jsonl')]
ratios = sorted(s['render_mb_s'] / c['render_mb_s'] for c, s in zip(pairs[0::2], pairs[1::2]))
if ratios:
    print(f"  swift/c alternated {len(ratios)} times: median {ratios[len(ratios) // 2]:.2f}x (target >= 1.2; rounds {', '.join(f'{r:.2f}' for r in ratios)})")
# The ratios compare the same work only if every renderer writes the same bytes.
different = []
for name, peer in (('c', c), ('python', py)):
    same = (sw['output_bytes'], sw['output_hash']) == (peer['output_bytes'], peer['output_hash'])
    print(f"  output of swift and {name}: {'byte-identical' if same else 'DIFFERENT'}"
          f" (swift {sw['output_bytes']} bytes, FNV-1a {sw['output_hash']}; {name} {peer['output_bytes']} bytes, FNV-1a {peer['output_hash']})")
    if not same:
        different.append(name)
for r in rows:
    if r['name'] == 'count':
        print(f"count: {r['count_mb_s']} MB/s (all lengths, emoji and stickers)")
    if r['name'] == 'api_small':
        print(f"one ~200-byte POST /api/render body through StickerTextAPI: {r['render_request_us']} µs")
    if r['name'] == 'search':
        print(f"search, median per query over 8 queries: swift {r['per_query_us']} µs (GET /api/stickers' body, 20 results)", end='')
        j = next((x for x in map(json.loads, open(f'{out}/js.json')) if x['name'] == 'js_search'), None)
        print(f", js {j['per_query_us']} µs (p95 {j['p95_per_query_us']} µs; the autocomplete's 8 results)" if j else '')
rounds = [json.loads(l) for l in open(f'{out}/count-rounds.jsonl')]
counted = sorted(k['count_mb_s'] for k in rounds[1::2])
against = sorted(k['count_mb_s'] / c['render_mb_s'] for c, k in zip(rounds[0::2], rounds[1::2]))
if counted:
    # The issue's target, 200 MB/s, was set where the C loop read 497 MB/s: 0.40x it.
    print(f"  count alternated {len(counted)} times with the C loop: median {counted[len(counted) // 2]:.1f} MB/s (target >= 200),"
          f" {against[len(against) // 2]:.2f}x the C loop's render of its round (200 MB/s was 0.40x on the day of the target;"
          f" rounds {', '.join(f'{r:.2f}' for r in against)})")
for r in rows:
    if r['name'] == 'worst_paste':
        print(f"450 KB paste under a {r['mode']} limit, median: combining marks {r['marks_ms']} ms, mixed corpus {r['mixed_ms']} ms:"
              f" marks / mixed = {r['marks_ms'] / r['mixed_ms']:.2f}x")
js = {(r['size'], r['op']): r for r in map(json.loads, open(f'{out}/js.json')) if r['name'] == 'js_edit'}
print("edit latency, Swift core and the page's JS model (best / median ms; JS p95 too):")
for r in rows:
    if r['name'] == 'edit':
        j = js.get((r['size'], r['op']))
        other = f"   js {j['best_ms']:8.3f} / {j['median_ms']:.3f} (p95 {j['p95_ms']:.3f})" if j else ''
        print(f"  {r['size']:>6} {r['op']:<16} swift {r['best_ms']:8.2f} / {r['median_ms']:.2f}{other}")
for (size, op), j in js.items():
    if op == 'keystroke_request':
        print(f"  {size:>6} {op:<16} js {j['best_ms']:8.3f} / {j['median_ms']:.3f} (p95 {j['p95_ms']:.3f}): validate, edit, count the result"
              f"{' (target median <= 1 ms)' if size == '1KB' else ' (target median <= 10 ms)' if size == '100KB' else ''}")
if different:
    sys.exit(f"FAIL: the output of {' and '.join(different)} differs from Swift's, so the render ratios compare different work")
PY

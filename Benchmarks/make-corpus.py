#!/usr/bin/env python3
"""Writes a realistic ~1 MB chat corpus for the benchmarks, and the code list
the C and Python baselines use.

Chinese from Debian's fortunes-zh, a known or unknown sticker code every ~40
characters, emoji, ASCII and <&>"'. Deterministic (seeded), so every run and
every renderer sees the same bytes.

usage: make-corpus.py OUT_DIR
"""
import glob
import json
import os
import random
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
out_dir = sys.argv[1]
os.makedirs(out_dir, exist_ok=True)

source = ''
for name in ('chinese', 'tang300', 'song100'):
    path = f'/usr/share/games/fortunes/{name}'
    if os.path.exists(path):
        source += open(path, encoding='utf-8', errors='replace').read()
if not source:
    sys.exit('fortunes-zh is missing: apt-get install fortunes-zh')
source = re.sub(r'\x1b\[[0-9;]*m', '', source).replace('\n%\n', '\n')

# (code content, pack id, 1x, 2x, 3x, title: English for ASCII codes, else Chinese, aria-label: Chinese,
#  width at the default height of 20, and an animated sticker's poster 1x, 2x, 3x, empty for a still one):
# what the Swift renderer puts in a sticker's markup, so the baselines do the same work.
HEIGHT = 20
known = []
for pack_file in sorted(glob.glob(os.path.join(ROOT, 'public/stickers/*/pack.json'))):
    pack = json.load(open(pack_file, encoding='utf-8'))
    for s in pack['stickers']:
        if 'tag' in s:
            image = s['image']
            width = str(max(1, (image['width'] * HEIGHT + image['height'] // 2) // image['height']))
            poster = image.get('poster') or {}
            for code in [s['tag']] + s.get('aliases', []):
                title = s['name']['en'] if code.isascii() else s['name']['zh']
                known.append((code[1:-1], pack['id'], image['1x'], image['2x'], image['3x'], title,
                              s['name']['zh'], width, poster.get('1x', ''), poster.get('2x', ''), poster.get('3x', '')))
with open(os.path.join(out_dir, 'codes.tsv'), 'w', encoding='utf-8') as f:
    for row in known:
        f.write('\t'.join(row) + '\n')

rng = random.Random(20261121)
unknown = ['不存在', '哈哈哈哈', 'abc', '微 笑', 'xyz123', '开心果']
emoji = ['😀', '👍🏽', '👨‍👩‍👧‍👦', '🇨🇳', '❤️', '🎉', '#️⃣']
ascii_bits = [' hello ', ' ok ', ' lol ', ' see you at 8pm ', ' https://example.com/a?b=1&c=2 ', ' <b>bold</b> ',
              ' "quoted" ', " it's ", ' a & b ', ' 1 < 2 > 0 ']
pieces = []
size = 0
pos = rng.randrange(len(source))
while size < 1_000_000:
    n = rng.randint(20, 60)
    if pos + n > len(source):
        pos = 0
    chunk = source[pos:pos + n]
    pos += n
    r = rng.random()
    if r < 0.65:
        extra = '[' + rng.choice(known)[0] + ']'
    elif r < 0.8:
        extra = '[' + rng.choice(unknown) + ']'
    elif r < 0.9:
        extra = rng.choice(emoji)
    else:
        extra = rng.choice(ascii_bits)
    piece = chunk + extra + (rng.choice(ascii_bits) if rng.random() < 0.2 else '')
    pieces.append(piece)
    size += len(piece.encode('utf-8'))
text = ''.join(pieces)
with open(os.path.join(out_dir, 'corpus.txt'), 'w', encoding='utf-8') as f:
    f.write(text)
print(f'{out_dir}/corpus.txt: {len(text.encode("utf-8"))} bytes, {len(known)} known codes')

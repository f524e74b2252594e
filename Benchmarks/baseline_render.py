#!/usr/bin/env python3
"""The Python peer: html.escape + re.sub, the way such a renderer is usually
written. Reports the best of N runs in MB/s and its output size.

usage: baseline_render.py corpus.txt codes.tsv [runs]"""
import html
import re
import sys
import time

text = open(sys.argv[1], encoding='utf-8').read()
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
images = {}
for line in open(sys.argv[2], encoding='utf-8'):
    key, pack, x1, x2, x3, title, label = line.rstrip('\n').split('\t')
    images[html.escape(key)] = (
        f'<img class="sticker" src="/stickers/{pack}/{x1}" srcset="/stickers/{pack}/{x2} 2x, /stickers/{pack}/{x3} 3x" '
        f'width="20" height="20" alt="[{html.escape(key)}]" title="{html.escape(title)}" aria-label="{html.escape(label)}" '
        f'draggable="false">')
# Innermost pair: no brackets or line breaks inside.
code = re.compile(r'\[([^\[\]\r\n]{1,128})\]')


def render(t):
    escaped = html.escape(t).replace('\r', '&#13;').replace('\n', '<br>')
    return code.sub(lambda m: images.get(m.group(1), m.group(0)), escaped)


best = 1e9
out = ''
for _ in range(runs):
    t0 = time.perf_counter()
    out = render(text)
    best = min(best, time.perf_counter() - t0)
size = len(text.encode('utf-8'))
print('{"name":"python","render_mb_s":%.1f,"output_bytes":%d}' % (size / best / 1e6, len(out.encode('utf-8'))))

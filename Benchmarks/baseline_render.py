#!/usr/bin/env python3
"""The Python peer: str.replace escaping + re.sub, the way such a renderer is
usually written, producing the Swift renderer's bytes (run.sh compares them).
Reports the best of N runs in MB/s, its output size and its FNV-1a.

usage: baseline_render.py corpus.txt codes.tsv [runs]"""
import re
import sys
import time


def escape(s):
    # html.escape's chain, with the renderer's &#39; for ' (html.escape writes &#x27;).
    return s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;').replace("'", '&#39;')


def url(pack, file):
    return escape(f'/stickers/{pack}/{file}')


text = open(sys.argv[1], encoding='utf-8').read()
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
images = {}
for line in open(sys.argv[2], encoding='utf-8'):
    key, pack, x1, x2, x3, title, label, width, p1, p2, p3 = line.rstrip('\n').split('\t')
    img = (f'<img class="sticker" src="{url(pack, x1)}" srcset="{url(pack, x2)} 2x, {url(pack, x3)} 3x" '
           f'width="{width}" height="20" alt="[{escape(key)}]" title="{escape(title)}" aria-label="{escape(label)}" '
           f'draggable="false">')
    if p1:  # animated: the still poster for readers who ask for less motion
        img = (f'<picture><source media="(prefers-reduced-motion: reduce)" srcset="{url(pack, p1)} 1x, '
               f'{url(pack, p2)} 2x, {url(pack, p3)} 3x">{img}</picture>')
    images[escape(key)] = img
# Innermost pair: no brackets or line breaks inside.
code = re.compile(r'\[([^\[\]\r\n]{1,128})\]')


def render(t):
    escaped = escape(t).replace('\r', '&#13;').replace('\n', '<br>')
    return code.sub(lambda m: images.get(m.group(1), m.group(0)), escaped)


best = 1e9
out = ''
for _ in range(runs):
    t0 = time.perf_counter()
    out = render(text)
    best = min(best, time.perf_counter() - t0)
size = len(text.encode('utf-8'))
data = out.encode('utf-8')
h = 14695981039346656037
for b in data:  # FNV-1a, outside the timing, to compare with the Swift renderer's
    h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
print('{"name":"python","render_mb_s":%.1f,"output_bytes":%d,"output_hash":"%016x"}' % (size / best / 1e6, len(data), h))

#!/usr/bin/env python3
"""The soak's request mix: every edit and count case of Tests/conformance/api-cases.json,
renders (short, hostile, 8 KB, with options), the GET fragment, the packs
document (and its 304), health, and one of each client error. Each request is
sent once, alone, and its status and body are recorded: under load every
response must be byte-identical to that. Writes a Lua table for wrk-mix.lua.

usage: soak-mix.py BASE_URL OUT.lua
"""
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

base, out = sys.argv[1], sys.argv[2]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
cases = json.load(open(os.path.join(root, 'Tests', 'conformance', 'api-cases.json'), encoding='utf-8'))

JSON = {'Content-Type': 'application/json'}
requests = []


def add(method, path, body=b'', headers=None):
    requests.append((method, path, headers or {}, body))


def post(path, obj):
    add('POST', path, json.dumps(obj, ensure_ascii=False).encode(), JSON)


for case in cases['edit']:
    post('/api/edit', case['request'])
for case in cases['count']:
    post('/api/count', case['request'])

hostile = '<script>alert(1)</script>[微笑]"\'&amp;[哈哈]<img src=x onerror=alert(1)>javascript:[doge]\r\n👨‍👩‍👧‍👦🇨🇳1️⃣'
long_text = ('今天天气真好[微笑]，一起去公园吧[哈哈][doge] 👍🏽 <b>&</b>\n' * 120)[:8192]
for text, options in [('今天好开心[微笑][哈哈] 👍🏽 [doge]', None), (hostile, None), (long_text, None),
                      (hostile, {'baseURL': 'https://cdn.example.com/s/', 'size': 32, 'className': 'st',
                                 'lineBreaks': False, 'wrapEmoji': True})]:
    post('/api/render', {'text': text, **({'options': options} if options else {})})
    post('/api/render', {'text': text, **({'options': options} if options else {})})  # renders weigh double
add('GET', '/api/render?' + urllib.parse.urlencode({'text': hostile, 'wrapEmoji': 'true'}))
add('GET', '/api/render?' + urllib.parse.urlencode({'text': '[笑哭][doge]', 'baseURL': 'https://example.com/'}))
add('GET', '/api/packs')
add('GET', '/api/health')
add('POST', '/api/render', b'{"text": "unterminated', JSON)                      # 400
add('POST', '/api/edit', b'{"text":"a","op":"frobnicate"}', JSON)                 # 400
add('GET', '/api/nothing-here')                                                   # 404
add('DELETE', '/api/render')                                                      # 405
add('POST', '/api/count', b'text=abc', {'Content-Type': 'text/plain'})            # 415


def fetch(method, path, headers, body):
    request = urllib.request.Request(base + path, data=body if method in ('POST', 'PUT') else None,
                                     method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


# The packs document's revalidation: its ETag, answered 304 with no body.
_, _, packs_headers = fetch('GET', '/api/packs', {}, b'')
add('GET', '/api/packs', headers={'If-None-Match': packs_headers['ETag']})


def lua(data):
    """A Lua string literal of any bytes."""
    if isinstance(data, str):
        data = data.encode()
    return '"' + ''.join(chr(b) if 32 <= b < 127 and b not in (34, 92) else f'\\{b:03d}' for b in data) + '"'


statuses = {}
with open(out, 'w') as f:
    f.write('return {\n')
    for method, path, headers, body in requests:
        status, answer, _ = fetch(method, path, headers, body)
        statuses[status] = statuses.get(status, 0) + 1
        header_table = ', '.join(f'[{lua(k)}] = {lua(v)}' for k, v in headers.items())
        f.write(f'  {{ method = {lua(method)}, path = {lua(path)}, headers = {{ {header_table} }}, '
                f'body = {lua(body)}, status = {status}, expect = {lua(answer)} }},\n')
    f.write('}\n')
endpoints = sorted({p.split('?')[0] for _, p, _, _ in requests})
print(f"mix: {len(requests)} requests over {', '.join(endpoints)}; statuses "
      + ', '.join(f'{s}×{n}' for s, n in sorted(statuses.items())))

"""What one request can take from everyone (issue 36, the service's half),
against the real nginx and server: a worker's memory and an answer's bytes
are bounded whatever the request under the body limit, and a page on another
site cannot make its visitors' browsers call the API (no preflight is
granted, and only application/json is read). The bounds are docs/limits.md's
"Resources a request can take"."""
import http.server
import json
import os
import re
import subprocess
import threading
import time

import pytest

from browser import browser
from service import ROOT, SERVER, Service, check_schema, eventually, free_port
from test_metrics import key, scrape, settled

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

MiB = 1 << 20
# docs/limits.md: a worker's resident memory stays within this of what it
# was before the request, whatever the request.
MEMORY_BOUND = 64 * MiB
ANSWER_LIMIT = 16 * MiB
FRAGMENT_LIMIT = MiB
LONG_BASE_URL = 'https://x.example/' + 'a' * 480 + '/'
CODES = '[ok]' * (MiB // 4 - 200)


@pytest.fixture(scope='module')
def service():
    """One worker, so that its memory is the one every request went to."""
    s = Service(workers=1, threads=4, extra=['--request-timeout', '29'])
    yield s
    s.stop()


def worker_memory(pid, key):
    for line in open(f'/proc/{pid}/status'):
        if line.startswith(key + ':'):
            return int(line.split()[1]) * 1024
    raise KeyError(key)


def peak_during(service, send):
    """(what `send` answers, the worker's peak resident memory while it ran
    above its resident memory just before). The peak (VmHWM) is reset first
    (clear_refs 5), so that it is this request's."""
    (pid,) = service.workers()
    with open(f'/proc/{pid}/clear_refs', 'w') as f:
        f.write('5')
    before = worker_memory(pid, 'VmRSS')
    answer = send()
    assert service.workers() == [pid], 'the worker was replaced'
    return answer, worker_memory(pid, 'VmHWM') - before


def post(service, path, obj):
    body = json.dumps(obj, ensure_ascii=False).encode()
    return service.request('POST', path, body, {'Content-Type': 'application/json'}, timeout=60)


def test_the_answer_limit_is_one_setting_for_the_server_and_nginx():
    """ANSWER_LIMIT is read in one place, scripts/nginx-conf.sh, which run.sh and
    install.sh ask for the value they give the server (--answer-limit) and
    write into nginx's site (fastcgi_max_temp_file_size): its default is the
    server's, so that the server never sends an answer nginx will not buffer."""
    conf = os.path.join(ROOT, 'scripts', 'nginx-conf.sh')
    env = {k: v for k, v in os.environ.items() if k != 'ANSWER_LIMIT'}
    shell = subprocess.run([conf, '--answer-limit'], env=env, capture_output=True, text=True, check=True).stdout
    usage = subprocess.run([SERVER, '--help'], capture_output=True, text=True, check=True).stdout
    # Its help's OPTIONS entry (the USAGE line names it first, without a default).
    server = re.search(r'^ +--answer-limit <answer-limit>\n[^(]*\(default: (\d+)\)', usage, re.M).group(1)
    assert int(shell) == int(server) == ANSWER_LIMIT
    given = subprocess.run([conf, '--answer-limit'], env={**env, 'ANSWER_LIMIT': '1048576'}, capture_output=True,
                           text=True, check=True).stdout
    assert int(given) == MiB
    # Under what the server takes (an error's answer must fit), refused by both.
    low = subprocess.run([conf, '--answer-limit'], env={**env, 'ANSWER_LIMIT': '4096'}, capture_output=True, text=True)
    assert low.returncode == 2 and 'ANSWER_LIMIT must be a byte count of at least 65536' in low.stderr
    low = subprocess.run([SERVER, '--answer-limit', '4096'], capture_output=True, text=True)
    assert low.returncode != 0 and '--answer-limit must be at least 65536' in low.stderr


def test_the_amplifying_render_is_refused_before_it_is_built_and_the_worker_stays_within_its_bound(service):
    # The first row: 1 MiB of [ok] with a 500-character baseURL and a
    # 60-character className answered ~500 MB and took the worker to ~1 GB.
    post(service, '/api/render', {'text': 'warm [ok]'})
    request = {'text': CODES, 'options': {'baseURL': LONG_BASE_URL, 'className': 'c' * 60}}
    r, peak = peak_during(service, lambda: post(service, '/api/render', request))
    assert r.status == 413 and r.json()['error']['code'] == 'answer_too_large', (r.status, r.body[:300])
    # The lower of the service's limit and 16 times the body (a little under 1 MiB).
    limit = min(ANSWER_LIMIT, 16 * len(json.dumps(request, ensure_ascii=False).encode()))
    assert f'over the limit of {limit} bytes' in r.json()['error']['message']
    check_schema(r, '/api/render', 'POST')
    assert peak < MEMORY_BOUND, f'the worker grew by {peak / MiB:.0f} MiB'


WORST = {
    'render of 1 MiB of [ok]': ('/api/render', {'text': CODES}),
    'count of 1 MiB of [ok]': ('/api/count', {'text': CODES}),
    'edit of 1 MiB of [ok]': ('/api/edit', {'text': CODES, 'op': 'selectAll'}),
    'count of 1 MiB of emoji': ('/api/count', {'text': '😀' * (MiB // 4 - 100)}),
    'render of 1 MiB of emoji, wrapped': ('/api/render', {'text': '😀' * (MiB // 4 - 100), 'options': {'wrapEmoji': True}}),
    'render of 1 MiB of quotes': ('/api/render', {'text': '"' * (MiB // 2 - 100)}),
    'edit of 1 MiB of text and stickers': ('/api/edit', {'text': '笑死我了[笑哭]' * (MiB // 22), 'op': 'selectAll'}),
    'render of 1 MiB of controls': ('/api/render', {'text': '\u0001' * (MiB // 6 - 100), 'options': {'lineBreaks': False}}),
}


@pytest.mark.parametrize('name', WORST)
def test_the_worst_requests_under_the_body_limit_keep_the_worker_within_its_bound(service, name):
    """Each is answered whole and exact (Content-Length is its bytes: an answer
    over 1 MiB goes out in pieces as it is written), or refused 413 when over
    the answer limit; either way the worker's memory stays within the bound."""
    path, request = WORST[name]
    r, peak = peak_during(service, lambda: post(service, path, request))
    if r.status == 413:
        assert r.json()['error']['code'] == 'answer_too_large'
    else:
        assert r.status == 200, (r.status, r.body[:300])
        assert int(r.headers['content-length']) == len(r.body) <= ANSWER_LIMIT
        answer = r.json()
        if path == '/api/edit':
            assert answer['text'] == request['text']
    check_schema(r, path, 'POST')
    assert peak < MEMORY_BOUND, f'{name}: the worker grew by {peak / MiB:.0f} MiB'


def test_the_worst_requests_at_once_keep_the_worker_within_its_bound(service):
    """The amplifying render on the large-body pool while the four other
    threads serve the worst bodies the main pool takes (under 64 KiB): codes
    alone, refused by the answer's ratio to its body (16 times), and the
    largest answers a body under 64 KiB gets (text with a sticker every ten
    characters, emoji)."""
    amplifying = {'text': CODES, 'options': {'baseURL': LONG_BASE_URL, 'className': 'c' * 60}}
    codes = '[ok]' * (63 * 1024 // 4)
    words = '一二三四五六七八九十[微笑]' * (63 * 1024 // 38)
    emoji = '😀' * (63 * 1024 // 4)
    sends = [('/api/render', amplifying), ('/api/render', {'text': codes}), ('/api/render', {'text': words}),
             ('/api/count', {'text': emoji}), ('/api/edit', {'text': words, 'op': 'selectAll'}),
             ('/api/edit', {'text': codes, 'op': 'selectAll'})]
    statuses = []

    def send(path, request):
        for _ in range(3):
            r = post(service, path, request)
            statuses.append((path, r.status, int(r.headers.get('content-length', -1)) == len(r.body)))

    def all_at_once():
        threads = [threading.Thread(target=send, args=sent) for sent in sends]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    _, peak = peak_during(service, all_at_once)
    assert sorted(set(statuses)) == [('/api/count', 200, True), ('/api/edit', 200, True), ('/api/edit', 413, True),
                                     ('/api/render', 200, True), ('/api/render', 413, True)], statuses
    assert peak < MEMORY_BOUND, f'the worker grew by {peak / MiB:.0f} MiB'


def test_an_answer_just_under_the_limit_is_sent_whole_in_pieces(service):
    """An answer far over what is held, under the limit: streamed to libfcgi
    as it is written, byte for byte the answer the CLI's whole-bytes path gives."""
    text = '一二三四五六七八九十[微笑]' * 20000  # 12 times its body: under the ratio of 16
    r, peak = peak_during(service, lambda: post(service, '/api/render', {'text': text}))
    assert r.status == 200 and 4 * MiB < len(r.body) <= ANSWER_LIMIT, (r.status, r.body[:200])
    answer = r.json()
    assert answer['html'].count('<img') == 20000 and len(answer['stickers']) == 20000
    assert answer['counts']['stickers'] == answer['stickers']
    assert peak < MEMORY_BOUND


def test_a_long_get_of_short_codes_is_bounded_by_the_fragment_limit(service):
    # The fourth row: an 8 KB URL of short codes gave a 3.2 MB fragment.
    codes = '[ok]' * 1900
    r = service.request('GET', f'/api/render?baseURL={LONG_BASE_URL}&text={codes}')
    assert r.status == 413 and r.json()['error']['code'] == 'answer_too_large', (r.status, r.body[:300])
    assert f'over the limit of {FRAGMENT_LIMIT} bytes' in r.json()['error']['message']
    check_schema(r, '/api/render', 'GET')
    # The same codes with the default options: the longest URL's text fits.
    r = service.request('GET', f'/api/render?text={codes}')
    assert r.status == 200 and 1900 * 100 < len(r.body) <= FRAGMENT_LIMIT


@pytest.mark.parametrize('content_type', ['application/x-www-form-urlencoded', 'text/plain;charset=UTF-8',
                                          'multipart/form-data; boundary=x', None])
def test_a_json_body_of_any_other_type_is_415(service, content_type):
    """What a page on another site can make a browser send without a
    preflight: refused, whatever the body, on every POST."""
    for path in ('/api/render', '/api/edit', '/api/count'):
        r = service.request('POST', path, '{"text":"hi [微笑]","op":"selectAll"}',
                            {'Content-Type': content_type} if content_type else {})
        assert r.status == 415 and r.json()['error']['code'] == 'unsupported_media_type', (path, r.status)
        assert 'access-control-allow-origin' not in r.headers
        check_schema(r, path, 'POST')


def test_no_preflight_is_granted(service):
    r = service.request('OPTIONS', '/api/render', headers={
        'Origin': 'https://evil.example', 'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type'})
    assert r.status == 405
    assert not [h for h in r.headers if h.startswith('access-control-')]


class HostilePage:
    """A page on another origin (127.0.0.2, its own port) that tries to make
    its visitor's browser call the API: the issue's cross-site no-cors POST."""

    def __init__(self, service):
        target = f'http://127.0.0.1:{service.port}/api/render'
        body = json.dumps(json.dumps({'text': 'hostile [微笑]'}))
        self.page = f'''<!doctype html><meta charset="utf-8"><title>hostile</title><script>
window.results = [];
const send = (what, init) => fetch({json.dumps(target)}, init).then(
    (r) => window.results.push(what + ' ' + r.type + ' ' + r.status),
    (e) => window.results.push(what + ' refused'));
Promise.all([
  send('no-cors form', {{method: 'POST', mode: 'no-cors',
      headers: {{'Content-Type': 'application/x-www-form-urlencoded'}}, body: {body}}}),
  send('no-cors text', {{method: 'POST', mode: 'no-cors', headers: {{'Content-Type': 'text/plain'}}, body: {body}}}),
  send('cors json', {{method: 'POST', headers: {{'Content-Type': 'application/json'}}, body: {body}}}),
]).then(() => window.done = true);
</script>'''
        host = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header('Content-Type', 'text/html; charset=utf-8')
                self.end_headers()
                self.wfile.write(host.page.encode('utf-8'))

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(('127.0.0.2', free_port()), Handler)
        self.url = f'http://127.0.0.2:{self.server.server_address[1]}/'
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def test_a_page_on_another_site_cannot_make_its_visitors_call_the_api(service):
    # The sixth row: the no-cors form POST was served 200, with no preflight.
    hostile = HostilePage(service)
    d = browser(800, 600)
    try:
        before = scrape(service)
        d.get(hostile.url)
        for _ in range(200):
            if d.execute_script('return window.done'):
                break
            time.sleep(0.05)
        results = sorted(d.execute_script('return window.results'))
    finally:
        d.quit()
        hostile.server.shutdown()
    # The browser reads nothing of any of them (opaque, or refused at the preflight) …
    assert results == ['cors json refused', 'no-cors form opaque 0', 'no-cors text opaque 0'], results

    # … and the service did no work for any: the two no-cors POSTs were 415,
    # the JSON one never sent, its preflight refused (405). Counted by /metrics:
    # the request log writes an address's errors past its tenth in 10 s as one
    # summary line, and this module's other tests make many.
    expected = {key('stickertext_requests_total', endpoint='/api/render', status=status): count
                for status, count in (('405', 1), ('415', 2), ('200', 0))}
    _, changes = settled(service, before, expected)
    assert changes == expected, changes

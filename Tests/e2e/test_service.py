"""End to end: the real nginx and the real stickertext-server, over HTTP.
Every endpoint and every error status, bodies checked against openapi.yaml;
a worker killed under load; SIGHUP reloads; graceful shutdown; make run."""
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time

import pytest

from service import ROOT, Service, check_schema, eventually


def test_health(service):
    r = service.request('GET', '/api/health')
    assert r.status == 200
    check_schema(r, '/api/health', 'GET')


def test_acceptance_curl_render(service):
    # The README's: curl -s localhost:8080/api/render -H 'Content-Type: application/json' -d '{"text":"hi [微笑]"}'
    url = f'http://127.0.0.1:{service.port}/api/render'
    out = subprocess.run(['curl', '-s', url, '-H', 'Content-Type: application/json', '-d', '{"text":"hi [微笑]"}'],
                         capture_output=True, text=True, check=True).stdout
    assert '<img class=\\"sticker\\" src=\\"/stickers/weibo/smile.png\\"' in out
    # Without the header curl sends application/x-www-form-urlencoded, which is not read as JSON.
    out = subprocess.run(['curl', '-s', url, '-d', '{"text":"hi [微笑]"}'], capture_output=True, text=True, check=True).stdout
    assert json.loads(out)['error']['code'] == 'unsupported_media_type'


def test_packs_etag_and_304(service):
    r = service.request('GET', '/api/packs')
    assert r.status == 200
    check_schema(r, '/api/packs', 'GET')
    assert [p['id'] for p in r.json()['packs']] == ['weibo', 'things', 'animals', 'emoji', 'motion']
    again = service.request('GET', '/api/packs', headers={'If-None-Match': r.headers['etag']})
    assert again.status == 304 and again.body == b''
    # The image URLs it gives are served, cached for a year.
    image = service.request('GET', r.json()['packs'][0]['stickers'][0]['image']['src'])
    assert image.status == 200 and image.body[:4] == b'\x89PNG'
    assert 'immutable' in image.headers['cache-control']
    # An animated sticker's APNG (an acTL chunk before the image data) and its still poster.
    animated = r.json()['packs'][4]['stickers'][0]['image']
    assert animated['animated'] is True
    apng = service.request('GET', animated['src']).body
    poster = service.request('GET', animated['poster']['src']).body
    assert apng[:4] == poster[:4] == b'\x89PNG'
    assert b'acTL' in apng[:apng.index(b'IDAT')] and b'acTL' not in poster


def test_render_post_and_get(service):
    r = service.post_json('/api/render', {'text': 'hi [微笑] <b>', 'options': {'baseURL': 'https://x.example/'}})
    assert r.status == 200
    check_schema(r, '/api/render', 'POST')
    assert r.json()['html'].startswith('hi <img class="sticker" src="https://x.example/stickers/weibo/smile.png"')
    g = service.request('GET', '/api/render?text=' + '%5B%E5%BE%AE%E7%AC%91%5D%3Cscript%3E&size=32')
    assert g.status == 200
    assert g.headers['content-type'] == 'text/html; charset=utf-8'
    assert g.headers['access-control-allow-origin'] == '*'
    assert g.text.endswith('&lt;script&gt;') and 'width="32"' in g.text


def test_edit_and_count(service):
    r = service.post_json('/api/edit', {'text': 'ab', 'selection': {'location': 1, 'length': 0}, 'op': 'paste', 'string': '[哈哈][哈哈]'})
    assert r.status == 200
    check_schema(r, '/api/edit', 'POST')
    assert r.json()['text'] == 'a[哈哈][哈哈]b' and r.json()['selection'] == {'location': 3, 'length': 0}
    c = service.post_json('/api/count', {'text': '你好[微笑]😀', 'policy': {'maxLength': 10, 'countMode': 'gb18030'}})
    assert c.status == 200
    check_schema(c, '/api/count', 'POST')
    assert c.json()['gb18030'] == 14 and c.json()['valid'] is False


def test_gzip_and_security_headers(service):
    r = service.request('GET', '/api/packs', headers={'Accept-Encoding': 'gzip'})
    assert r.headers.get('content-encoding') == 'gzip'
    assert r.headers['x-content-type-options'] == 'nosniff'
    page = service.request('GET', '/')
    assert page.status == 200
    assert "default-src 'self'" in page.headers['content-security-policy']
    assert page.headers['cache-control'] == 'no-cache'


BAD_BODIES = [
    ('/api/edit', b'{"text": "a", "op": ', 'invalid_json'),
    ('/api/edit', b'{"text": 5, "op": "copy"}', 'invalid_request'),
    ('/api/edit', b'{"text": "a\xff", "op": "copy"}', 'invalid_utf8'),
    ('/api/edit', b'{"text": "a\\ud800", "op": "copy"}', 'invalid_json'),
    ('/api/edit', b'{"text": "a", "op": "explode"}', 'invalid_request'),
    ('/api/edit', b'{"text": "a", "op": "copy", "unit": "bytes"}', 'invalid_request'),
    ('/api/edit', b'{"text": "a", "op": "copy", "selection": {"location": 9, "length": 0}}', 'out_of_range'),
    ('/api/edit', b'{"text": "a", "op": "copy", "selection": {"location": 99999999999999999999999, "length": 0}}', 'invalid_request'),
    ('/api/edit', b'{"text": "a", "op": "insertSticker", "tag": "[nope]"}', 'unknown_sticker'),
    ('/api/count', b'{"text": "a", "policy": {"maxLength": -3}}', 'invalid_request'),
    ('/api/render', b'{"text": "a", "options": {"baseURL": "javascript:alert(1)"}}', 'invalid_request'),
    ('/api/count', b'[' * 100000 + b']' * 100000, 'invalid_json'),
]


@pytest.mark.parametrize('path,body,code', BAD_BODIES)
def test_bad_bodies_answer_400(service, path, body, code):
    r = service.request('POST', path, body, {'Content-Type': 'application/json'})
    assert r.status == 400, r.body[:200]
    check_schema(r, path, 'POST')
    assert r.json()['error']['code'] == code
    assert service.request('GET', '/api/health').status == 200


def test_wrong_method_405_with_allow(service):
    for method, path, allow in (('GET', '/api/edit', 'POST'), ('PUT', '/api/render', 'GET, HEAD, POST'), ('DELETE', '/api/count', 'POST')):
        r = service.request(method, path)
        assert r.status == 405
        assert r.headers['allow'] == allow
        assert r.json()['error']['code'] == 'method_not_allowed'


def test_unknown_path_404(service):
    r = service.request('GET', '/api/nothing')
    assert r.status == 404 and r.json()['error']['code'] == 'not_found'


def test_body_over_limit_413(service):
    big = json.dumps({'text': 'a' * (service.body_limit + 10)})
    r = service.request('POST', '/api/count', big, {'Content-Type': 'application/json'})
    assert r.status == 413
    check_schema(r, '/api/count', 'POST')
    assert r.json()['error']['code'] == 'payload_too_large'


def test_wrong_content_type_415(service):
    r = service.request('POST', '/api/count', '{"text":"a"}', {'Content-Type': 'text/plain'})
    assert r.status == 415
    check_schema(r, '/api/count', 'POST')


def test_a_killed_worker_is_replaced_and_the_service_keeps_answering(service):
    before = service.workers()
    assert len(before) == 2
    results = []
    stop = threading.Event()

    def load():
        while not stop.is_set():
            try:
                results.append(service.post_json('/api/edit', {'text': '你好', 'op': 'insert', 'string': '[微笑]'}).status)
            except OSError:
                results.append('io')

    threads = [threading.Thread(target=load) for _ in range(4)]
    for t in threads:
        t.start()
    time.sleep(0.5)
    os.kill(before[0], signal.SIGKILL)
    time.sleep(1.0)
    stop.set()
    for t in threads:
        t.join()
    after = service.workers()
    assert len(after) == 2 and before[0] not in after
    failed = [r for r in results if r != 200]
    print(f'{len(results)} requests while a worker was SIGKILLed, {len(failed)} failed')
    assert len(results) > 20
    assert not failed, failed[:5]
    assert 'was killed by signal 9' in service.server_log()


def test_sighup_reloads_good_packs_and_keeps_the_old_on_bad_ones():
    packs = tempfile.mkdtemp(prefix='stickertext-packs-')
    shutil.copytree(os.path.join(ROOT, 'public', 'stickers'), packs, dirs_exist_ok=True)
    s = Service(packs=packs)
    try:
        weibo = os.path.join(packs, 'weibo', 'pack.json')
        pack = json.load(open(weibo, encoding='utf-8'))
        pack['stickers'][0]['aliases'].append('[reloaded]')
        json.dump(pack, open(weibo, 'w', encoding='utf-8'), ensure_ascii=False)
        os.kill(s.server.pid, signal.SIGHUP)
        for _ in range(100):
            if '[reloaded]' in s.request('GET', '/api/packs').text:
                break
            time.sleep(0.1)
        assert '[reloaded]' in s.request('GET', '/api/packs').text
        assert 'alt="[reloaded]"' in s.post_json('/api/render', {'text': '[reloaded]'}).json()['html']

        open(weibo, 'w').write('{"id": "weibo", ')  # malformed
        os.kill(s.server.pid, signal.SIGHUP)
        time.sleep(1.0)
        assert 'reload refused' in s.server_log() and 'malformed JSON' in s.server_log()
        assert '[reloaded]' in s.request('GET', '/api/packs').text
        assert s.request('GET', '/api/health').status == 200
    finally:
        s.stop()
        shutil.rmtree(packs, ignore_errors=True)


def test_graceful_shutdown_lets_a_request_in_flight_finish():
    s = Service(workers=1)
    try:
        # A 900 KB edit keeps a (debug-built) worker busy for a while.
        text = ('你好世界[微笑]hello ' * 40000)[:300000]
        box = {}

        def slow():
            box['r'] = s.post_json('/api/edit', {'text': text, 'op': 'selectAll'}, timeout=60)

        t = threading.Thread(target=slow)
        t.start()
        time.sleep(0.3)
        os.kill(s.server.pid, signal.SIGTERM)
        t.join(60)
        assert box['r'].status == 200, box['r'].body[:200]
        assert box['r'].json()['selection']['location'] == 0
        s.server.wait(timeout=20)
        assert s.server.returncode == 0
        assert 'stopped' in s.server_log()
    finally:
        s.stop()


def test_every_request_is_logged_once_and_none_is_lost_when_the_workers_stop():
    s = Service(workers=2, threads=4)
    try:
        def logged():
            return len(re.findall(r'\] POST /api/count 200 [0-9.]+ms\n', s.server_log()))
        assert all(s.post_json('/api/count', {'text': f'{i}'}).status == 200 for i in range(40))
        # A worker writes its lines together, every 20 ms: they show within a moment.
        eventually(lambda: True if logged() >= 40 else None, timeout=2)
        assert logged() == 40
        assert all(s.post_json('/api/count', {'text': f'{i}'}).status == 200 for i in range(25))
        # Stopping, each worker writes what it holds before it exits.
        os.kill(s.server.pid, signal.SIGTERM)
        s.server.wait(timeout=20)
        assert logged() == 65
    finally:
        s.stop()


def test_make_run_script_stops_both_cleanly_on_sigterm():
    port = str(__import__('service').free_port())
    run = tempfile.mkdtemp(prefix='stickertext-run-')
    env = dict(os.environ, PORT=port, RUN_DIR=run, WORKERS='1', THREADS='2',
               SERVER_BIN=os.path.join(ROOT, '.build', 'debug', 'stickertext-server'))
    p = subprocess.Popen([os.path.join(ROOT, 'scripts', 'run.sh')], env=env, stdout=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        assert f'http://127.0.0.1:{port}/' in line
        out = subprocess.run(['curl', '-s', f'http://127.0.0.1:{port}/api/render', '-H', 'Content-Type: application/json',
                              '-d', '{"text":"hi [微笑]"}'], capture_output=True, text=True).stdout
        assert 'smile.png' in out
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=20) == 0
        left = subprocess.run(['pgrep', '-f', run], capture_output=True, text=True).stdout.strip()
        assert left == '', left
    finally:
        if p.poll() is None:
            p.kill()
        shutil.rmtree(run, ignore_errors=True)


def test_openapi_document_is_valid_and_served(service):
    from openapi_spec_validator import validate
    from service import SPEC
    validate(SPEC)
    r = service.request('GET', '/openapi.yaml')
    assert r.status == 200 and r.body.startswith(b'openapi: 3.1.0')


def test_max_requests_replaces_a_worker_without_failing_requests():
    s = Service(workers=1, threads=2, extra=('--max-requests', '5'))
    try:
        first = s.workers()
        statuses = [s.post_json('/api/count', {'text': f'{i}'}).status for i in range(15)]
        assert statuses == [200] * 15
        # A retiring worker answers what nginx still sends on the connections
        # it keeps until nginx closes them (a second or two): its replacement
        # is forked at once, and it exits then.
        deadline = time.time() + 10
        while (set(first) & set(s.workers()) or not s.workers()) and time.time() < deadline:
            time.sleep(0.05)
        assert s.workers() and not set(first) & set(s.workers())
        # The master writes its line just after it has reaped the worker: a moment after it is gone.
        assert eventually(lambda: True if 'exited with status 0' in s.server_log() else None), s.server_log()
        assert [s.post_json('/api/count', {'text': f'{i}'}).status for i in range(5)] == [200] * 5
    finally:
        s.stop()

"""nginx's cache of the idempotent GETs (/api/packs, /api/stickers, the
/api/render fragments), keyed with the packs' version the master publishes:
a repeated GET never reaches a worker, a pack reload shows through at once,
errors are not kept, and without a master nothing is served from it."""
import json
import os
import re
import shutil
import signal
import tempfile
import time
import urllib.parse

import pytest

from service import ROOT, Service, eventually

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

RENDER = '/api/render?text=' + urllib.parse.quote('你好[微笑][reloaded]')
GETS = [RENDER, '/api/stickers?q=xk', '/api/packs']


def backend_count(service, method, path):
    """How many requests for `path` reached a worker. Each writes one log line,
    just after its answer: the count is read once it has stopped moving."""
    def count():
        return len(re.findall(rf'\] {method} {re.escape(path)} \d{{3}} ', service.server_log()))
    last, still = count(), 0
    while still < 4:
        time.sleep(0.05)
        now = count()
        last, still = now, still + 1 if now == last else 0
    return last


def stored(service):
    """How many answers nginx's cache holds: the files under its folder named as a key's MD5 (an
    answer is written under another name, then renamed into place whole)."""
    return sum(bool(re.fullmatch(r'[0-9a-f]{32}', name))
               for _, _, names in os.walk(os.path.join(service.run, 'cache')) for name in names)


def first_stored(service, path):
    """The first GET of `path`, once nginx has stored its answer: it stores it as it finishes with
    the backend, which on a busy machine can come after the client has the last byte, so that an
    immediate repeat landing on the other nginx worker would miss."""
    before = stored(service)
    first = service.request('GET', path)
    assert eventually(lambda: True if stored(service) > before else None), path
    return first


def published(service):
    return service.server_log().count('packs version ')


@pytest.fixture(scope='module')
def packs():
    folder = tempfile.mkdtemp(prefix='stickertext-packs-')
    shutil.copytree(os.path.join(ROOT, 'public', 'stickers'), folder, dirs_exist_ok=True)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def own(packs):
    s = Service(packs=packs)
    yield s
    s.stop()


def test_a_repeated_get_is_answered_by_nginx_without_a_worker(own):
    for path in GETS:
        first = first_stored(own, path)
        assert first.status == 200
        again = [own.request('GET', path) for _ in range(5)]
        assert all(r.status == 200 and r.body == first.body for r in again)
        assert backend_count(own, 'GET', path.split('?')[0]) == 1, path


def test_a_get_of_the_longest_url_accepted_is_cached_and_logs_no_error(own):
    """A URL of 8 KiB, the longest nginx takes (414 past it): its cache key needs
    9 KiB of fastcgi_buffer_size. At nginx's 4 KiB such a GET was served but
    never cached, and each one wrote an error of 2 KB to nginx's log."""
    text = '[ok]' * 1010
    path = '/api/render?text=' + urllib.parse.quote(text)
    assert 8000 < len(f'GET {path} HTTP/1.1') <= 8192
    first = first_stored(own, path)
    assert first.status == 200 and first.text == own.post_json('/api/render', {'text': text}).json()['html']
    again = [own.request('GET', path) for _ in range(3)]
    assert all(r.status == 200 and r.body == first.body for r in again)
    assert backend_count(own, 'GET', '/api/render') == 1
    errors = open(os.path.join(own.run, 'nginx-error.log')).read()
    assert 'not enough for cache key' not in errors and '[error]' not in errors, errors[-2000:]


def test_the_cache_answers_if_none_match_with_304_and_keeps_the_backends_headers(own):
    first = own.request('GET', RENDER)
    assert first.headers['etag'] and 'max-age' in first.headers['cache-control']
    assert first.headers['access-control-allow-origin'] == '*'
    cached = own.request('GET', RENDER, headers={'If-None-Match': first.headers['etag']})
    assert cached.status == 304 and cached.body == b''
    assert backend_count(own, 'GET', '/api/render') == 1


def change_the_packs(packs):
    """Gives the first weibo sticker the alias [reloaded] and the keyword xk:
    after a reload, each of GETS answers differently."""
    weibo = os.path.join(packs, 'weibo', 'pack.json')
    pack = json.load(open(weibo, encoding='utf-8'))
    pack['stickers'][0]['aliases'].append('[reloaded]')
    pack['stickers'][0]['keywords'] = pack['stickers'][0].get('keywords', []) + ['xk']
    json.dump(pack, open(weibo, 'w', encoding='utf-8'), ensure_ascii=False)


def test_a_pack_reload_shows_through_the_cache_at_once(own, packs):
    before = {path: own.request('GET', path).body for path in GETS}
    assert 'alt="[reloaded]"' not in before[RENDER].decode()
    change_the_packs(packs)
    versions = published(own)
    os.kill(own.server.pid, signal.SIGHUP)
    # Until the last old worker has gone, the old version (and its entries) stands.
    assert eventually(lambda: True if published(own) > versions else None, timeout=15), 'timed out waiting for the new packs version'
    after = {path: own.request('GET', path) for path in GETS}
    assert 'alt="[reloaded]"' in after[RENDER].text
    assert '[reloaded]' in after['/api/packs'].text
    assert after['/api/stickers?q=xk'].body != before['/api/stickers?q=xk']
    for path in GETS:
        assert backend_count(own, 'GET', path.split('?')[0]) == 2, path
        assert all(own.request('GET', path).body == after[path].body for _ in range(3))


def test_errors_are_not_kept(own):
    for _ in range(3):
        assert own.request('GET', '/api/render?nottext=1').status == 400
    assert backend_count(own, 'GET', '/api/render') == 3


def test_a_head_and_a_get_are_kept_apart(own):
    head = own.request('HEAD', RENDER)
    assert head.status == 200 and head.body == b''
    get = own.request('GET', RENDER)
    assert get.status == 200 and b'<img class="sticker"' in get.body


def test_each_content_coding_is_kept_apart(own):
    gzipped = own.request('GET', '/api/packs', headers={'Accept-Encoding': 'gzip'})
    assert gzipped.headers.get('content-encoding') == 'gzip'
    plain = own.request('GET', '/api/packs', headers={'Accept-Encoding': 'gzip;q=0'})
    assert 'content-encoding' not in plain.headers
    assert json.loads(plain.body)['packs']


def test_post_render_is_not_cached(own):
    for _ in range(3):
        assert own.post_json('/api/render', {'text': 'hi [微笑]'}).status == 200
    assert backend_count(own, 'POST', '/api/render') == 3


def test_cached_answers_count_against_the_clients_limits(packs):
    s = Service(packs=packs, limits=(('RATE_LIMIT', '1'),))
    try:
        statuses = [s.request('GET', RENDER).status for _ in range(10)]
        assert statuses.count(200) >= 1 and 429 in statuses
        refused = s.request('GET', RENDER)
        assert refused.status == 429 and refused.headers['retry-after'] == '1'
        assert refused.json()['error']['code'] == 'too_many_requests'
    finally:
        s.stop()


def test_without_a_master_nothing_is_served_from_the_cache(own):
    assert own.request('GET', RENDER).status == 200
    own.server.send_signal(signal.SIGTERM)
    own.server.wait(timeout=15)
    gone = own.request('GET', RENDER)
    assert gone.status == 502 and gone.json()['error']['code'] == 'bad_gateway'

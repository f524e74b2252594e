"""nginx's error log under a flood of refusals: a body over the limit is a
413 at the level of a 429 (neither writes a line), counted by /metrics all
the same. nginx writes its own client_max_body_size refusal ("client
intended to send too large body") at "error", a level no directive sets: at
5,878 a second the log grew 12 MB in 10 s. The site answers a body whose
Content-Length is over the limit itself, before that check."""
import http.client
import json
import os
import socket

from service import ROOT, Service, eventually
from test_metrics import scrape, value

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

FLOOD = 200


def error_log(service):
    return open(os.path.join(service.run, 'nginx-error.log'), encoding='utf-8', errors='replace').read()


def test_a_flood_of_bodies_over_the_limit_writes_nothing_to_nginxs_error_log_and_is_counted():
    service = Service(body_limit=4096)
    try:
        before, log_before = scrape(service), len(error_log(service))
        for size in (4097, 4100, 5000, 10_000, 99_999, 1_000_000):
            r = service.request('POST', '/api/render', b'x' * size, {'Content-Type': 'application/json'})
            assert (r.status, r.json()['error']['code']) == (413, 'payload_too_large'), (size, r.status)
            assert '4096' in r.json()['error']['message']
        # The limit itself is taken (the backend answers: not JSON of a request, a 400).
        r = service.request('POST', '/api/render', b'x' * 4096, {'Content-Type': 'application/json'})
        assert r.status == 400, r.status
        # A flood on one kept connection, as a client would send it.
        connection = http.client.HTTPConnection('127.0.0.1', service.port, timeout=30)
        for _ in range(FLOOD):
            connection.request('POST', '/api/render', b'{"text": "' + b'a' * 5000 + b'"}', {'Content-Type': 'application/json'})
            r = connection.getresponse()
            r.read()
            assert r.status == 413
            if r.getheader('Connection', '').lower() == 'close':
                connection.close()
                connection = http.client.HTTPConnection('127.0.0.1', service.port, timeout=30)
        connection.close()
        refused = 6 + FLOOD
        after = eventually(lambda: m if value(m := scrape(service), 'stickertext_nginx_rejections_total', status='413')
                           == value(before, 'stickertext_nginx_rejections_total', status='413') + refused else None)
        assert after is not None, "nginx's 413s were not all counted"
        written = error_log(service)[log_before:]
        assert 'too large body' not in written and '[error]' not in written and '[warn]' not in written, written[:2000]
    finally:
        service.stop()


def test_a_chunked_body_over_the_limit_is_still_refused():
    """No Content-Length: only nginx's own check, as it reads, sees the size (and logs it)."""
    service = Service(body_limit=4096)
    try:
        connection = http.client.HTTPConnection('127.0.0.1', service.port, timeout=30)
        connection.request('POST', '/api/render', body=iter([b'x' * 3000, b'x' * 3000]),
                           headers={'Content-Type': 'application/json'}, encode_chunked=True)
        r = connection.getresponse()
        assert (r.status, json.loads(r.read())['error']['code']) == (413, 'payload_too_large')
        connection.close()
    finally:
        service.stop()


def test_a_body_over_the_limit_that_expects_100_continue_is_refused_before_any_continue():
    """Such a client waits for "100 Continue" before it sends its body: nginx's own check answers
    413 at once (and writes its line); the site's early answer would have said 100 Continue first."""
    service = Service(body_limit=4096)
    try:
        with socket.create_connection(('127.0.0.1', service.port), timeout=10) as s:
            s.sendall(b'POST /api/render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n'
                      b'Content-Length: 50000\r\nExpect: 100-continue\r\n\r\n')
            answer = b''
            while b'\r\n\r\n' not in answer:
                answer += s.recv(4096)
        assert answer.startswith(b'HTTP/1.1 413 '), answer[:200]
    finally:
        service.stop()


def test_the_sites_413_answer_is_the_generated_error_pages():
    """The site's named 413 location is a copy of nginx/error-pages.conf's page (generated from
    ErrorCode): the same line, so that a change of the generated one shows here."""
    def answer(path):
        text = open(os.path.join(ROOT, 'nginx', path), encoding='utf-8').read()
        return [line.strip() for line in text.splitlines() if line.strip().startswith("return 413 '")]
    assert answer('site.conf.template') == answer('error-pages.conf') and len(answer('error-pages.conf')) == 1


def test_a_flood_of_missing_files_and_folders_with_long_paths_writes_nothing_to_nginxs_error_log():
    """A static 404 wrote a line at "error" naming the path twice (the file and the request
    line), a folder's 403 one naming its query too: a path or a query of 4 KiB wrote some 8 KB a
    request. Now each is answered with no line (log_not_found off; folders answered by the site)."""
    service = Service()
    try:
        long = 'a' * 4000
        paths = [f'/{long}.js', f'/js/{long}', f'/stickers/weibo/{long}.png', f'/stickers/{long}/x.png',
                 f'/js/?{long}', f'/stickers/weibo/?{long}', f'/{long}/']
        before = len(error_log(service))
        connection = http.client.HTTPConnection('127.0.0.1', service.port, timeout=30)
        statuses = []
        for _ in range(FLOOD // len(paths) + 1):
            for path in paths:
                connection.request('GET', path)
                r = connection.getresponse()
                r.read()
                statuses.append(r.status)
        connection.close()
        assert set(statuses[:len(paths)]) == {403, 404} and set(statuses) <= {403, 404}, statuses[:len(paths)]
        assert r.headers['content-type'].startswith('application/json')
        written = error_log(service)[before:]
        assert written == '', written[:2000]
        # The page and a picture are still there.
        assert service.request('GET', '/').status == 200
        assert service.request('GET', '/stickers/weibo/smile.png').status == 200
    finally:
        service.stop()

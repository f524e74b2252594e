"""public/openapi.yaml is the contract of the live service, nginx and server
together: schemathesis (every check) finds no request the spec allows that
is refused, none it forbids that is taken, no response it does not describe;
and every error nginx answers itself is JSON with its code from the one list
(ErrorCode, from which nginx/error-pages.conf is generated)."""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile

import pytest
from jsonschema import Draft202012Validator

from service import REGISTRY, ROOT, SPEC, Service

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC_PATH = os.path.join(ROOT, 'public', 'openapi.yaml')
CODES = SPEC['components']['schemas']['Error']['properties']['error']['properties']['code']['enum']

# What nginx answers itself, from the generated pages: status -> code.
PAGES = {int(status): code for status, code in re.findall(
    r"""return (\d+) '\{"error":\{"code":"([a-z_]+)\"""",
    open(os.path.join(ROOT, 'nginx', 'error-pages.conf'), encoding='utf-8').read())}

API_METHODS = {
    '/api/health': {'GET', 'HEAD'},
    '/api/packs': {'GET', 'HEAD'},
    '/api/render': {'GET', 'HEAD', 'POST'},
    '/api/edit': {'POST'},
    '/api/count': {'POST'},
}
ALLOW = {'/api/render': 'GET, HEAD, POST', '/api/edit': 'POST', '/api/count': 'POST'}
# Statuses nginx may answer on an API path (403, 404, 412 and 416 are the static files').
NGINX_API_STATUSES = {400, 405, 413, 414, 429, 431, 500, 501, 502, 503, 504, 505}
# The headers every answer carries, nginx's own errors included: nginx/security-headers.conf.
SECURITY_HEADERS = dict((name.lower(), value) for name, value in re.findall(
    r'^add_header (\S+) "([^"]*)" always;', open(os.path.join(ROOT, 'nginx', 'security-headers.conf')).read(), re.M))


def schemathesis(port, *extra):
    """schemathesis run with Tests/e2e/schemathesis.toml (every check, deterministic)."""
    command = [sys.executable, '-m', 'schemathesis.cli', '--config-file', os.path.join(HERE, 'schemathesis.toml'),
               'run', SPEC_PATH, '--url', f'http://127.0.0.1:{port}', '--checks', 'all', '--no-color', *extra]
    env = dict(os.environ, PYTHONPATH=HERE + os.pathsep + os.environ.get('PYTHONPATH', ''))
    # Its working folder gets hypothesis's own files: a temporary one, not the checkout.
    with tempfile.TemporaryDirectory(prefix='stickertext-schemathesis-') as cwd:
        return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def test_schemathesis_finds_no_failure(service, capsys):
    run = schemathesis(service.port, '--continue-on-failure')
    at = run.stdout.find('SUMMARY')
    summary = run.stdout[run.stdout.rfind('\n', 0, at) + 1:] if at >= 0 else run.stdout[-3000:]
    with capsys.disabled():  # the summary shows in make test's output, pass or fail
        print('\nschemathesis, every check, against nginx + stickertext-server:\n' + summary.strip())
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-5000:]
    assert re.search(r'\d+ generated', run.stdout), summary


def raw(port, request, timeout=5):
    """Sends bytes as they are (malformed on purpose) and reads the response to its end."""
    with socket.create_connection(('127.0.0.1', port), timeout=timeout) as s:
        s.sendall(request)
        data = b''
        while True:
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            data += chunk
            head, sep, body = data.partition(b'\r\n\r\n')
            length = re.search(rb'(?im)^content-length:\s*(\d+)', head)
            if sep and length and len(body) >= int(length.group(1)):
                break
    head, _, body = data.partition(b'\r\n\r\n')
    lines = head.decode('latin-1').split('\r\n')
    status = int(lines[0].split(' ')[1])
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(':', 1) for line in lines[1:] if ':' in line)}
    return status, headers, body


def assert_error(status, headers, body, code=None):
    """An error in the API's shape, with the code nginx's page has for the status
    (or `code`), the security headers of every answer, and no-store: no cache
    keeps an error, nginx's own pages included."""
    assert headers.get('content-type') == 'application/json; charset=utf-8', (status, headers, body[:200])
    # The last Cache-Control line: a 416 also has its location's (no-cache), before it.
    assert headers.get('cache-control') == 'no-store', (status, headers)
    assert {name: headers.get(name) for name in SECURITY_HEADERS} == SECURITY_HEADERS, (status, headers)
    error = json.loads(body)['error']
    assert error['code'] == (code or PAGES[status]), (status, error)
    assert error['code'] in CODES
    assert error['message']
    return error


H = b'Host: localhost\r\nConnection: close\r\n'
BIG = 2 * 1048576


def test_the_security_headers_are_those_of_a_normal_answer(service):
    assert {'x-content-type-options', 'referrer-policy', 'x-frame-options'} <= set(SECURITY_HEADERS)
    for path in ('/api/health', '/index.html', '/stickers/weibo/smile.png'):
        headers = service.request('GET', path).headers
        assert {name: headers.get(name) for name in SECURITY_HEADERS} == SECURITY_HEADERS, path


@pytest.mark.parametrize('request_bytes, status', [
    (b'GARBAGE\r\n\r\n', 400),
    (b'get / HTTP/1.1\r\n' + H + b'\r\n', 400),
    (b'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n', 400),  # no Host
    (b'GET /api/%zz HTTP/1.1\r\n' + H + b'\r\n', 400),
    (b'POST /api/count HTTP/1.1\r\n' + H + b'Content-Length: x\r\n\r\n', 400),
    (b'POST /api/count HTTP/1.1\r\n' + H + b'Transfer-Encoding: chunked\r\n\r\nzz\r\n\r\n', 400),
    (b'GET /api/health HTTP/2.0\r\n' + H + b'\r\n', 505),
    (b'GET /api/render?text=' + b'a' * 9000 + b' HTTP/1.1\r\n' + H + b'\r\n', 414),
    (b'GET /' + b'a' * 9000 + b' HTTP/1.1\r\n' + H + b'\r\n', 414),
    (b'GET /api/health HTTP/1.1\r\n' + H + b'X-Big: ' + b'a' * 9000 + b'\r\n\r\n', 431),
    (b'GET /index.html HTTP/1.1\r\n' + H + b'X-Big: ' + b'a' * 9000 + b'\r\n\r\n', 431),
    (b'POST /api/count HTTP/1.1\r\n' + H + b'Transfer-Encoding: gzip\r\n\r\n', 501),
    (b'POST /api/count HTTP/1.1\r\n' + H + b'Content-Length: %d\r\n\r\n' % BIG, 413),
    (b'GET /api/health HTTP/1.1\r\n' + H + b'Content-Length: %d\r\n\r\n' % BIG, 413),
    (b'GET /index.html HTTP/1.1\r\n' + H + b'Content-Length: %d\r\n\r\n' % BIG, 413),
    (b'GET /stickers/ HTTP/1.1\r\n' + H + b'\r\n', 403),
    (b'GET /nope.html HTTP/1.1\r\n' + H + b'\r\n', 404),
    (b'GET /index.html HTTP/1.1\r\n' + H + b'If-Match: "nope"\r\n\r\n', 412),
    (b'GET /index.html HTTP/1.1\r\n' + H + b'Range: bytes=99999999-\r\n\r\n', 416),
], ids=lambda v: v if isinstance(v, int) else v[:40].decode('latin-1').split('\r\n')[0][:30])
def test_nginx_answers_its_errors_in_json(service, request_bytes, status):
    got, headers, body = raw(service.port, request_bytes)
    assert got == status, body[:300]
    error = assert_error(got, headers, body)
    if status == 413:
        assert str(service.body_limit) in error['message']


@pytest.mark.parametrize('version, status', [
    ('HTTP/1.0', 200), ('HTTP/1.1', 200), ('HTTP/1.2', 200), ('HTTP/1.9', 200), ('HTTP/1.999', 200),
    ('HTTP/2.0', 505), ('HTTP/2', 505), ('HTTP/3.0', 505), ('HTTP/10.0', 505),
    ('HTTP/0.9', 400), ('HTTP/1.1000', 400), ('HTTP/1.x', 400), ('http/1.1', 400), ('HTTX/1.1', 400),
])
def test_any_http_1_version_is_answered_as_http_1_1_and_another_major_version_is_505(service, version, status):
    """RFC 9110 §6.2: a server answers a request of a later minor version as
    the highest it supports, so HTTP/1.9 is answered, in HTTP/1.1; a later
    major version is 505, and what is not a version at all 400 (docs/api.md)."""
    with socket.create_connection(('127.0.0.1', service.port), timeout=5) as s:
        s.sendall(f'GET /api/health {version}\r\n'.encode() + H + b'\r\n')
        first_line = s.makefile('rb').readline()
    assert first_line.split(b' ')[:2] == [b'HTTP/1.1', str(status).encode()], first_line
    got, headers, body = raw(service.port, f'GET /api/health {version}\r\n'.encode() + H + b'\r\n')
    if status == 200:
        assert json.loads(body)['status'] == 'ok'
    else:
        assert_error(got, headers, body)


METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'CONNECT', 'PROPFIND',
           'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'QUERY', 'FOO']
STATIC = ['/', '/index.html', '/openapi.yaml', '/keyboard.css', '/stickers/weibo/smile.png', '/stickers/weibo/lol@2x.png']


@pytest.mark.parametrize('method', METHODS)
def test_every_method_on_every_path(service, method):
    """A method a path does not take is 405 with the Allow of that path, in JSON,
    whoever answers (nginx refuses TRACE and CONNECT itself, and any method
    on a static file); an unknown API path is 404 whatever the method."""
    body = b'{"text":"a","op":"selectAll"}' if method == 'POST' else b''
    for path in [*API_METHODS, '/api/nope', *STATIC, '/nope']:
        request = (f'{method} {path} HTTP/1.1\r\n'.encode() + H
                   + b'Content-Type: application/json\r\nContent-Length: %d\r\n\r\n' % len(body) + body)
        status, headers, answer = raw(service.port, request)
        where = f'{method} {path}: {status} {answer[:200]!r}'
        if path == '/api/nope' or (path == '/nope' and method in ('GET', 'HEAD', 'POST')):
            assert status == 404, where
        elif method in API_METHODS.get(path, {'GET', 'HEAD'}):
            assert status != 405, where
            if status >= 400 and method != 'HEAD':  # GET /api/render without text
                assert json.loads(answer)['error']['code'] in CODES, where
            continue
        else:
            assert status == 405, where
            assert headers.get('allow') == ALLOW.get(path, 'GET, HEAD'), where
        if method != 'HEAD':
            assert_error(status, headers, answer)


def test_the_spec_describes_every_error_nginx_sends_on_the_api():
    """Each API operation documents each status nginx can answer there, and
    nginx's body for it is valid by the operation's schema."""
    for path, operations in SPEC['paths'].items():
        for method, operation in operations.items():
            for status in NGINX_API_STATUSES:
                response = operation['responses'].get(str(status))
                assert response, f'{method.upper()} {path} does not document {status}'
                if '$ref' in response:
                    response = SPEC['components']['responses'][response['$ref'].split('/')[-1]]
                schema = response['content']['application/json']['schema']
                ref = schema['$ref'].replace('#', 'urn:spec#', 1)
                body = {'error': {'code': PAGES[status], 'message': 'm'}}
                errors = list(Draft202012Validator({'$ref': ref}, registry=REGISTRY).iter_errors(body))
                assert not errors, f'{method.upper()} {path} {status}: {errors[0].message}'


def test_every_error_page_is_a_code_of_the_spec():
    assert set(PAGES.values()) <= set(CODES)
    assert len(set(PAGES.values())) == len(PAGES)


def test_a_backend_down_is_a_json_502():
    s = Service(workers=1, threads=1)
    try:
        s.server.send_signal(signal.SIGTERM)
        s.server.wait(timeout=15)
        r = s.request('GET', '/api/health')
        assert r.status == 502
        assert_error(r.status, r.headers, r.body)
        r = s.post_json('/api/count', {'text': 'a'})
        assert r.status == 502
        assert_error(r.status, r.headers, r.body)
    finally:
        s.stop()


@pytest.mark.parametrize('location, length', [(1, 2**63 - 1), (2**63 - 1, 1), (2**63 - 1, 2**63 - 1)])
def test_a_selection_whose_end_is_past_the_64_bit_range_is_out_of_range(service, location, length):
    """Both numbers are in the spec's range; their sum is not, and is still only a selection outside the text."""
    r = service.post_json('/api/edit', {'text': 'a[微笑]b', 'selection': {'location': location, 'length': length},
                                        'op': 'cut'})
    assert r.status == 400, (r.status, r.body[:200])
    assert_error(r.status, r.headers, r.body, code='out_of_range')

"""Bad input against the live service (nginx + server): each answers its
documented error and the service keeps serving."""
import gzip
import socket
import threading
import time

import pytest

from service import check_schema


def alive(service):
    return service.request('GET', '/api/health').status == 200


def raw(service, data, read=True, timeout=5):
    s = socket.create_connection(('127.0.0.1', service.port), timeout=timeout)
    try:
        s.sendall(data)
        if not read:
            return b''
        chunks = []
        try:
            while True:
                c = s.recv(65536)
                if not c:
                    break
                chunks.append(c)
        except socket.timeout:
            pass
        return b''.join(chunks)
    finally:
        s.close()


def test_ten_megabyte_body_is_413_json(service):
    body = b'{"text":"' + b'a' * (10 * 1024 * 1024) + b'"}'
    r = service.request('POST', '/api/edit', body, {'Content-Type': 'application/json'})
    assert r.status == 413
    check_schema(r, '/api/edit', 'POST')
    assert alive(service)


def test_truncated_body_does_not_hang_or_break_the_service(service):
    # Says 1000 bytes, sends 20, closes.
    raw(service, b'POST /api/edit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"text":"a","op":"c', read=False)
    # Says 1000, sends 20 and waits: nginx times the body out; meanwhile others are served.
    t = threading.Thread(target=raw, args=(service, b'POST /api/count HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"text":', True, 2))
    t.start()
    assert alive(service)
    t.join()
    assert alive(service)


def test_truncated_json_is_400(service):
    r = service.request('POST', '/api/count', '{"text": "abc', {'Content-Type': 'application/json'})
    assert r.status == 400 and r.json()['error']['code'] == 'invalid_json'


@pytest.mark.parametrize('selection,code', [
    ({'location': 10 ** 30, 'length': 0}, 'invalid_request'),
    ({'location': -5, 'length': 0}, 'out_of_range'),
    ({'location': 0, 'length': -(2 ** 63)}, 'out_of_range'),
    ({'location': 2 ** 62, 'length': 2 ** 62}, 'out_of_range'),
    ({'location': 1.5, 'length': 0}, 'invalid_request'),
])
def test_huge_and_negative_numbers(service, selection, code):
    r = service.post_json('/api/edit', {'text': 'abc', 'selection': selection, 'op': 'copy'})
    assert r.status == 400 and r.json()['error']['code'] == code, r.body
    r = service.post_json('/api/edit', {'text': 'abc', 'op': 'moveCaret', 'offset': -(2 ** 63)})
    assert r.status == 200 and r.json()['selection'] == {'location': 0, 'length': 0}
    r = service.post_json('/api/count', {'text': 'abc', 'policy': {'maxLength': 2 ** 63 - 1}})
    assert r.status == 200 and r.json()['valid'] is True


def test_deeply_nested_json_is_400_not_a_crash(service):
    for depth in (65, 10000, 500000):
        body = '{"text":"a","policy":' + '[' * depth + ']' * depth + '}'
        r = service.request('POST', '/api/count', body, {'Content-Type': 'application/json'})
        assert r.status in (400, 413)
    assert alive(service)


def test_slow_clients_do_not_block_others(service):
    slow = []
    for _ in range(40):
        s = socket.create_connection(('127.0.0.1', service.port))
        s.sendall(b'POST /api/count HTTP/1.1\r\nHost: x\r\n')  # headers never finished
        slow.append(s)
    try:
        start = time.time()
        for _ in range(20):
            assert alive(service)
        assert time.time() - start < 5
    finally:
        for s in slow:
            s.close()


@pytest.mark.parametrize('path', [
    '/stickers/../../Package.swift', '/stickers/%2e%2e/%2e%2e/Package.swift', '/stickers/..%2f..%2fPackage.swift',
    '/stickers/weibo/../../../Makefile', '/stickers/%2e%2e%2f%2e%2e%2fMakefile', '/../../etc/passwd',
    '/stickers/weibo/smile.png%00.txt', '/stickers/weibo/..%5c..%5cPackage.swift',
])
def test_path_traversal_serves_nothing_outside_public(service, path):
    response = raw(service, f'GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'.encode())
    status = int(response.split(b' ', 2)[1])
    assert status in (400, 403, 404), response[:200]
    assert b'PackageDescription' not in response and b'root:' not in response and b'SWIFT' not in response
    assert alive(service)


def test_trace_is_refused_by_nginx(service):
    assert service.request('TRACE', '/api/edit').status == 405  # nginx's own refusal, before any location
    assert alive(service)


@pytest.mark.parametrize('method', ['PUT', 'DELETE', 'PATCH', 'OPTIONS'])
def test_wrong_methods_on_the_api(service, method):
    r = service.request(method, '/api/edit')
    assert r.status in (405,) and r.json()['error']['code'] == 'method_not_allowed'
    assert r.headers['allow'] == 'POST'


@pytest.mark.parametrize('path', ['/api/render', '/api/edit', '/api/count'])
def test_a_body_with_a_content_coding_is_refused_not_read_as_text(service, path):
    body = gzip.compress(b'{"text":"a","op":"selectAll"}')
    r = service.request('POST', path, body, {'Content-Type': 'application/json', 'Content-Encoding': 'gzip'})
    assert r.status == 415 and r.json()['error']['code'] == 'unsupported_media_type', (r.status, r.body[:200])
    assert r.headers['accept-encoding'] == 'identity'
    check_schema(r, path, 'POST')
    # The coded bytes were not taken for text, even when they happen to be valid JSON.
    r = service.request('POST', '/api/count', '{"text":"a"}', {'Content-Type': 'application/json', 'Content-Encoding': 'br'})
    assert r.status == 415


@pytest.mark.parametrize('content_type', ['text/plain', 'application/xml', 'multipart/form-data; boundary=x',
                                          'application/json; charset=iso-8859-1', ''])
def test_wrong_content_types(service, content_type):
    headers = {'Content-Type': content_type} if content_type else {}
    r = service.request('POST', '/api/count', '{"text":"a"}', headers)
    assert r.status == 415 and r.json()['error']['code'] == 'unsupported_media_type'

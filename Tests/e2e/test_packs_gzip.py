"""GET /api/packs through nginx in its two representations: gzipped by the
service (once per pack load) for a client that accepts gzip, identity for one
that does not; each with its own ETag and 304, both varying on Accept-Encoding."""
import gzip

from service import check_schema

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs


def packs(service, accept_encoding=None, method='GET', if_none_match=None):
    headers = {'Accept-Encoding': accept_encoding, 'If-None-Match': if_none_match}
    return service.request(method, '/api/packs', headers={k: v for k, v in headers.items() if v is not None})


def test_a_client_accepting_gzip_gets_the_identity_bytes_gzipped(service):
    identity = packs(service)
    zipped = packs(service, 'gzip')
    assert zipped.status == 200
    assert zipped.headers['content-encoding'] == 'gzip'
    assert gzip.decompress(zipped.body) == identity.body
    assert len(zipped.body) < len(identity.body) / 3
    check_schema(identity, '/api/packs', 'GET')


def test_a_client_without_accept_encoding_gets_identity(service):
    r = packs(service)
    assert r.status == 200
    assert 'content-encoding' not in r.headers
    assert r.json()['packs'][0]['id'] == 'weibo'


def test_a_client_refusing_gzip_gets_identity(service):
    identity = packs(service)
    for header in ('gzip;q=0', 'gzip;q=0.000', 'deflate, br', 'identity'):
        r = packs(service, header)
        assert 'content-encoding' not in r.headers, header
        assert r.body == identity.body, header


def test_both_vary_on_accept_encoding_and_have_their_own_etag(service):
    identity = packs(service)
    zipped = packs(service, 'gzip, deflate, br')
    assert identity.headers['vary'] == zipped.headers['vary'] == 'Accept-Encoding'
    assert zipped.headers['etag'] == identity.headers['etag'][:-1] + '-gzip"'


def test_every_answer_says_vary_accept_encoding_once(service):
    """The service sends Vary itself; nginx's gzip_vary would add a second to
    an answer it could have compressed (the identity 200)."""
    tags = {accept: packs(service, accept).headers['etag'] for accept in (None, 'gzip')}
    for _ in range(2):  # from the backend, then from nginx's cache
        for accept in (None, 'gzip'):
            for method, if_none_match in (('GET', None), ('HEAD', None), ('GET', tags[accept])):
                r = packs(service, accept, method, if_none_match)
                varies = [value for name, value in r.header_lines if name == 'vary']
                assert varies == ['Accept-Encoding'], (accept, method, if_none_match, r.status, varies)


def test_each_representation_revalidates_with_its_own_etag(service):
    identity_tag = packs(service).headers['etag']
    gzip_tag = packs(service, 'gzip').headers['etag']
    for accept, tag in ((None, identity_tag), ('gzip', gzip_tag)):
        r = packs(service, accept, if_none_match=tag)
        assert r.status == 304 and r.body == b'', accept
        assert r.headers['etag'] == tag and r.headers['vary'] == 'Accept-Encoding', accept
    # The other representation's tag does not match: the one chosen comes whole.
    r = packs(service, 'gzip', if_none_match=identity_tag)
    assert r.status == 200 and r.headers['content-encoding'] == 'gzip'


def test_head_has_the_headers_of_get_and_no_body(service):
    for accept in (None, 'gzip'):
        get, head = packs(service, accept), packs(service, accept, method='HEAD')
        assert head.status == 200 and head.body == b'', accept
        for name in ('etag', 'vary', 'content-type'):
            assert head.headers[name] == get.headers[name], (accept, name)
        assert head.headers.get('content-encoding') == get.headers.get('content-encoding'), accept

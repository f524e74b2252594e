"""nst/JSONTestSuite (Tests/JSONTestSuite/, see its README) through nginx and the
server: every file POSTed as the body of /api/count. A y_ file is JSON (refused,
if at all, as a request: invalid_request), the two with a duplicated key are
invalid_request naming it, an n_ file is invalid_json or invalid_utf8, an i_
file is a 400 of the body's; no worker dies on any of them."""
import os

import pytest

from service import ROOT, check_schema

SUITE = os.path.join(ROOT, 'Tests', 'JSONTestSuite', 'test_parsing')
FILES = sorted(f for f in os.listdir(SUITE) if f.endswith('.json'))
DUPLICATE_KEYS = {'y_object_duplicated_key.json', 'y_object_duplicated_key_and_value.json'}
BODY_ERRORS = {'invalid_json', 'invalid_utf8', 'invalid_request'}


def expected(name):
    """The codes the file may be answered with, and whether a 200 is allowed."""
    if name in DUPLICATE_KEYS:
        return {'invalid_request'}, False
    if name.startswith('y_'):
        return {'invalid_request'}, True
    if name.startswith('n_'):
        return {'invalid_json', 'invalid_utf8'}, False
    return BODY_ERRORS, True


def test_the_suite_is_here_whole():
    assert [sum(f.startswith(p) for f in FILES) for p in ('y_', 'n_', 'i_')] == [95, 188, 35]


def test_every_file_is_answered_as_the_suite_says_and_no_worker_dies(service):
    workers = service.workers()
    wrong = []
    for name in FILES:
        with open(os.path.join(SUITE, name), 'rb') as f:
            body = f.read()
        r = service.request('POST', '/api/count', body, {'Content-Type': 'application/json'})
        codes, ok_allowed = expected(name)
        if r.status == 200 and ok_allowed:
            check_schema(r, '/api/count', 'POST')
            continue
        code = r.json()['error']['code'] if r.status == 400 else None
        if code not in codes:
            wrong.append(f'{name}: {r.status} {r.body[:200]!r}')
            continue
        check_schema(r, '/api/count', 'POST')
        if name in DUPLICATE_KEYS and '"a"' not in r.json()['error']['message']:
            wrong.append(f'{name}: the duplicated key is not named: {r.body[:200]!r}')
    assert not wrong, f'{len(wrong)} of {len(FILES)} answered wrongly:\n' + '\n'.join(wrong)
    assert service.request('GET', '/api/health').status == 200
    assert service.workers() == workers, service.server_log()[-2000:]


@pytest.mark.parametrize('name', sorted(DUPLICATE_KEYS))
def test_a_duplicated_key_is_an_invalid_request_that_names_it(service, name):
    with open(os.path.join(SUITE, name), 'rb') as f:
        r = service.request('POST', '/api/count', f.read(), {'Content-Type': 'application/json'})
    assert r.status == 400, r.body
    assert r.json()['error'] == {'code': 'invalid_request',
                                 'message': 'duplicate field "a" at byte 9: a field may be given once'}

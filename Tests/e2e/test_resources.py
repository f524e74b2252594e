"""What one request can take from everyone (issue 36, the service's half),
against the real nginx and server: a page on another site cannot make its
visitors' browsers call the API (no preflight is granted, and only
application/json is read)."""
import http.server
import json
import threading
import time

import pytest

from browser import browser
from service import check_schema, eventually, free_port


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
        log_before = service.server_log()
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
    # the JSON one never sent, its preflight refused.
    def lines():
        new = service.server_log()[len(log_before):]
        seen = [line.split('] ', 1)[1].split()[:3] for line in new.splitlines() if '/api/render' in line]
        return seen if len(seen) >= 3 else None
    seen = eventually(lines)
    assert sorted(map(tuple, seen)) == [('OPTIONS', '/api/render', '405'), ('POST', '/api/render', '415'),
                                        ('POST', '/api/render', '415')], seen

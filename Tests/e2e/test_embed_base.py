"""The embed (public/embed/stickertext.js) knows its origin from the URL it
was loaded from, whatever <base href> the host page holds, in Chromium,
Firefox and WebKit. A host page (127.0.0.2) that serves the service under its
own origin, as a site that proxies it would, loads the script by a relative
src; user content puts a <base href> naming another origin (127.0.0.3, which
records what it is asked) after the script tag. A deferred script runs once
the page is parsed, when `document.currentScript.src` (the src attribute
resolved against the document's base URL as it is read) named that origin:
the packs and the pictures were asked from it. A <base> before the script tag
changes where the script itself comes from: there the host page's CSP is the
defence, docs/embed.md's with base-uri 'none', under which the browser ignores
the <base>."""
import http.server
import os
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest

from browser import browser, wait
from engines import ENGINES  # noqa: F401 (conftest.py runs the module in each)
from service import ROOT, free_port

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs


def serve(address, answer):
    """A server on `address` whose GETs `answer(path)` gives as (status, headers, body)."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            status, headers, body = answer(self.path)
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer((address, free_port()), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f'http://{address}:{server.server_address[1]}'


class Sites:
    """The host page's origin, which serves the service's paths as its own, and another origin."""

    def __init__(self, service):
        self.service = f'http://127.0.0.1:{service.port}'
        self.pages = {}  # path: (html, csp or None)
        self.asked = []  # the other origin's paths, as asked
        self.host, self.origin = serve('127.0.0.2', self.host_answer)
        self.other, self.other_origin = serve('127.0.0.3', self.other_answer)

    def host_answer(self, path):
        if path.startswith(('/embed/', '/api/', '/stickers/')):
            try:
                with urllib.request.urlopen(self.service + path) as r:
                    return r.status, {'Content-Type': r.headers['Content-Type']}, r.read()
            except urllib.error.HTTPError as e:
                return e.code, {'Content-Type': e.headers['Content-Type']}, e.read()
        html, csp = self.pages.get(urllib.parse.urlsplit(path).path, (None, None))
        if html is None:
            return 404, {}, b''
        headers = {'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store'}
        if csp:
            headers['Content-Security-Policy'] = csp
        return 200, headers, html.encode('utf-8')

    def other_answer(self, path):
        if path != '/favicon.ico':  # the browser's own (WebKit resolves it against the <base>)
            self.asked.append(path)
        return 404, {'Access-Control-Allow-Origin': '*'}, b''

    def page(self, path, head, body, csp=None):
        self.pages[path] = (f'<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>host</title>'
                            f'{head}</head><body>{body}</body></html>', csp)
        return self.origin + path

    def stop(self):
        self.host.shutdown()
        self.other.shutdown()


@pytest.fixture(scope='module')
def sites(service):
    s = Sites(service)
    yield s
    s.stop()


@pytest.fixture(scope='module')
def d(engine):
    driver = browser(900, 800, engine=engine)
    yield driver
    driver.quit()


SCRIPT = '<script src="/embed/stickertext.js" defer></script>'
# docs/embed.md's recommended CSP for a host page, for the origin the host serves the service under.
RECOMMENDED_CSP = "default-src 'none'; script-src {0}; img-src {0}; connect-src {0}; base-uri 'none'"


def images(d):
    return d.execute_script('return [...document.querySelectorAll("#basic img.sticker")].map((i) => [i.alt, i.src])')


@pytest.mark.parametrize('defer', [True, False], ids=['defer', 'not-deferred'])
def test_a_base_after_the_script_tag_changes_nothing_the_embed_fetches(sites, d, defer):
    base = f'<base href="{sites.other_origin}/elsewhere/">'
    script = SCRIPT if defer else SCRIPT.replace(' defer', '')
    url = sites.page(f'/base-after-{defer}', script + base, '<p id="basic" data-stickertext>笑死我了[笑哭]</p>')
    sites.asked.clear()
    d.get(url)
    # The document's base is the other origin's, as the host page asked.
    assert d.execute_script('return document.baseURI') == f'{sites.other_origin}/elsewhere/'
    wait(d, 'return !!document.querySelector("#basic img.sticker")')
    assert [alt for alt, _ in images(d)] == ['[笑哭]']
    assert all(src.startswith(sites.origin + '/stickers/') for _, src in images(d)), images(d)
    assert sites.asked == []


def test_a_base_before_the_script_tag_is_ignored_under_the_recommended_csp(sites, d):
    """The <base> names where the relative src itself is fetched from: only the
    host page's CSP can keep it from another origin's script, and base-uri
    'none' makes the browser ignore the <base> (script-src alone would leave
    no embed at all)."""
    base = f'<base href="{sites.other_origin}/elsewhere/">'
    url = sites.page('/base-before', base + SCRIPT, '<p id="basic" data-stickertext>笑死我了[笑哭]</p>',
                     csp=RECOMMENDED_CSP.format(sites.origin))
    sites.asked.clear()
    d.get(url)
    assert d.execute_script('return document.baseURI') == url
    wait(d, 'return !!document.querySelector("#basic img.sticker")')
    assert [alt for alt, _ in images(d)] == ['[笑哭]']
    assert all(src.startswith(sites.origin + '/stickers/') for _, src in images(d)), images(d)
    assert sites.asked == []


def test_the_docs_recommended_csp_is_the_one_tested_here_with_base_uri_none():
    doc = open(os.path.join(ROOT, 'docs', 'embed.md'), encoding='utf-8').read()
    block = doc.split('Content-Security-Policy: ', 1)[1].split('```', 1)[0]
    policy = ' '.join(block.split())
    assert policy == RECOMMENDED_CSP.format('https://stickers.example.com'), policy

"""The drop-in embed (public/embed/stickertext.js) on another site: a host page
served from another origin (127.0.0.2, its own port) under a strict CSP that
allows only the service's origin, in headless Chromium against the real nginx
and server."""
import html
import http.server
import json
import os
import subprocess
import threading
import time
import urllib.parse
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from browser import browser, network_events, wait
from service import ROOT, free_port

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

HOSTILE = [
    '<script>window.pwned = 1</script>[笑哭]',
    '<img src=x onerror="window.pwned = 1">[doge]<b onclick=alert(1)>',
    '&lt;b&gt; &amp;amp; &#91;笑哭&#93; &#x5b;doge&#x5d;',
    '<a href="javascript:window.pwned = 1">[赞]</a> javascript:alert(1)',
    '" onmouseover="window.pwned = 1" x="[微笑]\' <!-- -->',
    '[nope] [笑哭 [[doge]] [[笑哭] [微笑]] [] [ ] ]] [[ [doge',
    '[笑\u200b哭] [ＤＯＧＥ] [Doge] [doge ] \u202e[笑哭]\u202c',
    '👨‍👩‍👧[笑哭]🇨🇳[doge]1️⃣é',
    '{{constructor.constructor("window.pwned = 1")()}} ${window.pwned = 1} [doge]',
    '<sticker-text>[doge]</sticker-text> <style>*{display:none}</style>',
]

# What the page may fetch, and nothing else: the host page and the service.
VIOLATIONS = '''
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) =>
    window.__violations.push(e.violatedDirective + ' ' + e.blockedURI), true);
'''

# An element's text with each sticker <img> as its alt: what it was rendered from.
SOURCE = '''
const source = (element) => [...element.childNodes].map((n) =>
    n.nodeType === 3 ? n.data : n.localName === 'img' ? n.alt : source(n)).join('');
'''


class Host:
    """Another site: pages with the service's script tag, under the strict CSP of the issue."""

    def __init__(self, service):
        self.service = f'http://127.0.0.1:{service.port}'
        self.pages = {}
        self.without_csp = set()  # paths served with no policy at all
        self.csp = f"default-src 'none'; script-src {self.service}; img-src {self.service}; connect-src {self.service}"
        host = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = host.pages.get(urllib.parse.urlsplit(self.path).path)
                if body is None:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header('Content-Type', 'text/html; charset=utf-8')
                if urllib.parse.urlsplit(self.path).path not in host.without_csp:
                    self.send_header('Content-Security-Policy', host.csp)
                self.send_header('Cache-Control', 'no-store')
                self.end_headers()
                self.wfile.write(body.encode('utf-8'))

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(('127.0.0.2', free_port()), Handler)
        self.origin = f'http://127.0.0.2:{self.server.server_address[1]}'
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def page(self, path, body, lang='zh-CN'):
        self.pages[path] = (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>host</title>'
                            f'<script src="{self.service}/embed/stickertext.js" defer></script></head>'
                            f'<body>{body}</body></html>')
        return self.origin + path

    def stop(self):
        self.server.shutdown()


@pytest.fixture(scope='module')
def host(service):
    h = Host(service)
    yield h
    h.stop()


@pytest.fixture(scope='module')
def d():
    driver = browser(900, 800, network_log=True)
    driver.execute_cdp_cmd('Page.addScriptToEvaluateOnNewDocument', {'source': VIOLATIONS})
    yield driver
    driver.quit()


def stickers(d, selector):
    return d.execute_script(f'return [...document.querySelectorAll({json.dumps(selector)} + " img.sticker")].map((i) => i.alt)')


def source(d, selector):
    return d.execute_script(SOURCE + f'return source(document.querySelector({json.dumps(selector)}))')


def open_page(d, url, ready='#basic img.sticker'):
    network_events(d)  # drop what came before
    d.get(url)
    wait(d, f'return document.querySelector({json.dumps(ready)})')


def fetched(d):
    """(url, status, type) of every response since the last call."""
    return [(e['params']['response']['url'], e['params']['response']['status'], e['params']['type'])
            for e in network_events(d) if e['method'] == 'Network.responseReceived']


def no_violations(d):
    assert d.execute_script('return window.__violations') == []
    assert d.execute_script('return window.pwned') is None


# ---- The acceptance: the script tag alone, under the strict CSP

def test_the_script_tag_alone_renders_codes_and_a_paragraph_added_two_seconds_later(host, d):
    url = host.page('/acceptance', '<p id="basic" data-stickertext>笑死我了[笑哭]</p>')
    open_page(d, url)
    p = d.find_element(By.ID, 'basic')
    assert p.text == '笑死我了'
    assert len(p.find_elements(By.CSS_SELECTOR, '*')) == 1  # text plus one sticker image
    img = p.find_element(By.CSS_SELECTOR, 'img.sticker')
    assert img.get_attribute('alt') == '[笑哭]'
    assert img.get_attribute('src') == f'{host.service}/stickers/weibo/lol.png'
    assert img.get_attribute('srcset') == f'{host.service}/stickers/weibo/lol@2x.png 2x, {host.service}/stickers/weibo/lol@3x.png 3x'
    assert img.get_attribute('loading') == 'lazy'
    assert img.get_attribute('aria-label') == '笑哭'  # the page is zh-CN
    wait(d, 'return arguments[0].complete && arguments[0].naturalWidth > 0', img)  # loaded, though lazy: it is in view
    assert source(d, '#basic') == '笑死我了[笑哭]'
    time.sleep(2)
    d.execute_script('''const p = document.createElement('p'); p.id = 'later'; p.dataset.stickertext = '';
                        p.textContent = '两秒以后[doge]'; document.body.append(p);''')
    wait(d, "return document.querySelector('#later img.sticker')")
    assert source(d, '#later') == '两秒以后[doge]'
    no_violations(d)


def test_a_sticker_is_one_line_high_by_default_and_the_size_can_be_changed(host, d):
    url = host.page('/size', '<p id="basic" data-stickertext>a[doge]</p>'
                             '<p id="big" data-stickertext data-stickertext-size="3em">a[doge]</p>'
                             '<p id="bad" data-stickertext data-stickertext-size="red; background: url(x)">a[doge]</p>')
    open_page(d, url)
    wait(d, "return document.querySelector('#bad img.sticker')")
    heights = d.execute_script('''return ['#basic', '#big', '#bad'].map((s) =>
        document.querySelector(s + ' img.sticker').style.height)''')
    assert heights == ['1.25em', '3em', '1.25em']  # a size that is not a length is not used
    box = d.execute_script('''const i = document.querySelector('#basic img.sticker');
        return [i.getBoundingClientRect().height, parseFloat(getComputedStyle(i).fontSize)]''')
    assert box[0] == pytest.approx(1.25 * box[1], abs=0.5)
    assert d.execute_script("return document.querySelector('#bad img.sticker').style.background") == ''
    no_violations(d)


# ---- Hostile text stays text, and text + alts is the original

def test_hostile_text_stays_text_and_each_element_gives_its_text_back(host, d):
    body = '<p id="basic" data-stickertext>[微笑]</p>' + ''.join(
        f'<p class="hostile" data-stickertext>{html.escape(t)}</p>' for t in HOSTILE)
    open_page(d, host.page('/hostile', body))
    wait(d, "return document.querySelectorAll('.hostile img.sticker').length === 12")
    got = d.execute_script(SOURCE + "return [...document.querySelectorAll('.hostile')].map(source)")
    assert got == HOSTILE
    # The only elements in them are the script's stickers, each with its own attributes.
    kinds = d.execute_script('''return [...document.querySelectorAll('.hostile *')].map((e) =>
        [e.localName, e.className, [...e.attributes].map((a) => a.name).sort().join(' ')])''')
    assert {k[0] for k in kinds} == {'img'}
    assert {k[1] for k in kinds} == {'sticker'}
    assert {k[2] for k in kinds} == {'alt aria-label class height loading src srcset style title width'}
    assert stickers(d, '.hostile:nth-of-type(7)') == ['[doge]', '[笑哭]', '[微笑]']  # the 6th HOSTILE line: innermost pairs
    no_violations(d)


def test_text_set_by_the_host_page_at_run_time_stays_text(host, d):
    open_page(d, host.page('/runtime', '<p id="basic" data-stickertext>[微笑]</p><div id="feed"></div>'))
    d.execute_script('''const feed = document.getElementById('feed');
        for (const [i, t] of arguments[0].entries()) {
          const p = document.createElement('p'); p.id = 'm' + i; p.setAttribute('data-stickertext', ''); p.textContent = t; feed.append(p);
        }''', HOSTILE)
    wait(d, "return document.querySelectorAll('#feed img.sticker').length === 12")
    assert [source(d, f'#m{i}') for i in range(len(HOSTILE))] == HOSTILE
    assert d.execute_script("return document.querySelectorAll('#feed *:not(p):not(img.sticker)').length") == 0
    no_violations(d)


# ---- What is rendered and what is left alone

def test_elements_without_the_attribute_and_code_inside_are_left_alone(host, d):
    body = ('<p id="basic" data-stickertext>[微笑] <b id="bold">bold [doge]</b> <code id="code">[doge]</code> '
            '<textarea id="field">[doge]</textarea><span id="edit" contenteditable>[doge]</span></p>'
            '<p id="plain">笑死我了[笑哭]</p><div id="outer"><p id="inner" data-stickertext>[赞]</p>[doge]</div>')
    open_page(d, host.page('/alone', body))
    wait(d, "return document.querySelector('#inner img.sticker')")
    assert stickers(d, '#basic') == ['[微笑]', '[doge]']
    assert stickers(d, '#bold') == ['[doge]']  # the host's own markup is kept, its text rendered
    assert d.execute_script("return document.getElementById('code').innerHTML") == '[doge]'
    assert d.execute_script("return document.getElementById('field').value") == '[doge]'
    assert d.execute_script("return document.getElementById('edit').innerHTML") == '[doge]'
    assert d.execute_script("return document.getElementById('plain').innerHTML") == '笑死我了[笑哭]'
    assert d.execute_script("return document.getElementById('outer').lastChild.data") == '[doge]'
    no_violations(d)


def test_later_changes_are_rendered_text_appended_text_changed_and_the_attribute_added(host, d):
    body = '<p id="basic" data-stickertext>[微笑]</p><p id="chat" data-stickertext></p><p id="plain">[doge]</p>'
    open_page(d, host.page('/later', body))
    d.execute_script('''const chat = document.getElementById('chat');
        chat.append('hi [');                      // a code typed in two pieces
        chat.append('doge] there');
        const m = document.createElement('div'); m.id = 'msg'; m.innerHTML = '<i>new</i> [赞]'; chat.append(m);''')
    wait(d, "return document.querySelectorAll('#chat img.sticker').length === 2")
    assert stickers(d, '#chat') == ['[doge]', '[赞]']
    assert source(d, '#chat') == 'hi [doge] therenew [赞]'
    d.execute_script("document.querySelector('#msg i').firstChild.data = 'changed [笑哭]'")
    wait(d, "return document.querySelector('#msg i img.sticker')")
    d.execute_script("document.getElementById('plain').setAttribute('data-stickertext', '')")
    wait(d, "return document.querySelector('#plain img.sticker')")
    assert source(d, '#chat') == 'hi [doge] therechanged [笑哭] [赞]'
    no_violations(d)


def test_the_sticker_text_element_renders_its_text_and_again_when_it_changes(host, d):
    body = ('<p id="basic" data-stickertext>[微笑]</p>'
            '<sticker-text id="el">笑死我了[笑哭]</sticker-text> <sticker-text id="en" lang="en">[doge]</sticker-text>')
    open_page(d, host.page('/element', body))
    wait(d, "return document.querySelector('#el img.sticker') && document.querySelector('#en img.sticker')")
    assert source(d, '#el') == '笑死我了[笑哭]'
    assert d.execute_script("return document.querySelector('#en img').getAttribute('aria-label')") == 'doge'
    assert d.execute_script("return document.querySelector('#el img').getAttribute('aria-label')") == '笑哭'
    d.execute_script("document.getElementById('el').textContent = '<b>x</b>[赞][微笑]'")
    wait(d, "return document.querySelectorAll('#el img.sticker').length === 2")
    assert source(d, '#el') == '<b>x</b>[赞][微笑]'
    d.execute_script("document.getElementById('el').setAttribute('size', '2em')")
    wait(d, "return [...document.querySelectorAll('#el img')].every((i) => i.style.height === '2em')")
    assert source(d, '#el') == '<b>x</b>[赞][微笑]'
    d.execute_script('''const e = document.createElement('sticker-text'); e.id = 'added'; e.textContent = '[doge]!';
                        document.body.append(e);''')
    wait(d, "return document.querySelector('#added img.sticker')")
    assert source(d, '#added') == '[doge]!'
    no_violations(d)


def test_an_animated_sticker_is_the_servers_picture_and_shows_its_poster_under_reduced_motion(host, d):
    body = '<p id="moving" data-stickertext>转[spin]圈</p><sticker-text id="el">[转圈]</sticker-text>'
    folder = f'{host.service}/stickers/motion/'
    try:
        d.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [{'name': 'prefers-reduced-motion', 'value': 'reduce'}]})
        open_page(d, host.page('/animated', body), ready='#moving img.sticker')
        markup = d.execute_script('''const p = document.querySelector('#moving picture');
            return [[...p.children].map((c) => c.localName), [...p.firstChild.attributes].map((a) => [a.name, a.value])];''')
        assert markup == [['source', 'img'], [['media', '(prefers-reduced-motion: reduce)'],
                                              ['srcset', f'{folder}spin-poster.png 1x, {folder}spin-poster@2x.png 2x, {folder}spin-poster@3x.png 3x']]]
        img = d.find_element(By.CSS_SELECTOR, '#moving picture > img.sticker')
        assert img.get_attribute('src') == f'{folder}spin.png' and img.get_attribute('alt') == '[spin]'
        wait(d, 'return arguments[0].complete && arguments[0].naturalWidth > 0', img)
        assert img.get_attribute('currentSrc') == f'{folder}spin-poster.png'
        assert source(d, '#moving') == '转[spin]圈'
        # A new size turns the sticker back into its code and renders it again: still one picture.
        wait(d, "return document.querySelector('#el picture img.sticker')")
        d.execute_script("document.getElementById('el').setAttribute('size', '2em')")
        wait(d, "return [...document.querySelectorAll('#el img')].every((i) => i.style.height === '2em')")
        assert d.execute_script("return document.querySelectorAll('#el picture').length") == 1
        assert source(d, '#el') == '[转圈]'
    finally:
        d.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [{'name': 'prefers-reduced-motion', 'value': ''}]})
    no_violations(d)


def test_parse_renders_any_element_and_refuses_bad_options(host, d):
    open_page(d, host.page('/parse', '<p id="basic" data-stickertext>[微笑]</p><p id="own">[doge] [smile]</p>'))
    d.execute_async_script('''const done = arguments[arguments.length - 1];
        stickertext.parse(document.getElementById('own'), {size: '2em', lang: 'en'}).then(() => done())''')
    labels = d.execute_script("return [...document.querySelectorAll('#own img')].map((i) => [i.getAttribute('aria-label'), i.style.height])")
    assert labels == [['doge', '2em'], ['smile', '2em']]
    errors = d.execute_async_script('''const done = arguments[arguments.length - 1];
        const p = document.getElementById('own');
        Promise.allSettled([stickertext.parse(null), stickertext.parse(p, {size: 'huge'}), stickertext.parse(p, {lang: 'fr'}),
                            stickertext.parse(p, {sise: '2em'}), stickertext.parse(p, 'x')])
          .then((r) => done(r.map((x) => x.status + ' ' + (x.reason && x.reason.message))))''')
    assert errors == ['rejected stickertext: parse needs an element',
                      'rejected stickertext: size must be a CSS length, not huge',
                      'rejected stickertext: lang must be zh or en',
                      'rejected stickertext: unknown option sise (there are size and lang)',
                      'rejected stickertext: options must be an object']


# ---- What it loads: only the two origins, once, small

def test_nothing_is_fetched_from_any_other_origin_and_the_packs_once(host, d):
    body = ('<p id="basic" data-stickertext>[微笑]</p>' + '<p data-stickertext>[doge] [笑哭]</p>' * 20
            + '<sticker-text>[赞]</sticker-text>' * 5)
    open_page(d, host.page('/origins', body))
    d.execute_script("for (let i = 0; i < 5; i++) { const p = document.createElement('p'); p.dataset.stickertext = ''; p.textContent = '[赞]'; document.body.append(p); }")
    wait(d, "return document.querySelectorAll('img.sticker').length === 51")
    time.sleep(0.3)
    responses = fetched(d)
    origins = {f'{u.scheme}://{u.netloc}' for u in (urllib.parse.urlsplit(url) for url, _, _ in responses)}
    assert origins == {host.origin, host.service}
    assert [url for url, _, _ in responses].count(f'{host.service}/api/packs') == 1
    no_violations(d)


def test_the_packs_are_revalidated_by_etag_on_the_next_page_view(host, d):
    url = host.page('/again', '<p id="basic" data-stickertext>[微笑]</p>')
    open_page(d, url)
    open_page(d, url)
    events = network_events(d)
    ids = [e['params']['requestId'] for e in events if e['method'] == 'Network.requestWillBeSent'
           and e['params']['request']['url'] == f'{host.service}/api/packs']
    assert len(ids) == 1
    # The headers as sent and received on the wire (the cache then hands fetch the stored 200).
    sent = [e['params']['headers'] for e in events if e['method'] == 'Network.requestWillBeSentExtraInfo' and e['params']['requestId'] in ids]
    received = [e['params']['statusCode'] for e in events if e['method'] == 'Network.responseReceivedExtraInfo' and e['params']['requestId'] in ids]
    assert 'If-None-Match' in sent[0] and received == [304]
    assert d.find_elements(By.CSS_SELECTOR, '#basic img.sticker')


EMBED_BUDGET = 6 * 1024


def test_what_a_host_loads_is_one_script_within_6_kb_gzipped(host, d):
    """Every script the host page fetches from the service, as nginx sends it (gzip): the embed
    script alone, which carries the editor's own catalog and scanner (built in, not copied by
    hand: tools/build-page.mjs bundles the modules). emoji-picker-element is 12.5 kB."""
    open_page(d, host.page('/weight', '<p id="basic" data-stickertext>[微笑]</p>'))
    scripts = sorted(u for u, _, kind in fetched(d) if kind == 'Script')
    assert scripts == [f'{host.service}/embed/stickertext.js']
    sent = [urllib.request.urlopen(urllib.request.Request(u, headers={'Accept-Encoding': 'gzip'})) for u in scripts]
    assert all(r.headers['Content-Encoding'] == 'gzip' for r in sent)
    sizes = [len(r.read()) for r in sent]
    print(f'the embed: {sum(sizes)} bytes gzipped')
    assert sum(sizes) <= EMBED_BUDGET, sizes


# ---- A host page whose own elements shadow the names the embed reads (DOM clobbering)

# User content that keeps name and id attributes: an image named currentScript
# takes the place of document.currentScript, an element with the id stickertext
# that of window.stickertext (the embed's "included twice" check).
CLOBBERING = {
    'current-script': '<img name="currentScript" src="https://evil.example/x/embed/">',
    'stickertext': '<a id="stickertext" href="#">user content</a>',
    'document-methods': '<img name="createElement"><form name="documentElement"></form><img name="readyState">',
}


@pytest.mark.parametrize('clobbering', [*CLOBBERING, 'all'])
def test_a_host_page_whose_elements_clobber_the_embeds_names_still_gets_its_stickers_and_nothing_foreign(host, d, clobbering):
    """Without a CSP, so that a fetch from another origin would be tried: the
    embed reads document's names through Document.prototype and takes its own
    URL only from its own <script>, which comes after the clobbering markup."""
    markup = ''.join(CLOBBERING.values()) if clobbering == 'all' else CLOBBERING[clobbering]
    path = f'/clobbered-{clobbering}'
    host.pages[path] = ('<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>host</title></head><body>'
                        f'{markup}<p id="basic" data-stickertext>笑死我了[笑哭]</p>'
                        f'<script src="{host.service}/embed/stickertext.js"></script></body></html>')
    host.without_csp.add(path)
    network_events(d)  # drop what came before
    d.get(host.origin + path)
    # A boolean, not the element: chromedriver's own scripts read document.documentElement too.
    wait(d, 'return !!document.querySelector("#basic img.sticker")')
    assert stickers(d, '#basic') == ['[笑哭]']
    assert d.execute_script('return typeof window.stickertext.parse') == 'function'
    requested = {e['params']['request']['url'] for e in network_events(d) if e['method'] == 'Network.requestWillBeSent'}
    foreign = {url for url in requested if not url.startswith((host.origin, host.service))}
    # The clobbering image itself is fetched (the host page asked for it); no script is.
    assert foreign <= {'https://evil.example/x/embed/'}, foreign
    assert f'{host.service}/api/packs' in requested


# ---- The service's own embed page

def test_the_embed_page_shows_the_three_ways_live_with_their_snippets(service, d):
    origin = f'http://127.0.0.1:{service.port}'
    d.get(f'{origin}/embed.html')
    ways = ['#by-script', '#by-element', '#out']
    wait(d, 'return arguments[0].every((s) => document.querySelector(s + " img.sticker"))', ways)
    assert [source(d, s) for s in ways] == ['笑死我了[笑哭] <b>not bold</b> [doge][赞]'] * 3
    field = d.find_element(By.ID, 'text')
    field.clear()
    field.send_keys('<i>新的</i>[微笑][nope]')
    wait(d, 'return arguments[0].every((s) => document.querySelector(s + " img.sticker[alt=\\"[微笑]\\"]"))', ways)
    assert [source(d, s) for s in ways] == ['<i>新的</i>[微笑][nope]'] * 3
    snippets = d.execute_script("return [...document.querySelectorAll('.snippet')].map((s) => s.textContent)")
    assert len(snippets) == 3 and origin in snippets[0] and origin in snippets[2] and 'example.com' not in ''.join(snippets)
    assert f'<script src="{origin}/embed/stickertext.js" defer></script>' in snippets[0]
    assert 'innerHTML' not in ''.join(snippets)
    no_violations(d)  # under the page's own strict CSP


def test_a_sticker_text_inside_a_shadow_root_renders_too(host, d):
    open_page(d, host.page('/shadow', '<p id="basic" data-stickertext>[微笑]</p><div id="shell"></div>'))
    d.execute_script('''const root = document.getElementById('shell').attachShadow({mode: 'open'});
        const e = document.createElement('sticker-text'); e.textContent = 'in the shadow [doge]'; root.append(e);''')
    wait(d, "return document.getElementById('shell').shadowRoot.querySelector('sticker-text img.sticker')")
    d.execute_script("document.getElementById('shell').shadowRoot.querySelector('sticker-text').textContent = '[赞][赞]'")
    wait(d, "return document.getElementById('shell').shadowRoot.querySelectorAll('sticker-text img.sticker').length === 2")
    no_violations(d)


# ---- From a server: the snippets of docs/embed.md, run, and GET's limits

def doc_block(language, after):
    """The first ```language block after the line `after` in docs/embed.md, naming the test's service."""
    text = open(os.path.join(ROOT, 'docs', 'embed.md'), encoding='utf-8').read()
    start = text.index(f'```{language}\n', text.index(after)) + len(language) + 4
    return text[start:text.index('```', start)]


def posted(service, text):
    return service.post_json('/api/render', {'text': text, 'options': {'baseURL': f'http://127.0.0.1:{service.port}/'}}).json()['html']


def test_the_python_backend_of_the_docs_renders_and_caches(service):
    code = doc_block('python', 'Python, with the standard library').replace('https://stickers.example.com', f'http://127.0.0.1:{service.port}')
    scope = {}
    exec(code, scope)
    text = '笑死我了[笑哭] <script>x</script>'
    assert scope['sticker_html'](text) == scope['sticker_html'](text) == posted(service, text)
    assert scope['sticker_html'].cache_info().hits == 1
    assert 'src="http://127.0.0.1:' in posted(service, text) and '&lt;script&gt;' in posted(service, text)


def test_the_node_backend_of_the_docs_renders_and_caches(service, tmp_path):
    code = doc_block('js', 'Node 18 or later').replace('https://stickers.example.com', f'http://127.0.0.1:{service.port}')
    text = '笑死我了[笑哭] <b>'
    (tmp_path / 'backend.mjs').write_text(code + f'''
const first = stickerHTML({json.dumps(text)}), second = stickerHTML({json.dumps(text)});
console.log(JSON.stringify([await first, first === second]));
''', encoding='utf-8')
    out = subprocess.run(['node', str(tmp_path / 'backend.mjs')], capture_output=True, text=True, timeout=30, check=True).stdout
    assert json.loads(out) == [posted(service, text), True]


def test_get_render_gives_the_posts_html_up_to_an_8_kib_url_then_414_pointing_to_post(service):
    base = urllib.parse.quote(f'http://127.0.0.1:{service.port}/', safe='')
    def get(text):
        return service.request('GET', f'/api/render?baseURL={base}&text={urllib.parse.quote(text)}')
    fits = '[笑哭]' + '笑' * 880  # 9 bytes a character in the URL: just under 8 KiB
    r = get(fits)
    assert r.status == 200 and r.headers['content-type'] == 'text/html; charset=utf-8'
    assert r.text == posted(service, fits)
    assert r.headers['cache-control'] == 'public, max-age=60, must-revalidate' and r.headers['access-control-allow-origin'] == '*'
    r = get('笑' * 920)
    assert r.status == 414 and r.json()['error']['code'] == 'uri_too_long' and 'POST /api/render' in r.json()['error']['message']
    long = '[笑哭]' + '笑' * 300_000  # 900 KB of UTF-8 in the body, under the 1 MiB limit
    assert posted(service, long).startswith('<img class="sticker"')


def test_the_get_fragment_opened_on_its_own_shows_its_stickers_in_a_sandbox_that_runs_nothing(service, d):
    query = '/api/render?text=' + urllib.parse.quote('[微笑] <script>window.pwned = 1</script> [笑哭]')
    # The policy comes with the fragment, from the backend and then from nginx's cache.
    policies = [service.request('GET', query).headers.get('content-security-policy') for _ in range(2)]
    assert policies[0] == policies[1] and "default-src 'none'" in policies[0] and 'sandbox' in policies[0], policies
    d.get(f'http://127.0.0.1:{service.port}{query}')
    # Its images, from /stickers/ on this origin, load under the policy.
    widths = wait(d, '''const images = [...document.querySelectorAll('img.sticker')];
        return images.length === 2 && images.every((i) => i.complete) && images.map((i) => i.naturalWidth)''')
    assert all(width > 0 for width in widths), widths
    # Sandboxed: an opaque origin, nothing of the service's origin within reach.
    assert d.execute_script('return String(window.origin)') == 'null'
    assert d.execute_script('return window.pwned') is None


def test_the_packs_document_sizes_in_the_docs_hold(service):
    import gzip
    body = service.request('GET', '/api/packs').body
    assert 30_000 < len(body) < 45_000 and len(gzip.compress(body, 6)) < 8_000, (len(body), len(gzip.compress(body, 6)))

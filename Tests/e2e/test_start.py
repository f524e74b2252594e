"""The page's start and its offline copy in headless Chromium: a deploy is
taken at the next load and no page ever mixes two versions; starts on lie-fi
and offline open from the copy; a first visit whose packs fail types text and
emoji, says why, and takes the packs when they come; newer packs replace the
copy and the field keeps its text and caret; messages sent offline wait in
the list in order, steady, and go out once each when the network is back."""
import json
import os
import re
import shutil
import signal
import tempfile
import time

import pytest
from selenium.webdriver.common.by import By

from browser import Page, browser, stored_texts, wait
from delay_proxy import DelayProxy
from service import ROOT, Service, build_site, eventually

MARK_PAGE = "\nwindow.__pageVersion = 'deployed';\n"
# Every answer of POST /api/render the page gets, in order: window.__rendered.
RECORD_RENDERS = '''window.__rendered = [];
    const fetchFirst = window.fetch;
    window.fetch = async (url, init) => {
      const response = await fetchFirst(url, init);
      if (String(url).endsWith('/api/render') && response.ok) window.__rendered.push(JSON.parse(init.body).text);
      return response;
    };'''
MARK_LATE = "\nwindow.__lateVersion = 'deployed';\n"


def open_page(driver, url):
    """Loads the page and waits until it is ready (no localStorage reset: a reload of the same visit)."""
    driver.get(url)
    wait(driver, 'return document.body && document.body.dataset.ready', timeout=15)
    return driver.find_element(By.ID, 'editor')


def controlled(driver, timeout=15):
    """Until the service worker controls the page: then its copy of the version is complete."""
    wait(driver, 'return navigator.serviceWorker.controller !== null', timeout=timeout)


def paste_html(driver, html):
    """An HTML-only paste: pasted-html.js, a module loaded on demand, turns it into text."""
    driver.execute_script('''const dt = new DataTransfer(); dt.setData('text/html', arguments[0]);
        document.getElementById('editor').dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true}));''', html)


def warm_browser(service):
    """A browser that visited the page once, its next load served from the worker's copy: (driver, url)."""
    driver = browser(390, 780)
    url = f'http://127.0.0.1:{service.port}/'
    open_page(driver, url)
    controlled(driver)
    open_page(driver, url)
    return driver, url


@pytest.fixture
def installed():
    """A copy of the checkout whose public/ a test may change, served by its own service, and a
    browser whose page, opened twice, is served by the worker's copy: (root, driver, url)."""
    root = tempfile.mkdtemp(prefix='stickertext-deploy-')
    os.chmod(root, 0o755)
    for folder in ('public', 'nginx', 'scripts', 'tools'):
        shutil.copytree(os.path.join(ROOT, folder), os.path.join(root, folder))
    service = Service(root=root)
    driver, url = warm_browser(service)
    try:
        driver.execute_script('window.__startedUnder = navigator.serviceWorker.controller')
        yield root, driver, url
    finally:
        driver.quit()
        service.stop()
        shutil.rmtree(root, ignore_errors=True)


def deploy(root):
    """A new version: a start module and a module loaded on demand changed, the site built again."""
    for module, mark in (('start/main.js', MARK_PAGE), ('editor/pasted-html.js', MARK_LATE)):
        with open(os.path.join(root, 'public', 'js', module), 'a', encoding='utf-8') as f:
            f.write(mark)
    build_site(root, again=True)


# The files a first visit fetched until the page was ready, as the browser got them (encodedBodySize:
# the bytes of the body as sent, gzipped) and who asked for each (the document's parser: 'link', 'script').
FETCHED_BEFORE_READY = '''const done = arguments[arguments.length - 1];
    const ready = () => document.body && document.body.dataset.ready;
    const list = () => [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
      .map((e) => ({path: new URL(e.name).pathname, initiator: e.initiatorType, bytes: e.encodedBodySize}));
    const poll = () => (ready() ? done(list()) : setTimeout(poll, 5));
    poll();'''
START_BUDGET = 24 * 1024


def test_a_first_visit_fetches_the_start_in_one_round_within_24_kb_gzipped(service):
    """The document, then at once what it names: its stylesheet, the start's one script and the
    packs (preloaded), and nothing the script asks for, until ready: one round trip after the
    HTML, over HTTP/1.1's six connections too. The code (HTML, CSS, JS) as nginx sends it
    (gzip) is within 24 KB; emoji-picker-element, a picker that sites embed, is 12.5 kB of
    script alone. Data that only some count modes need is not loaded."""
    driver = browser(390, 780, page_load='none')
    try:
        driver.get(f'http://127.0.0.1:{service.port}/')
        fetched = driver.execute_async_script(FETCHED_BEFORE_READY)
    finally:
        driver.quit()
    code = [f for f in fetched if re.search(r'(/|\.html|\.css|\.js)$', f['path'])]
    kinds = sorted((f['initiator'], re.sub(r'-[A-Z0-9]{8}\.', '-HASH.', f['path'])) for f in code)
    assert kinds == [('link', '/app-HASH.css'), ('navigation', '/'), ('script', '/js/start-HASH.js')], fetched
    assert [f['initiator'] for f in fetched if f['path'] == '/api/packs'][:1] == ['link'], fetched  # the preload
    others = [f for f in fetched if f not in code and f['path'] != '/api/packs']
    assert all(f['path'].startswith('/stickers/') for f in others), others  # the icon, pictures: no code
    total = 0
    for f in code:
        sent = service.request('GET', f['path'], headers={'Accept-Encoding': 'gzip, deflate, br'})
        assert sent.status == 200 and sent.headers.get('content-encoding') == 'gzip', f['path']
        assert len(sent.body) == f['bytes'], (f, len(sent.body))  # what the browser counted is what nginx sent
        total += len(sent.body)
    print(f'the start: {total} bytes gzipped in {len(code)} files: ' + ', '.join(f"{f['path']} {f['bytes']}" for f in code))
    assert total <= START_BUDGET, total


def test_files_named_by_their_content_are_kept_a_year_the_rest_revalidated_and_maps_beside(service):
    html = service.request('GET', '/').text
    start, = re.findall(r'src="(js/start-[A-Z0-9]{8}\.js)"', html)
    stylesheet, = re.findall(r'href="(app-[A-Z0-9]{8}\.css)"', html)
    for path in (start, stylesheet, f'{start}.map'):
        r = service.request('GET', f'/{path}', headers={'Accept-Encoding': 'gzip'})
        assert r.status == 200 and r.headers['cache-control'] == 'public, max-age=31536000, immutable', path
        assert r.headers['content-encoding'] == 'gzip', path
    assert service.request('GET', f'/{start}.map').json()['sources']  # JSON, the sources named
    assert service.request('GET', f'/{start}').text.endswith(f'//# sourceMappingURL={start[3:]}.map\n')
    for path in ('/', '/sw.js', '/keyboard.css', '/embed/stickertext.js'):
        assert service.request('GET', path).headers['cache-control'] == 'no-cache', path
    # The sources are not served: only what the build made of them.
    for path in ('/js/start/main.js', '/js/model/catalog.js', '/app.css'):
        assert service.request('GET', path).status == 404, path


def test_a_deploy_is_taken_at_the_next_load_and_a_page_never_mixes_two_versions(installed):
    root, driver, url = installed
    deploy(root)
    # The browser looks for a new worker at each load; this page asks, as it does when back online (again
    # every 10 s: on a loaded machine a first look may end before the deploy's files are all served).
    taken = 'return navigator.serviceWorker.controller !== window.__startedUnder'
    for _ in range(6):
        driver.execute_script('navigator.serviceWorker.getRegistration().then((r) => r.update().catch(() => {}))')
        try:
            wait(driver, taken, timeout=10)
            break
        except AssertionError:  # timed out: ask again
            pass
    else:
        raise AssertionError('the deployed worker never took over in 60 s')
    # The new version took over while this page runs: the page keeps its own to the last module.
    assert driver.execute_script('return window.__pageVersion') is None
    paste_html(driver, '<p>late</p>')
    wait(driver, "return window.stickertext.state().text === 'late'")
    assert driver.execute_script('return window.__lateVersion') is None
    # A quiet offer to reload, once nobody types.
    wait(driver, "return !document.getElementById('update').hidden", timeout=10)
    # The next load is the new version, its modules loaded late too.
    open_page(driver, url)
    assert driver.execute_script('return window.__pageVersion') == 'deployed'
    assert driver.execute_script("return document.getElementById('update').hidden") is True
    paste_html(driver, '<p>again</p>')
    wait(driver, "return window.stickertext.state().text === 'lateagain'")
    assert driver.execute_script('return window.__lateVersion') == 'deployed'


def test_a_deploy_seen_half_done_is_not_installed(installed):
    """A file that does not match the version listed (a deploy copying files) fails the install whole."""
    root, driver, url = installed
    deploy(root)
    site = os.path.join(root, '.build', 'site')
    chat, = (name for name in os.listdir(os.path.join(site, 'js')) if re.fullmatch(r'chat-[A-Z0-9]{8}\.js', name))
    for built in (chat, chat + '.gz'):  # nginx sends the .gz to a browser
        os.remove(os.path.join(site, 'js', built))
    with open(os.path.join(site, 'js', chat), 'w', encoding='utf-8') as f:
        f.write('// copied after sw.js was written\n')
    driver.execute_script('navigator.serviceWorker.getRegistration().then((r) => r.update().catch(() => {}))')
    time.sleep(3)
    assert driver.execute_script('return navigator.serviceWorker.controller === window.__startedUnder') is True
    open_page(driver, url)
    assert driver.execute_script('return window.__pageVersion') is None  # still the whole old version


@pytest.mark.parametrize('network', ['lie-fi', 'offline'])
def test_a_start_on_a_network_that_never_answers_or_is_gone_opens_from_the_copy(service, network):
    proxy = DelayProxy(service.port, rtt_ms=100)
    driver = browser(390, 780, page_load='none')
    try:
        url = f'http://127.0.0.1:{proxy.port}/'
        open_page(driver, url)
        controlled(driver)
        driver.find_element(By.ID, 'editor').click()
        driver.execute_script('window.stickertext.edit("paste", {string: "kept [微笑]"})')
        proxy.mode = network
        proxy.drop_connections()
        started = time.monotonic()
        editor = open_page(driver, url)
        assert time.monotonic() - started < 3, 'the start waited on the network'
        assert len(editor.find_elements(By.CSS_SELECTOR, 'img.sticker')) == 1  # the packs, from the copy
        editor.click()
        driver.execute_script('window.stickertext.edit("paste", {string: " [doge]"})')
        assert driver.execute_script('return window.stickertext.state().text') == 'kept [微笑] [doge]'
        assert len(editor.find_elements(By.CSS_SELECTOR, 'img.sticker')) == 2
    finally:
        driver.quit()
        proxy.close()


def test_a_first_visit_without_packs_types_says_why_and_takes_the_packs_when_they_come(service, phone):
    phone.execute_cdp_cmd('Network.enable', {})
    phone.execute_cdp_cmd('Network.setBlockedURLs', {'urls': ['*/api/packs']})
    try:
        phone.get(f'http://127.0.0.1:{service.port}/')
        phone.execute_script('localStorage.clear()')
        phone.get(f'http://127.0.0.1:{service.port}/')
        phone.execute_script("window.__errors = []; window.addEventListener('error', (e) => window.__errors.push(e.message));"
                             "window.addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)))")
        wait(phone, 'return document.body.dataset.ready', timeout=10)
        note = phone.find_element(By.ID, 'note')
        wait(phone, "return document.getElementById('note').textContent.includes('表情还没有加载好')")
        editor = phone.find_element(By.ID, 'editor')
        editor.click()
        editor.send_keys('hi [微笑] 😀')
        assert phone.execute_script('return window.stickertext.state().text') == 'hi [微笑] 😀'
        assert phone.find_elements(By.CSS_SELECTOR, '#editor img.sticker') == []
        time.sleep(5)  # one note, and it stays (it used to go after 4 s)
        assert note.is_displayed() and '表情还没有加载好' in note.text
        # The keyboard says why it has nothing more than Recent and Favorites, however often it is opened.
        for _ in range(5):  # open, close, open, close, open
            phone.find_element(By.ID, 'toggle').click()
            time.sleep(0.4)
        wait(phone, "return document.getElementById('panel').classList.contains('open')")
        assert phone.execute_script("return document.querySelectorAll('#tabs [role=tab]').length") == 2
        assert '表情包还没有加载好' in phone.find_element(By.CSS_SELECTOR, '#panel .panel-note').text
        errors = phone.execute_script('return window.__errors')
        assert errors == [], errors
    finally:
        phone.execute_cdp_cmd('Network.setBlockedURLs', {'urls': []})
    # The network is back: asked again (with backoff; at once on `online`), the packs come.
    phone.execute_script("window.dispatchEvent(new Event('online'))")
    wait(phone, "return document.querySelectorAll('#editor img.sticker').length === 1", timeout=15)
    state = phone.execute_script('return window.stickertext.state()')
    assert state['text'] == 'hi [微笑] 😀'
    assert state['selection'] == {'location': 7, 'length': 0}  # still at the end: [微笑] now 1 unit, 😀 2 (UTF-16)
    wait(phone, "return document.getElementById('note').hidden")
    # The keyboard has the packs now, once each, and nothing more to explain.
    packs = len(service.request('GET', '/api/packs').json()['packs'])
    assert phone.execute_script("return document.querySelectorAll('#tabs [role=tab]').length") == 2 + packs
    assert not phone.find_element(By.CSS_SELECTOR, '#panel .panel-note').is_displayed()


def test_newer_packs_replace_the_copy_and_the_field_keeps_its_text_and_caret():
    packs = tempfile.mkdtemp(prefix='stickertext-packs-')
    shutil.copytree(os.path.join(ROOT, 'public', 'stickers'), packs, dirs_exist_ok=True)
    service = Service(packs=packs)
    driver, url = warm_browser(service)
    try:
        driver.find_element(By.ID, 'editor').click()
        driver.execute_script('window.stickertext.edit("paste", {string: "a[reloaded]b"})')
        driver.execute_script('window.stickertext.edit("select", {selection: {location: 1, length: 0}})')
        weibo = os.path.join(packs, 'weibo', 'pack.json')
        pack = json.load(open(weibo, encoding='utf-8'))
        pack['stickers'][0]['aliases'].append('[reloaded]')
        json.dump(pack, open(weibo, 'w', encoding='utf-8'), ensure_ascii=False)
        versions = service.server_log().count('packs version ')
        os.kill(service.server.pid, signal.SIGHUP)
        assert eventually(lambda: True if service.server_log().count('packs version ') > versions else None, timeout=15)
        # The page asks for the packs (as each load does): the copy answers, the network's newer
        # document replaces it behind, and the page takes that one.
        driver.execute_script("fetch('/api/packs')")
        wait(driver, "return document.querySelectorAll('#editor img.sticker').length === 1", timeout=15)
        assert driver.execute_script('return window.stickertext.state()') == {'text': 'a[reloaded]b', 'selection': {'location': 1, 'length': 0}}
        # And the next load opens with the newer packs from the copy at once.
        editor = open_page(driver, url)
        assert len(editor.find_elements(By.CSS_SELECTOR, 'img.sticker')) == 1
    finally:
        driver.quit()
        service.stop()
        shutil.rmtree(packs, ignore_errors=True)


@pytest.fixture
def gone_offline():
    """A page whose late modules (chat.js among them) were loaded online, then nginx stopped: (service, driver, page)."""
    service = Service()
    driver = browser(390, 780)
    try:
        page = Page(driver, service)
        controlled(driver)
        time.sleep(2.5)
        service.stop_nginx()
        yield service, driver, page
    finally:
        driver.quit()
        service.stop()


def test_messages_sent_offline_wait_in_order_steady_and_go_out_once_each_when_back(gone_offline):
    service, driver, p = gone_offline
    driver.execute_cdp_cmd('Network.enable', {})
    driver.execute_cdp_cmd('Network.emulateNetworkConditions', {'offline': True, 'latency': 0, 'downloadThroughput': -1, 'uploadThroughput': -1})
    try:
        for count, text in enumerate(('one', 'two [doge]', 'three'), 1):
            p.clipboard_event('paste', text)
            driver.find_element(By.ID, 'send').click()
            wait(driver, f"return window.stickertext.state().text === '' && document.querySelectorAll('#messages .msg').length === {count}")
        shown = driver.execute_script("return [...document.querySelectorAll('#messages .msg')].map((m) => [m.className, m.querySelector('.msg-text').textContent])")
        assert shown == [['msg pending', 'one'], ['msg pending', 'two '], ['msg pending', 'three']]
        wait(driver, "return document.getElementById('note').textContent.includes('没有网络')")
        # Steady: over the next retries nothing moves and the note is not said again.
        driver.execute_script('''window.__changes = 0;
            new MutationObserver((records) => { window.__changes += records.length; })
              .observe(document.getElementById('note'), {childList: true, characterData: true, subtree: true, attributes: true});
            window.__places = () => [...document.querySelectorAll('#messages .msg')].map((m) => m.getBoundingClientRect().top);''')
        before = driver.execute_script('return window.__places()')
        time.sleep(7)
        assert driver.execute_script('return window.__places()') == before
        assert driver.execute_script('return window.__changes') == 0
        # Kept over a reload too.
        driver.refresh()
        wait(driver, 'return document.body.dataset.ready', timeout=10)
        driver.execute_script(RECORD_RENDERS)
        wait(driver, "return document.querySelectorAll('#messages .msg.pending').length === 3", timeout=10)
    finally:
        service.start_nginx()
    driver.execute_cdp_cmd('Network.emulateNetworkConditions', {'offline': False, 'latency': 0, 'downloadThroughput': -1, 'uploadThroughput': -1})
    wait(driver, "return document.querySelectorAll('#messages .msg:not(.pending)').length === 3", timeout=20)
    time.sleep(1)
    assert driver.execute_script('return window.__rendered') == ['one', 'two [doge]', 'three']
    assert stored_texts(driver, 'stickertext', 'outbox') == []
    assert driver.find_elements(By.CSS_SELECTOR, '#messages .msg-status') == []


def test_over_https_the_page_comes_by_http2_on_one_connection_and_its_worker_installs():
    service = Service(https=True)
    driver = browser(390, 780, trust_spki=service.spki)
    try:
        url = f'https://127.0.0.1:{service.https_port}/'
        open_page(driver, url)
        protocols = driver.execute_script('''return [performance.getEntriesByType('navigation')[0],
            ...performance.getEntriesByType('resource')].map((e) => e.nextHopProtocol)''')
        assert set(protocols) == {'h2'}, protocols
        controlled(driver)
        editor = open_page(driver, url)
        editor.click()
        driver.execute_script('window.stickertext.edit("paste", {string: "[微笑]"})')
        assert len(editor.find_elements(By.CSS_SELECTOR, 'img.sticker')) == 1
    finally:
        driver.quit()
        service.stop()


def test_two_tabs_with_the_same_pending_messages_send_each_once(gone_offline):
    service, driver, p = gone_offline
    for text in ('one', 'two'):
        p.clipboard_event('paste', text)
        driver.find_element(By.ID, 'send').click()
    wait(driver, "return document.querySelectorAll('#messages .msg.pending').length === 2")
    first = driver.current_window_handle
    driver.switch_to.new_window('tab')  # a second tab of the page, offline too: it shows them pending
    open_page(driver, f'http://127.0.0.1:{service.port}/')
    wait(driver, "return document.querySelectorAll('#messages .msg.pending').length === 2", timeout=10)
    tabs = [first, driver.current_window_handle]
    for tab in tabs:
        driver.switch_to.window(tab)
        driver.execute_script(RECORD_RENDERS)
    service.start_nginx()
    for tab in tabs:  # both hear the network come back at once
        driver.switch_to.window(tab)
        driver.execute_script("window.dispatchEvent(new Event('online'))")
    for tab in tabs:
        driver.switch_to.window(tab)
        wait(driver, "return document.querySelectorAll('#messages .msg.pending').length === 0", timeout=15)
    rendered = []
    for tab in tabs:
        driver.switch_to.window(tab)
        rendered += driver.execute_script('return window.__rendered')
    assert sorted(rendered) == ['one', 'two'], rendered

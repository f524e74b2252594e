"""The local-first editor in headless Chromium: at 300 ms of emulated network
latency (CDP's Network.emulateNetworkConditions) and with the network down
(nginx stopped, and the browser told it is offline), every key's result shows
before the next key is sent, in order; the field ends as the server computes
for the same keys; the server's check agrees; a message sent offline waits in
the list, the field free, and goes out when the network is back."""

import pytest
from selenium.webdriver.common.by import By

from browser import Page, browser
from service import Service

# The acceptance sequence: type `hello [doge] 你好`, two backspaces, `ok`.
BACKSPACE = '\ue003'
KEYS = list('hello [doge] 你好') + [BACKSPACE, BACKSPACE] + list('ok')


def expected_states(service):
    """What the server computes for the same keys, one edit after another, from an empty field."""
    text, selection, states = '', {'location': 0, 'length': 0}, []
    for key in KEYS:
        body = {'text': text, 'selection': selection, 'op': 'deleteBackward'} if key == BACKSPACE \
            else {'text': text, 'selection': selection, 'op': 'insert', 'string': key}
        r = service.post_json('/api/edit', body).json()
        text, selection = r['text'], r['selection']
        states.append({'text': text, 'selection': selection})
    return states


def emulate(driver, offline=False, latency=0):
    driver.execute_cdp_cmd('Network.enable', {})
    driver.execute_cdp_cmd('Network.emulateNetworkConditions', {
        'offline': offline, 'latency': latency, 'downloadThroughput': -1, 'uploadThroughput': -1})


def type_checking_each_key(p, states):
    """Sends the keys one by one; after each, before the next is sent, the field must already show its result."""
    for key, want in zip(KEYS, states):
        p.editor.send_keys(key)
        assert p.d.execute_script('return window.stickertext.state()') == want, f'after {key!r}'


@pytest.fixture(scope='module')
def own_service():
    """A service of this module's own: the offline test stops and restarts its nginx."""
    s = Service()
    yield s
    s.stop()


@pytest.fixture()
def chromium():
    d = browser(390, 780)
    yield d
    d.quit()


def test_at_300_ms_latency_every_key_shows_before_the_next_and_the_server_agrees(own_service, chromium):
    states = expected_states(own_service)
    assert states[-1]['text'] == 'hello [doge] ok'
    p = Page(chromium, own_service)
    emulate(chromium, latency=300)
    type_checking_each_key(p, states)
    assert len(chromium.find_elements(By.CSS_SELECTOR, '#editor img.sticker')) == 1
    # After the pause the page checks its edits with the server (300 ms away): all agree.
    p.wait('return window.stickertext.checks.checked >= 1', timeout=10)
    p.idle()
    checks = chromium.execute_script('return window.stickertext.checks')
    assert checks['differences'] == 0 and checks['failures'] == 0, checks
    assert p.state() == states[-1]


def test_offline_after_one_visit_the_page_opens_edits_and_sends_when_the_network_is_back(own_service, chromium):
    states = expected_states(own_service)
    p = Page(chromium, own_service)
    # The first visit installs the service worker; once it controls the page, its copy is complete.
    p.wait('return navigator.serviceWorker.controller !== null', timeout=10)
    p.clipboard_event('paste', '[微笑]')  # a sticker image the worker has now seen
    p.wait("return [...document.querySelectorAll('#editor img')].every((i) => i.complete && i.naturalWidth > 0)")
    chromium.execute_script('window.stickertext.edit("selectAll"); window.stickertext.edit("deleteBackward")')
    p.idle()

    own_service.stop_nginx()  # the network is down for real ...
    emulate(chromium, offline=True)  # ... and the browser knows it
    try:
        chromium.get(f'http://127.0.0.1:{own_service.port}/')
        p = Page.__new__(Page)
        p.d = chromium
        p.wait('return document.body.dataset.ready', timeout=10)
        p.editor = chromium.find_element(By.ID, 'editor')
        p.editor.click()
        type_checking_each_key(p, states)
        assert len(chromium.find_elements(By.CSS_SELECTOR, '#editor img.sticker')) == 1
        # A sticker never shown online: the worker answers a placeholder (not cached), alt still the code.
        p.clipboard_event('paste', '[二哈]')
        p.wait("const i = document.querySelectorAll('#editor img.sticker')[1]; return i.complete && i.naturalWidth > 0")
        husky = chromium.find_elements(By.CSS_SELECTOR, '#editor img.sticker')[1]
        assert husky.get_attribute('alt') == '[二哈]'
        cached = "caches.match(arguments[0]).then((r) => arguments[arguments.length - 1](Boolean(r)))"
        assert chromium.execute_async_script(cached, husky.get_attribute('currentSrc')) is False
        # [微笑], shown online, is in the worker's cache.
        assert chromium.execute_async_script(cached, f'http://127.0.0.1:{own_service.port}/stickers/weibo/smile.png') is True
        chromium.execute_script('window.stickertext.edit("deleteBackward")')
        assert p.d.execute_script('return window.stickertext.state()') == states[-1]
        chromium.find_element(By.ID, 'send').click()
        # The message waits in the list, marked; the field is free for the next one.
        p.wait("return document.querySelectorAll('#messages .msg.pending').length === 1")
        p.wait("return document.getElementById('note').textContent.includes('没有网络')")
        assert p.d.execute_script('return window.stickertext.state().text') == ''
    finally:
        own_service.start_nginx()
    emulate(chromium, offline=False)  # back online: the waiting message goes out
    p.wait("return document.querySelectorAll('#messages .msg:not(.pending)').length === 1", timeout=15)
    msg = chromium.find_element(By.CSS_SELECTOR, '#messages .msg')
    assert msg.find_element(By.CSS_SELECTOR, 'img.sticker').get_attribute('alt') == '[doge]'
    assert p.d.execute_script('return window.stickertext.state().text') == ''
    p.wait('return window.stickertext.checks.checked >= 1', timeout=10)
    assert chromium.execute_script('return window.stickertext.checks.differences') == 0


def test_a_draft_survives_a_reload(own_service, chromium):
    p = Page(chromium, own_service)
    p.clipboard_event('paste', '草稿[微笑]')
    chromium.refresh()
    p.wait('return document.body.dataset.ready')
    assert chromium.execute_script('return window.stickertext.state().text') == '草稿[微笑]'
    assert len(chromium.find_elements(By.CSS_SELECTOR, '#editor img.sticker')) == 1

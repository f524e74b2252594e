"""Sending from the editor: Enter sends with a physical keyboard and breaks
the line on a touch keyboard (CDP touch emulation makes the pointer coarse),
Shift+Enter always breaks it, the ↵ setting switches and is remembered, and
after Send the field has the focus again."""
import json
import re
from types import SimpleNamespace

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import Page, browser, caret, held, keys, needs_cdp, stored_texts, tap
from delay_proxy import DelayProxy
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)


def wait_messages(p, n):
    """Until `n` messages were sent (a message the page holds back until the server took it is pending)."""
    p.wait(f"return document.querySelectorAll('#messages .msg:not(.pending)').length === {n}", timeout=10)


def test_enter_sends_and_shift_enter_breaks_the_line(service, desktop):
    p = Page(desktop, service)
    assert p.editor.get_attribute('enterkeyhint') == 'send'
    p.type('hi')
    ActionChains(desktop).key_down(Keys.SHIFT).send_keys(Keys.ENTER).key_up(Keys.SHIFT).perform()
    p.type('there')
    assert p.state()['text'] == 'hi\nthere'
    ActionChains(desktop).send_keys(Keys.ENTER).perform()
    wait_messages(p, 1)
    assert p.state()['text'] == ''
    # The focus is still in the field: the next message is typed and sent from the keyboard alone.
    ActionChains(desktop).send_keys('again', Keys.ENTER).perform()
    wait_messages(p, 2)
    assert p.messages()[-1] == 'again'


def test_the_enter_setting_makes_enter_break_the_line_and_is_remembered(service, desktop):
    p = Page(desktop, service)
    setting = desktop.find_element(By.ID, 'enter')
    assert setting.get_attribute('aria-pressed') == 'true'
    setting.click()
    assert setting.get_attribute('aria-pressed') == 'false'
    assert p.editor.get_attribute('enterkeyhint') == 'enter'
    p.editor.click()
    p.type('a')
    ActionChains(desktop).send_keys(Keys.ENTER).perform()
    p.type('b')
    assert p.state()['text'] == 'a\nb' and p.messages() == []
    desktop.refresh()
    p.wait('return document.body.dataset.ready')
    assert desktop.find_element(By.ID, 'enter').get_attribute('aria-pressed') == 'false'
    desktop.find_element(By.ID, 'enter').click()  # back to the default for the next tests
    desktop.execute_script('localStorage.clear()')


def test_on_a_touch_keyboard_enter_breaks_the_line_and_send_keeps_the_focus(service):
    d = browser(390, 780)
    try:
        d.execute_cdp_cmd('Emulation.setTouchEmulationEnabled', {'enabled': True, 'maxTouchPoints': 5})
        p = Page(d, service)
        assert p.editor.get_attribute('enterkeyhint') == 'enter'
        p.type('one')
        ActionChains(d).send_keys(Keys.ENTER).perform()
        p.type('two')
        assert p.state()['text'] == 'one\ntwo'
        # A tap on Send: the message goes, the field keeps the focus (the on-screen keyboard stays).
        tap(d, d.find_element(By.ID, 'send'))
        wait_messages(p, 1)
        assert d.execute_script('return document.activeElement.id') == 'editor'
        assert p.state()['text'] == ''
    finally:
        d.quit()


def test_after_send_from_the_button_the_focus_goes_back_to_the_field(service, desktop):
    p = Page(desktop, service)
    p.type('hello')
    desktop.find_element(By.ID, 'send').send_keys(Keys.ENTER)  # the button focused and pressed from the keyboard
    wait_messages(p, 1)
    assert desktop.execute_script('return document.activeElement.id') == 'editor'
    ActionChains(desktop).send_keys('x').perform()
    assert p.state()['text'] == 'x'


def test_what_is_typed_right_after_send_is_the_next_message_while_the_servers_check_is_slow(service, desktop):
    p = Page(desktop, service)
    p.send('zero')  # the chat's code is loaded
    # The server's check of the field answers only after 2 s: Send does not wait for it.
    desktop.execute_script("""const plain = window.fetch;
        window.fetch = (url, init) => String(url).includes('/api/edit')
          ? new Promise((resolve) => setTimeout(resolve, 2000)).then(() => plain(url, init)) : plain(url, init);""")
    p.type('one')
    desktop.find_element(By.ID, 'send').click()
    p.type('two')  # at once, before the check of 'one' has answered
    wait_messages(p, 2)
    assert p.messages() == ['zero', 'one']
    # p.state() waits for the server's checks (each held 2 s) of everything so far: they took nothing.
    assert p.state()['text'] == 'two'
    assert desktop.execute_script('return window.stickertext.checks.differences') == 0


CHAT_LOADED = r"return performance.getEntriesByType('resource').some((e) => /\/chat-[A-Z0-9]{8}\.js$/.test(e.name))"


def draft(driver):
    return json.loads(driver.execute_script("return sessionStorage.getItem('stickertext.draft')") or 'null')


def early_page(desktop, service):
    """The page through a proxy that holds the chat's code 5 s, from the first load: it is asked for 2 s
    after ready, or at Send, and cannot have come before Send however slow the machine."""
    proxy = DelayProxy(service.port)
    proxy.hold = (re.compile(rb'GET /js/chat-'), 5000)
    return proxy, Page(desktop, SimpleNamespace(port=proxy.port))


def test_what_is_typed_while_the_chats_code_loads_after_send_is_the_next_message(service, desktop):
    proxy, p = early_page(desktop, service)
    try:
        assert desktop.execute_script(CHAT_LOADED) is False
        p.editor.send_keys('one')
        desktop.find_element(By.ID, 'send').click()
        p.editor.send_keys('two')  # while chat.js loads
        # Send put 'one' into the outbox at the press, and emptied the field.
        assert desktop.execute_script('return window.stickertext.state().text') == 'two'
        assert stored_texts(desktop, 'stickertext', 'outbox') == ['one']
        assert desktop.execute_script("return document.querySelectorAll('#messages .msg').length") == 0
        p.wait("return document.querySelectorAll('#messages .msg:not(.pending)').length === 1", timeout=30)
        assert p.messages() == ['one']
        assert stored_texts(desktop, 'stickertext', 'outbox') == []
        assert desktop.execute_script('return window.stickertext.state().text') == 'two'
        assert draft(desktop) == {'text': 'two', 'plainSelection': caret(3)}
    finally:
        proxy.close()


def test_messages_sent_while_the_chats_code_cannot_load_wait_in_the_outbox_and_go_when_the_network_is_back(
        service, desktop):
    proxy, p = early_page(desktop, service)
    try:
        p.said()  # notes.js loaded while the network is there
        proxy.mode = 'offline'
        proxy.drop_connections()
        for message in ('one', 'two'):
            p.editor.send_keys(message)
            desktop.find_element(By.ID, 'send').click()
        p.editor.send_keys('three')
        p.wait("return window.__notesSaid.some((note) => note.includes('没有网络'))", timeout=15)
        assert desktop.execute_script("return document.querySelectorAll('#messages .msg').length") == 0
        assert stored_texts(desktop, 'stickertext', 'outbox') == ['one', 'two']
        assert desktop.execute_script('return window.stickertext.state().text') == 'three'
        proxy.mode = 'pass'
        if p.engine == 'firefox':
            # Firefox keeps an import that failed failed for the page's life (no new request is made):
            # the messages go at the next visit.
            desktop.refresh()
            p.wait('return document.body.dataset.ready')
        else:
            desktop.execute_script("window.dispatchEvent(new Event('online'))")
        p.wait("return document.querySelectorAll('#messages .msg:not(.pending)').length === 2", timeout=30)
        assert p.messages() == ['one', 'two']
        assert desktop.execute_script('return window.stickertext.state().text') == 'three'
    finally:
        proxy.close()


def test_send_during_a_composition_sends_the_word_being_composed(service, phone):
    p = Page(phone, service)
    p.type('hello ')
    p.compose_and_commit('big')
    p.type(' ')
    for word in ('w', 'wo', 'wor'):  # an Android keyboard composes the word under way
        p.compose(word)
    phone.find_element(By.ID, 'send').click()
    wait_messages(p, 1)
    assert p.messages() == ['hello big wor']
    assert held(p) == {'text': '', 'selection': caret(0)}
    p.compose_and_commit('next')
    assert held(p) == {'text': 'next', 'selection': caret(4)}


def test_a_word_composed_right_after_send_is_the_next_message_while_the_first_is_on_its_way(service, phone):
    p = Page(phone, service)
    needs_cdp(phone, 'a slow network (emulated)')
    p.send('zero')  # the chat's code is loaded: Send empties the field at the press
    p.type('hello')
    phone.execute_cdp_cmd('Network.enable', {})
    phone.execute_cdp_cmd('Network.emulateNetworkConditions', {'offline': False, 'latency': 800, 'downloadThroughput': -1, 'uploadThroughput': -1})
    try:
        keys(phone, Keys.ENTER)  # sent; the answer takes a while
        p.compose('w')
        p.compose('wo')  # the next message, begun on an Android keyboard before the first has left
        wait_messages(p, 2)
        # The message left the field at the press; the word composed meanwhile, on the emptied field, goes on.
        assert p.messages() == ['zero', 'hello']
        assert p.model()['shown']['text'] == 'wo'
        p.compose('wor')
        p.compose_and_commit('word')
        assert held(p) == {'text': 'word', 'selection': caret(4)}
    finally:
        phone.execute_cdp_cmd('Network.emulateNetworkConditions', {'offline': False, 'latency': 0, 'downloadThroughput': -1, 'uploadThroughput': -1})

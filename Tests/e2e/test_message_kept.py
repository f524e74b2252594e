"""No message Send took is lost, in Chromium, Firefox and WebKit: one the
server refuses as too large (over the body limit though within the count:
combining marks) stays in the list marked with why and in the outbox, a
reload too, until it is put back into the field (issue 55: it was gone after
a reload); one whose tab died between Send and the outbox having it comes
back from Send's journal at the next visit and goes out."""
import pytest
from selenium.webdriver.common.by import By

from browser import Page, held, stored_texts
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)
from service import Service, eventually

# 60 graphemes of a letter and 40 combining marks: 60 in the count, 4,860 bytes of UTF-8, over the body limit.
HEAVY = ('a' + '\u0301' * 40) * 60


@pytest.fixture(scope='module')
def small_bodies():
    s = Service(body_limit=4096)
    yield s
    s.stop()


def refused_texts(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#messages .msg.refused .msg-text')].map((m) => m.textContent)")


def test_a_message_refused_as_too_large_stays_marked_after_a_reload_until_it_is_put_back(small_bodies, desktop):
    p = Page(desktop, small_bodies)
    desktop.execute_script('window.stickertext.edit("insert", {string: arguments[0]})', HEAVY)
    p.idle()
    assert held(p)['text'] == HEAVY
    desktop.find_element(By.ID, 'send').click()
    p.wait("return document.querySelectorAll('#messages .msg.refused').length === 1", timeout=15)
    assert refused_texts(desktop) == [HEAVY]
    status = desktop.find_element(By.CSS_SELECTOR, '#messages .msg.refused .msg-status').text
    assert '太大' in status, status
    assert any('分成几条' in note for note in desktop.execute_script('return window.__notesSaid'))
    assert held(p)['text'] == ''
    assert stored_texts(desktop, 'stickertext', 'outbox') == [HEAVY]

    # A reload: still there, still refused, never sent again.
    desktop.refresh()
    p.wait('return document.body.dataset.ready')
    p.wait("return document.querySelectorAll('#messages .msg.refused').length === 1", timeout=15)
    assert refused_texts(desktop) == [HEAVY]
    assert desktop.find_elements(By.CSS_SELECTOR, '#messages .msg.pending') == []

    # Put back: the text is in the field, and the message leaves the list and the outbox.
    desktop.find_element(By.CSS_SELECTOR, '#messages .msg.refused .msg-action').click()
    p.wait("return document.querySelectorAll('#messages .msg.refused').length === 0")
    assert p.d.execute_script('return window.stickertext.state().text') == HEAVY
    assert eventually(lambda: [] if stored_texts(desktop, 'stickertext', 'outbox') == [] else None) == []
    desktop.refresh()
    p.wait('return document.body.dataset.ready')
    p.wait("return window.stickertext.state().text.length > 0", timeout=10)  # the draft, back
    assert desktop.find_elements(By.CSS_SELECTOR, '#messages .msg.refused') == []


def test_a_message_whose_tab_died_before_the_outbox_had_it_goes_out_at_the_next_visit(service, desktop):
    p = Page(desktop, service)
    p.send('first')  # the chat's code loaded, the journal empty again
    assert desktop.execute_script("return localStorage.getItem('stickertext.sending')") is None
    # What a tab killed right after Send leaves: the message in the journal, not in the outbox.
    desktop.execute_script("""localStorage.setItem('stickertext.sending',
        JSON.stringify([{id: 'killed-1', text: 'lost? [doge]', at: Date.now() - 60000}]))""")
    desktop.refresh()
    p.wait('return document.body.dataset.ready')
    p.wait("return [...document.querySelectorAll('#messages .msg:not(.pending) .msg-text')]"
           ".some((m) => m.textContent.startsWith('lost?'))", timeout=20)
    assert desktop.execute_script("return localStorage.getItem('stickertext.sending')") is None
    assert eventually(lambda: [] if stored_texts(desktop, 'stickertext', 'outbox') == [] else None) == []


def test_the_first_message_kept_asks_the_browser_once_to_keep_the_pages_storage(service, desktop):
    """What the outbox, the drafts and the history keep, a browser may evict under storage pressure;
    `navigator.storage.persist()` asks it not to. Asked once a page, as the first message goes out (issue 55)."""
    p = Page(desktop, service)
    offered = desktop.execute_script("""
        if (!navigator.storage?.persist) return false;
        window.__persistAsked = 0;
        const persist = navigator.storage.persist.bind(navigator.storage);
        navigator.storage.persist = () => { window.__persistAsked += 1; return persist(); };
        return true""")
    if not offered:
        pytest.skip(f'{p.engine} has no navigator.storage.persist')
    assert desktop.execute_script('return window.__persistAsked') == 0  # not at load
    p.send('first')
    p.send('second')
    assert desktop.execute_script('return window.__persistAsked') == 1

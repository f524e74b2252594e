"""axe-core over the page and the embed page in headless Chromium, against
the real nginx and server: each state a user can reach is checked as it is
on screen (after the page says it is ready, the panel's transition over) and
must have no violations at all. A new state is one more test: bring the page
there, then assert_no_violations(driver, 'what it is')."""
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from axe import assert_no_violations
from browser import Page, page_at
from pointer import hold, touch
from test_keyboard import keyboard_menu


def settled(p):
    """Waits until nothing on the page is animating (the panel's height, the
    bar's move), so axe sees colours and positions as the user does."""
    p.wait('return document.getAnimations().length === 0')


def open_panel(p):
    p.open_panel()
    settled(p)


def tab_names(driver):
    return [t.get_attribute('aria-label') for t in driver.find_elements(By.CSS_SELECTOR, '#tabs [role=tab]')]


def assert_every_tab_has_no_violations(p, where):
    """Selects each tab in turn (Recent, each pack, Emoji) and checks the panel showing it."""
    names = tab_names(p.d)
    assert len(names) >= 3, names  # Recent, at least one pack, Emoji
    for i, name in enumerate(names):
        p.tab(i)
        assert_no_violations(p.d, f'{where}, tab {name}')


def test_the_page_has_no_axe_violations_with_the_panel_closed(service, desktop):
    p = Page(desktop, service)
    settled(p)
    assert_no_violations(desktop, 'panel closed')


def test_the_page_has_no_axe_violations_with_the_panel_open(service, desktop):
    p = Page(desktop, service)
    open_panel(p)
    assert_every_tab_has_no_violations(p, 'panel open, empty Recent')
    # Recent again once it holds stickers: a grid of stickers instead of its hint.
    p.pack('weibo')
    p.cells()[0].click()
    p.idle()
    p.tab(0)
    assert p.cells(), 'Recent should hold the sticker just inserted'
    assert_no_violations(desktop, 'panel open, Recent with a sticker')


def test_the_page_has_no_axe_violations_after_the_panel_is_closed_again(service, desktop):
    p = Page(desktop, service)
    open_panel(p)
    desktop.find_element(By.ID, 'toggle').click()
    p.wait("return document.getElementById('panel').hidden")
    settled(p)
    assert_no_violations(desktop, 'panel closed again')


def test_the_page_has_no_axe_violations_at_phone_width(service, phone):
    p = Page(phone, service)
    settled(p)
    assert_no_violations(phone, 'phone, panel closed')
    open_panel(p)
    assert_every_tab_has_no_violations(p, 'phone, panel open')


def test_the_page_has_no_axe_violations_with_a_message_sent_and_a_note_shown(service, phone):
    p = Page(phone, service)
    p.send('hi [微笑] <b>')
    p.clipboard_event('paste', 'x' * 150)  # cut short at 140: the note shows, the counter is at its limit
    p.idle()
    p.wait("return !document.getElementById('note').hidden")
    settled(p)
    assert_no_violations(phone, 'a message sent, a note shown')


def test_the_page_has_no_axe_violations_with_a_search_typed(service, desktop, phone):
    for driver, where in ((desktop, 'desktop'), (phone, 'phone')):
        p = Page(driver, service)
        p.finders()
        open_panel(p)
        field = p.search('xk')
        assert p.cells(), 'the search found nothing'
        assert_no_violations(driver, f'{where}, panel open, search typed')
        field.send_keys(Keys.ARROW_DOWN)  # into the results grid
        assert_no_violations(driver, f'{where}, search typed, a result focused')
        field.clear()
        p.search('zzzzq')  # nothing found: the hint and the status
        assert_no_violations(driver, f'{where}, search finding nothing')


def test_the_page_has_no_axe_violations_with_the_autocomplete_open(service, desktop, phone):
    for driver, where in ((desktop, 'desktop'), (phone, 'phone')):
        p = Page(driver, service)
        p.finders()
        p.editor.send_keys('好[x')
        assert len(p.suggestions()) > 1
        assert_no_violations(driver, f'{where}, autocomplete open')
        p.editor.send_keys(Keys.ARROW_DOWN)  # the second option active
        assert_no_violations(driver, f'{where}, autocomplete open, second option active')
        p.editor.send_keys('[grinning')  # emoji options
        assert p.suggestions()
        assert_no_violations(driver, f'{where}, autocomplete open on emoji')
        p.editor.send_keys(Keys.ESCAPE)
        assert_no_violations(driver, f'{where}, autocomplete closed again')


def test_the_page_has_no_axe_violations_in_the_keyboards_touch_menu_and_message_states(service):
    """Issue 28's states, on a touch screen at 320 px: the panel open (44 px targets, the swipe strip),
    the long-press preview with its tone row, a key's menu with its tones in English, the search's results
    after a switch of language, a sent message's sticker focused and its menu open."""
    with page_at(service, 320, 640, touch=True) as p:
        d = p.d
        p.send('好[doge]和[微笑]')
        p.finders()
        open_panel(p)
        p.pack('weibo')
        assert_no_violations(d, '320 px, touch, panel open on a pack')
        p.pack('emoji')
        hold(d, p.key('👍'))
        assert d.find_element(By.CSS_SELECTOR, '#preview .tones').is_displayed()
        assert_no_violations(d, '320 px, touch, the long-press preview with its tone row')
        touch(d, 'touchCancel')
        d.find_element(By.ID, 'language').click()
        keyboard_menu(d, p.key('👍'))
        assert_no_violations(d, "320 px, English, a key's menu with its tones")
        ActionChains(d).send_keys(Keys.ESCAPE).perform()
        p.search('xk')
        d.find_element(By.ID, 'language').click()
        assert p.cells(), 'the results went'
        assert_no_violations(d, '320 px, search results after a switch of language')
        d.find_element(By.ID, 'toggle').click()
        p.wait("return document.getElementById('panel').hidden")
        d.execute_script("document.querySelector('#messages img.sticker').focus()")
        assert d.execute_script("return document.activeElement.alt") == '[doge]'
        assert_no_violations(d, "a sent message's sticker focused")
        ActionChains(d).send_keys(Keys.ENTER).perform()
        p.wait("return document.getElementById('menu')?.hidden === false")
        assert_no_violations(d, "a sent message's sticker menu open")


def test_each_grid_page_is_one_tab_stop_and_arrow_keys_move_by_row_and_column(service, phone):
    p = Page(phone, service)
    open_panel(p)
    p.pack('weibo')
    stops = phone.execute_script("return [...document.querySelectorAll('#pages .page')]"
                                 ".map((g) => g.querySelectorAll('button.cell[tabindex=\"0\"]').length)")
    assert len(stops) >= 2 and set(stops) == {1}, stops  # every page reachable by Tab, once
    cells, cols = p.cells(), 7  # phone width: 7 columns
    focused = lambda: phone.execute_script('return document.activeElement.getAttribute("aria-label")')
    cells[0].send_keys(Keys.ARROW_DOWN)
    assert focused() == cells[cols].get_attribute('aria-label')  # same column, next row
    ActionChains(phone).send_keys(Keys.ARROW_RIGHT, Keys.ARROW_UP).perform()
    assert focused() == cells[1].get_attribute('aria-label')
    ActionChains(phone).send_keys(Keys.TAB).perform()  # out of the grid, to the next page's grid
    assert phone.execute_script("return document.activeElement.closest('.page') === document.querySelectorAll('#pages .page:not([inert])')[1]")
    ActionChains(phone).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
    assert focused() == cells[1].get_attribute('aria-label')  # back where the arrows left it


def test_the_embed_page_has_no_axe_violations(service, phone):
    phone.get(f'http://127.0.0.1:{service.port}/embed.html')
    end = time.time() + 5
    while time.time() < end and not phone.find_elements(By.CSS_SELECTOR, '#out img.sticker'):
        time.sleep(0.05)
    assert phone.find_elements(By.CSS_SELECTOR, '#out img.sticker'), 'the live render did not appear'
    assert_no_violations(phone, 'embed page')

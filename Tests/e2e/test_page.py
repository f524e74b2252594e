"""The page in headless Chromium (Debian's chromium + chromium-driver,
driven by selenium), against the real nginx and server."""
import os
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser import Page, browser, page_at
from pointer import shown_preview, touch_screen
from service import ROOT, Service

SHOTS = os.path.join(ROOT, 'docs', 'screenshots')


def test_insert_a_sticker_puts_the_caret_after_it(service, phone):
    p = Page(phone, service)
    p.type('笑死我了')
    p.open_panel()
    p.pack('weibo')
    p.cells()[2].click()
    s = p.state()
    assert s == {'text': '笑死我了[笑哭]', 'selection': {'location': 5, 'length': 0}}
    assert phone.find_element(By.ID, 'counter').text == '5/140'
    img = phone.find_element(By.CSS_SELECTOR, '#editor img.sticker')
    assert img.get_attribute('draggable') == 'false' and img.get_attribute('alt') == '[笑哭]'
    assert img.get_attribute('aria-label') == '笑哭'  # its name, as the server's default lang renders it


def test_paste_places_the_caret_after_the_pasted_stickers_without_spaces(service, phone):
    p = Page(phone, service)
    p.type('ab')
    phone.execute_script('window.stickertext.edit("select", {})')
    p.idle()
    # Caret between a and b, then paste.
    phone.execute_script('''const t = document.getElementById('editor').firstChild; getSelection().collapse(t, 1);''')
    p.clipboard_event('paste', '[哈哈][哈哈]')
    assert p.state() == {'text': 'a[哈哈][哈哈]b', 'selection': {'location': 3, 'length': 0}}
    assert len(phone.find_elements(By.CSS_SELECTOR, '#editor img')) == 2


def test_copy_and_cut_give_the_plain_text(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', 'x[微笑]y')
    p.idle()
    phone.execute_script('''const e = document.getElementById('editor'); const r = document.createRange();
        r.setStart(e, 0); r.setEnd(e, e.childNodes.length); getSelection().removeAllRanges(); getSelection().addRange(r);''')
    assert p.clipboard_event('copy') == 'x[微笑]y'
    assert p.clipboard_event('cut') == 'x[微笑]y'
    assert p.state()['text'] == ''


def test_typing_the_closing_bracket_makes_a_sticker(service, phone):
    p = Page(phone, service)
    p.type('[微笑')
    p.type(']')
    assert p.state() == {'text': '[微笑]', 'selection': {'location': 1, 'length': 0}}
    assert phone.find_elements(By.CSS_SELECTOR, '#editor img.sticker')


def test_the_delete_key_removes_a_whole_sticker_and_a_whole_zwj_emoji(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', 'a👨‍👩‍👧‍👦[笑哭]')
    p.open_panel()
    ActionChains(phone).click(p.delete_key()).perform()
    assert p.state()['text'] == 'a👨‍👩‍👧‍👦'
    ActionChains(phone).click(p.delete_key()).perform()
    assert p.state() == {'text': 'a', 'selection': {'location': 1, 'length': 0}}


def test_holding_delete_repeats_and_stops_on_release(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', 'x' * 60)
    p.open_panel()
    ActionChains(phone).click_and_hold(p.delete_key()).perform()
    time.sleep(1.4)
    ActionChains(phone).release().perform()
    after_release = len(p.state()['text'])
    assert after_release < 55  # repeated after the 0.5 s wait
    time.sleep(0.8)
    assert len(p.state()['text']) == after_release  # and stopped on release
    assert phone.execute_script('return window.stickertext.repeating') is False


def test_long_press_previews_and_inserts_on_release_and_cancels_elsewhere(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.pack('weibo')
    cells = p.cells()
    ActionChains(phone).click_and_hold(cells[0]).pause(0.6).perform()
    assert shown_preview(phone)
    ActionChains(phone).move_to_element(cells[1]).perform()
    p.wait("return document.getElementById('preview').textContent.includes('哈哈')")
    ActionChains(phone).release().perform()
    assert p.state()['text'] == '[哈哈]'
    assert not phone.find_element(By.ID, 'preview').is_displayed()
    # Released over the tab bar: nothing is inserted.
    ActionChains(phone).click_and_hold(cells[0]).pause(0.6).move_to_element(phone.find_element(By.ID, 'tabs')).release().perform()
    assert p.state()['text'] == '[哈哈]'


def test_recents_are_most_recent_first_unique_and_survive_a_reload(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.tab(0)
    assert '最近' in phone.find_element(By.CSS_SELECTOR, '#pages .hint').text
    assert p.delete_key()  # the empty Recent tab still has its delete key
    p.pack('weibo')
    for i in (0, 1, 0):
        p.cells()[i].click()
        p.idle()
    phone.refresh()
    p = Page.__new__(Page)
    p.d = phone
    p.wait('return document.body.dataset.ready')
    p.editor = phone.find_element(By.ID, 'editor')
    p.editor.click()
    p.open_panel()
    p.tab(0)
    labels = [c.get_attribute('aria-label') for c in p.cells()]
    assert labels[:2] == ['微笑', '哈哈'] and len(labels) == 2


def test_switching_tab_returns_to_page_one(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.pack('emoji')  # the emoji pack has several pages
    start = phone.execute_script("return document.getElementById('pages').scrollLeft")
    phone.execute_script("const g = document.getElementById('pages'); g.scrollLeft += g.clientWidth;")
    p.wait(f"return document.getElementById('pages').scrollLeft > {start}")
    p.wait("return document.querySelectorAll('#dots i')[1].classList.contains('on')")
    p.pack('things')
    assert phone.execute_script("""const g = document.getElementById('pages').getBoundingClientRect();
        return document.querySelector('#pages .page:not([inert])').getBoundingClientRect().left === g.left""")
    assert phone.execute_script("return document.querySelector('#dots i.on') === document.querySelector('#dots i')")


def test_caret_swipe_moves_one_unit_per_step_after_the_dead_zone(service, phone):
    touch_screen(phone)  # the strip shows only on a touch screen
    try:
        p = Page(phone, service)
        p.clipboard_event('paste', 'abcdef[微笑]')
        p.open_panel()
        strip = phone.find_element(By.ID, 'swipe')
        ActionChains(phone).move_to_element(strip).click_and_hold().move_by_offset(-60, 0).release().perform()
        assert p.state()['selection']['location'] == 7  # inside the 70 px dead zone: no move
        ActionChains(phone).move_to_element(strip).click_and_hold().move_by_offset(-75, 0).pause(0.3)\
            .move_by_offset(-12, 0).pause(0.3).move_by_offset(-12, 0).release().perform()
        assert p.state()['selection']['location'] == 5
    finally:
        touch_screen(phone, False)


def test_sending_shows_the_message_and_empty_input_never_sends(service, phone):
    p = Page(phone, service)
    phone.find_element(By.ID, 'send').click()
    time.sleep(0.3)
    assert phone.find_elements(By.CSS_SELECTOR, '#messages .msg') == []
    p.type('  ')
    phone.find_element(By.ID, 'send').click()
    time.sleep(0.3)
    assert phone.find_elements(By.CSS_SELECTOR, '#messages .msg') == []
    p.send('hi [微笑] <b>')
    msg = phone.find_element(By.CSS_SELECTOR, '#messages .msg')
    assert msg.find_element(By.CSS_SELECTOR, 'img.sticker').get_attribute('alt') == '[微笑]'
    assert '<b>' in msg.text
    assert p.state()['text'] == ''


def layout(driver):
    return driver.execute_script('''
        const m = document.getElementById('messages'), last = m.lastElementChild, bar = document.getElementById('composer');
        const spacing = last ? parseFloat(getComputedStyle(m).paddingBottom) + parseFloat(getComputedStyle(last).marginBottom) : 0;
        return {spacing, lastBottom: last ? last.getBoundingClientRect().bottom : 0, listBottom: m.getBoundingClientRect().bottom,
                barTop: bar.getBoundingClientRect().top, panelTop: document.getElementById('panel').getBoundingClientRect().top,
                barBottom: bar.getBoundingClientRect().bottom};''')


def settled_layout(driver, timeout=5):
    """`layout` once it has stayed the same for 0.3 s (at most `timeout`): a loaded machine can
    be mid-way through the panel's opening at any fixed delay."""
    deadline, last, since = time.monotonic() + timeout, None, time.monotonic()
    while time.monotonic() < deadline:
        now = layout(driver)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= 0.3:
            break
        time.sleep(0.05)
    return last


@pytest.mark.parametrize('count', [2, 9, 40])
def test_opening_the_panel_keeps_the_newest_message_visible(service, count):
    d = browser(390, 780)
    try:
        p = Page(d, service)
        p.send('message')  # a real one first: sending (chat.js, which keeps the list pinned) is loaded
        d.execute_script('''for (let i = 1; i < arguments[0]; i++) { const div = document.createElement('div');
            div.className = 'msg'; div.textContent = 'message ' + i; document.getElementById('messages').appendChild(div); }
            const m = document.getElementById('messages'); m.scrollTop = m.scrollHeight;''', count)
        before = layout(d)
        p.open_panel()
        after = settled_layout(d)
        assert abs(after['barBottom'] - after['panelTop']) <= 1  # no gap between input bar and panel
        assert after['lastBottom'] <= after['listBottom'] + 1  # the newest message is not hidden
        moved = before['lastBottom'] - after['lastBottom']
        if count == 2:
            assert abs(moved) <= 1  # few messages: only the input bar moves
        else:
            # The list moves up by exactly what the panel would cover: the newest
            # message ends where the shorter list ends, with the list's usual spacing.
            covered = before['lastBottom'] - (after['listBottom'] - after['spacing'])
            assert covered > 0
            assert abs(moved - covered) <= 1
    finally:
        d.quit()


# The screenshots' devices: a phone's real size, a touch screen (headless Chromium's window is never under
# 500 px: its viewport is emulated), and a desktop's.
DEVICES = {'phone': (390, 844, True), 'desktop': (1280, 800, False)}


def test_screenshots_phone_and_desktop_light_and_dark(service):
    """docs/screenshots/{phone,desktop}{,-dark}.png: the system's scheme emulated, as a user would have it."""
    os.makedirs(SHOTS, exist_ok=True)
    for device, (width, height, touch) in DEVICES.items():
        with page_at(service, width, height, touch=touch) as first:
            d = first.d
            for scheme, suffix in (('light', ''), ('dark', '-dark')):
                d.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [{'name': 'prefers-color-scheme', 'value': scheme}]})
                p = Page(d, service)
                p.send('笑死我了[笑哭][doge]')
                p.clipboard_event('paste', '今天好开心[微笑]👍🏽')
                p.open_panel()
                p.pack('weibo')
                time.sleep(0.4)
                assert d.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == 'dark')
                assert d.execute_script('return innerWidth') == width
                d.save_screenshot(os.path.join(SHOTS, f'{device}{suffix}.png'))
    assert all(os.path.getsize(os.path.join(SHOTS, f'{n}.png')) > 10000 for n in ('phone', 'phone-dark', 'desktop', 'desktop-dark'))


def test_embed_page_shows_a_fragment_with_absolute_urls(service, phone):
    phone.get(f'http://127.0.0.1:{service.port}/embed.html')
    end = time.time() + 5
    while time.time() < end and not phone.find_elements(By.CSS_SELECTOR, '#out img.sticker'):
        time.sleep(0.05)
    img = phone.find_element(By.CSS_SELECTOR, '#out img.sticker')
    assert img.get_attribute('src').startswith(f'http://127.0.0.1:{service.port}/stickers/')
    assert '<b>' in phone.find_element(By.ID, 'out').text  # escaped, not bold


def test_a_paste_cut_short_says_so_and_the_counter_follows(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', 'x' * 150)
    p.idle()
    assert len(p.state()['text']) == 140
    note = phone.find_element(By.ID, 'note')
    assert note.is_displayed() and '截掉' in note.text  # said in the page's language (zh-CN here)
    assert phone.find_element(By.ID, 'counter').text == '140/140'


def test_leaving_the_delete_key_stops_the_repeat(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', 'y' * 60)
    p.open_panel()
    key = p.delete_key()
    ActionChains(phone).click_and_hold(key).pause(0.2).move_to_element(p.cells()[0]).perform()
    time.sleep(0.9)
    count = len(p.state()['text'])
    time.sleep(0.5)
    assert len(p.state()['text']) == count == 59  # one delete on press, no repeat after leaving the key
    ActionChains(phone).release().perform()


def test_keyboard_toggle_keeps_focus_and_caret_and_escape_closes(service, phone):
    p = Page(phone, service)
    p.type('abc')
    phone.execute_script('getSelection().collapse(document.getElementById("editor").firstChild, 1)')
    p.open_panel()
    assert phone.execute_script('return document.activeElement.id') == 'editor'
    assert phone.execute_script('return window.stickertext.state().selection.location') == 1
    assert phone.find_element(By.ID, 'editor').get_attribute('inputmode') == 'none'
    p.cells()[0].click()
    assert p.state() == {'text': 'a[微笑]bc', 'selection': {'location': 2, 'length': 0}}
    ActionChains(phone).send_keys('\ue00c').perform()  # Escape
    p.wait("return document.getElementById('panel').getBoundingClientRect().height < 1")
    assert phone.find_element(By.ID, 'toggle').get_attribute('aria-pressed') == 'false'


def test_grid_is_keyboard_navigable_and_named(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.pack('weibo')
    first = p.cells()[0]
    assert first.get_attribute('aria-label') == '微笑'
    assert phone.find_element(By.ID, 'tabs').get_attribute('role') == 'tablist'
    first.send_keys('\ue014')  # ArrowRight
    assert phone.execute_script('return document.activeElement.getAttribute("aria-label")') == '哈哈'
    ActionChains(phone).send_keys('\ue007').perform()  # Enter
    assert p.state()['text'] == '[哈哈]'


def test_usable_at_320_px():
    s = Service()
    d = browser(320, 640)
    try:
        d.set_window_size(320, 640)
        p = Page(d, s)
        p.open_panel()
        width = d.execute_script('return document.documentElement.scrollWidth')
        viewport = d.execute_script('return window.innerWidth')
        assert width <= viewport  # nothing sticks out sideways
        send = d.find_element(By.ID, 'send').rect
        assert send['x'] + send['width'] <= viewport
    finally:
        d.quit()
        s.stop()


def test_the_caret_steps_over_a_sticker_as_one_unit(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', 'a[微笑]b')
    p.idle()
    phone.execute_script('getSelection().collapse(document.getElementById("editor").firstChild, 1)')
    ActionChains(phone).send_keys('\ue014').perform()  # ArrowRight
    assert p.state()['selection'] == {'location': 2, 'length': 0}
    ActionChains(phone).key_down('\ue008').send_keys('\ue012').key_up('\ue008').perform()  # Shift+ArrowLeft
    assert p.state()['selection'] == {'location': 1, 'length': 1}
    assert p.clipboard_event('copy') == '[微笑]'

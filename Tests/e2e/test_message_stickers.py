"""A sent message's stickers from the keyboard (issue 28, item 8), in headless
Chromium against the real nginx and server: each message is one Tab stop on
its stickers (a roving tabindex), the arrow keys move between them, Enter or
the ContextMenu key opens a sticker's menu, whose choice acts as from the
panel, and the focus comes back to the sticker; the editor's stickers are no
Tab stops."""
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser import Page, chord
from test_keyboard import keyboard_menu, menu_items, names

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

FOCUSED = "const a = document.activeElement; return a.closest('#messages') ? a.alt : a.id || a.getAttribute('aria-label')"


def stops(d):
    return d.execute_script("return [...document.querySelectorAll('#messages img.sticker')].map((i) => i.tabIndex)")


def press(d, key):
    ActionChains(d).send_keys(key).perform()


def test_a_sent_messages_stickers_are_reached_from_the_keyboard_and_open_their_menu(service, phone):
    p = Page(phone, service)
    p.send('好[doge]和[微笑]')
    p.clipboard_event('paste', '[哈哈]')  # one in the editor too
    p.wait("return document.querySelector('#messages img.sticker').tabIndex === 0", timeout=8)  # the keyboard is loaded
    assert stops(phone) == [0, -1]
    assert phone.execute_script("return document.querySelector('#editor img.sticker').tabIndex") == -1
    chord(phone, [Keys.SHIFT], Keys.TAB)  # from the editor: the ☺ toggle,
    chord(phone, [Keys.SHIFT], Keys.TAB)  # then the message
    assert phone.execute_script(FOCUSED) == '[doge]'
    press(phone, Keys.ARROW_RIGHT)
    assert phone.execute_script(FOCUSED) == '[微笑]' and stops(phone) == [-1, 0]
    press(phone, Keys.ENTER)
    p.wait("return document.getElementById('menu')?.hidden === false")
    assert phone.execute_script("return document.getElementById('menu').getAttribute('aria-label')") == '“微笑”菜单'
    assert menu_items(phone)[0] == '添加到收藏'
    press(phone, Keys.ENTER)
    assert '已收藏“微笑”' in p.said()
    assert phone.execute_script(FOCUSED) == '[微笑]'  # the focus is back on the sticker
    press(phone, Keys.ARROW_LEFT)
    keyboard_menu(phone, phone.switch_to.active_element)  # the ContextMenu key
    assert phone.execute_script("return document.getElementById('menu').getAttribute('aria-label')") == '“狗头”菜单'
    press(phone, Keys.ESCAPE)
    assert phone.execute_script(FOCUSED) == '[doge]'
    assert p.state()['text'] == '[哈哈]'  # the menus inserted nothing
    p.open_panel()
    p.pack('favorites')
    assert names(p) == ['微笑']

"""Presses on the sticker panel's keys as a phone's own keyboard takes them
(issue 28), with real touches and mouse buttons through CDP: only the primary
button, a touch or a pen presses (the right button opens a sticker's menu and
nothing else); the long-press preview's star is lit only while the finger is
on it; an emoji is one entry in Recent and in Favorites, whatever tone it went
in with, shown with the tone chosen last."""
import time

import pytest
from selenium.webdriver.common.by import By

from browser import Page, browser_at
from pointer import center, hold, mouse, slide, touch
from test_keyboard import menu_items


@pytest.fixture(scope='module')
def phone():
    """A phone's real width (conftest's `phone` window shows 500 px)."""
    d = browser_at(390, 780)
    yield d
    d.quit()


@pytest.fixture(autouse=True)
def lifted(phone):
    """No finger left down by a test that failed half way."""
    yield
    try:
        touch(phone, 'touchCancel')
    except Exception:  # none was down
        pass


def menu_open(d):
    return d.execute_script("return !document.getElementById('menu').hidden")


def preview_open(d):
    return d.execute_script("return !document.getElementById('preview').hidden")


# Issue 28, item 1

def test_the_right_button_held_neither_repeats_delete_nor_previews_nor_inserts(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', 'abcdef')
    p.open_panel()
    p.pack('weibo')
    at = center(phone, p.delete_key())
    mouse(phone, 'mousePressed', at)
    time.sleep(1.2)
    mouse(phone, 'mouseReleased', at)
    assert p.state()['text'] == 'abcdef'
    assert phone.execute_script('return window.stickertext.repeating') is not True
    # Held 0.6 s on a sticker: its menu, and only its menu; releasing inserts nothing and leaves the menu open.
    at = center(phone, p.cells()[0])
    mouse(phone, 'mousePressed', at)
    time.sleep(0.6)
    assert menu_open(phone) and not preview_open(phone)
    mouse(phone, 'mouseReleased', at)
    time.sleep(0.2)
    assert menu_open(phone) and p.state()['text'] == 'abcdef'
    assert menu_items(phone)[0] == '添加到收藏'
    # The left button still presses: held on ⌫ it repeats.
    phone.find_element(By.ID, 'editor').click()  # the menu closes
    at = center(phone, p.delete_key())
    mouse(phone, 'mousePressed', at, 'left')
    time.sleep(1.2)
    mouse(phone, 'mouseReleased', at, 'left')
    assert len(p.state()['text']) < 5


def test_a_touch_long_press_still_previews_and_inserts_what_it_is_released_on(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.pack('weibo')
    at = hold(phone, p.cells()[0])
    assert preview_open(phone) and not menu_open(phone)
    slide(phone, at, center(phone, p.cells()[1]))
    touch(phone, 'touchEnd')
    assert p.state()['text'] == '[哈哈]'
    assert not preview_open(phone)


# Issue 28, item 6

def star_background(d):
    return d.execute_script("return getComputedStyle(document.querySelector('#preview .star')).backgroundColor")


def test_the_stars_highlight_goes_when_the_finger_leaves_it(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.pack('weibo')
    at = hold(phone, p.cells()[3])
    unlit = star_background(phone)
    slide(phone, at, center(phone, phone.find_element(By.CSS_SELECTOR, '#preview .star')))
    assert star_background(phone) != unlit  # lit under the finger
    touch(phone, 'touchEnd')
    assert '已收藏' in p.note() and p.state()['text'] == ''
    # A new long press, the finger not moved: the star is not lit, and releasing inserts the sticker.
    second = p.cells()[4]
    tag = phone.execute_script('return arguments[0].item.tag', second)
    hold(phone, second)
    assert preview_open(phone)
    assert star_background(phone) == unlit
    touch(phone, 'touchEnd')
    assert p.state()['text'] == tag

"""Presses on the sticker panel's keys as a phone's own keyboard takes them
(issue 28), with real touches and mouse buttons through CDP: only the primary
button, a touch or a pen presses (the right button opens a sticker's menu and
nothing else); the long-press preview's star is lit only while the finger is
on it; an emoji is one entry in Recent and in Favorites, whatever tone it went
in with, shown with the tone chosen last."""
import json
import time

import pytest
from selenium.webdriver.common.by import By

from browser import Page, browser_at
from pointer import PREVIEW_SHOWN, center, hold, mouse, slide, tap, touch
from test_keyboard import choose, menu_items, reload, right_click
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)


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
    return d.execute_script("return document.getElementById('menu')?.hidden === false")


def preview_open(d):
    return d.execute_script(PREVIEW_SHOWN)


def texts(p):
    """What the shown tab's keys show (an emoji with its tone)."""
    return p.d.execute_script("return [...document.querySelectorAll('#pages .page:not([inert]) button.cell:not(.delete)')].map((c) => c.textContent)")


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
    assert '已收藏' in p.said() and p.state()['text'] == ''
    # A new long press, the finger not moved: the star is not lit, and releasing inserts the sticker.
    second = p.cells()[4]
    tag = phone.execute_script('return arguments[0].item.tag', second)
    hold(phone, second)
    assert preview_open(phone)
    assert star_background(phone) == unlit
    touch(phone, 'touchEnd')
    assert p.state()['text'] == tag


# Issue 28, item 4

def test_an_emoji_is_one_entry_in_recent_and_favorites_whatever_its_tone(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.pack('emoji')
    tap(phone, p.key('👍'))
    at = hold(phone, p.key('👍'))
    medium = phone.find_elements(By.CSS_SELECTOR, '#preview .tones b')[3]
    slide(phone, at, center(phone, medium))
    touch(phone, 'touchEnd')
    assert p.state()['text'] == '👍👍🏽'
    p.pack('recent')
    assert texts(p) == ['👍🏽']  # one entry, with the tone chosen last
    # Favorites: 👍 added from the Emoji tab is the entry Recent shows.
    p.pack('emoji')
    right_click(phone, p.key('👍'))
    choose(phone, '添加到收藏')
    p.pack('recent')
    right_click(phone, p.cells()[0])
    assert menu_items(phone)[0] == '取消收藏'
    choose(phone, '取消收藏')
    p.pack('favorites')
    assert texts(p) == []
    p.pack('recent')
    right_click(phone, p.cells()[0])
    choose(phone, '添加到收藏')
    p.pack('emoji')
    right_click(phone, p.key('👍'))
    assert menu_items(phone)[0] == '取消收藏'  # the same entry
    p.pack('favorites')
    assert texts(p) == ['👍🏽']
    # The pack's own 👍🏽 key is the same emoji, too: still one entry.
    p.pack('emoji')
    tap(phone, p.key('👍🏽'))
    p.pack('recent')
    assert texts(p) == ['👍🏽']


def test_lists_kept_with_a_toned_entry_by_an_earlier_version_show_it_once(service, phone):
    p = Page(phone, service)
    thumbs = {'emoji': '👍', 'name': {'zh': '赞', 'en': 'thumbs up'}}
    kept = [{**thumbs, 'emoji': '👍🏽'}, thumbs]
    phone.execute_script("""localStorage.setItem('stickertext.recents', arguments[0]);
        localStorage.setItem('stickertext.favorites', arguments[0]);
        localStorage.setItem('stickertext.tones', JSON.stringify({'👍': '\\u{1F3FD}'}));""", json.dumps(kept))
    reload(p).open_panel()
    for tab in ('recent', 'favorites'):
        p.pack(tab)
        assert texts(p) == ['👍🏽'], tab

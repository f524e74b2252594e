"""The sticker panel's layout (issue 28), measured in headless Chromium at a
phone's real widths and on a desktop: the long-press preview, its skin-tone
row and a sticker's menu lie inside the visual viewport at 320, 390 and
1280 px, for keys in the first and last columns and in the middle, in Chinese
and in English, and a menu stays by its key when the window's height changes;
the preview's star never covers the sticker. On a touch screen every target
is 44 × 44 px or more and the caret swipe strip shows; with a mouse targets
are 24 px or more (WCAG 2.5.8), there is no strip, and the tabs fit at 320 px."""
import json
import os
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser import page_at, viewport
from pointer import hold, touch
from test_keyboard import keyboard_menu, reload
from test_page import SHOTS
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)

# Favorites that put an emoji taking a tone in the first column (👎) and in the last at 7 (👍) and 9 columns (👏).
EDGES = ['👎', '😀', '😃', '😄', '😁', '😆', '👍', '😅', '👏']


def keep_favorites(p, emoji):
    entries = [{'emoji': e, 'name': {'zh': e, 'en': e}} for e in emoji]
    p.d.execute_script("localStorage.setItem('stickertext.favorites', arguments[0])", json.dumps(entries))


def boxes(d, cell):
    """The visual viewport and the boxes of the preview's parts and of `cell`, in client px."""
    return d.execute_script('''
        const v = visualViewport, pv = document.getElementById('preview'), menu = document.getElementById('menu');
        const box = (el) => (el && el.getClientRects().length ? el.getBoundingClientRect().toJSON() : null);
        return {view: {left: v.offsetLeft, top: v.offsetTop, right: v.offsetLeft + v.width, bottom: v.offsetTop + v.height},
                preview: box(pv), big: box(pv.firstElementChild), star: box(pv.querySelector('.star')),
                tones: box(pv.querySelector('.tones')), menu: box(menu), cell: box(arguments[0]),
                overflow: [pv, menu].filter((el) => !el.hidden && el.scrollWidth > el.clientWidth + 1).map((el) => el.id)};''', cell)


def assert_inside(part, view, what):
    assert part, f'{what}: not shown'
    assert (part['left'] >= view['left'] - 0.5 and part['right'] <= view['right'] + 0.5
            and part['top'] >= view['top'] - 0.5 and part['bottom'] <= view['bottom'] + 0.5), f'{what}: {part} outside {view}'


def overlap(a, b):
    return min(a['right'], b['right']) - max(a['left'], b['left']) > 0 and min(a['bottom'], b['bottom']) - max(a['top'], b['top']) > 0


def check_preview(d, cell, what, tones):
    hold(d, cell)
    b = boxes(d, cell)
    touch(d, 'touchCancel')
    for part in ('preview', 'star', 'big') + (('tones',) if tones else ()):
        assert_inside(b[part], b['view'], f'{what}: the {part}')
    assert (b['tones'] is not None) == tones, what
    assert b['overflow'] == [], f'{what}: the content of the preview runs out of it'
    assert not overlap(b['star'], b['big']), f'{what}: the star covers the sticker'
    assert b['preview']['bottom'] <= b['cell']['top'] + 4, f'{what}: the preview is not above its key'


def check_menu(d, cell, what):
    keyboard_menu(d, cell)
    b = boxes(d, cell)
    assert_inside(b['menu'], b['view'], f'{what}: the menu')
    assert b['overflow'] == [], f'{what}: the content of the menu runs out of it'
    ActionChains(d).send_keys(Keys.ESCAPE).perform()  # to the menu, which has the focus: it closes
    assert d.execute_script("return document.getElementById('menu').hidden")


@pytest.mark.parametrize('width', [320, 390, 1280])
def test_the_preview_its_tones_and_a_menu_stay_inside_the_viewport_at_the_edges_and_in_the_middle(service, width):
    with page_at(service, width, 780) as p:
        d = p.d
        keep_favorites(p, EDGES)
        reload(p).open_panel()
        columns = 9 if width >= 600 else 7
        for language in ('zh', 'en'):
            p.pack('favorites')
            for index in (0, 3, columns - 1, 6):
                cell = p.cells()[index]
                emoji = d.execute_script('return arguments[0].item.emoji', cell)
                what = f'{width} px, {language}, {emoji} in column {index}'
                check_preview(d, cell, what, tones=emoji in ('👎', '👍', '👏'))
                check_menu(d, cell, what)
            p.pack('weibo')
            for index in (0, columns // 2, columns - 1):
                cell = p.cells()[index]
                what = f'{width} px, {language}, weibo column {index}'
                check_preview(d, cell, what, tones=False)
                check_menu(d, cell, what)
            p.d.find_element('id', 'language').click()


# Issue 28, item 7

def test_a_stickers_menu_stays_open_by_its_key_when_the_windows_height_changes(service):
    """On a phone the system keyboard showing or hiding changes the window's height."""
    with page_at(service, 390, 780) as p:
        d = p.d
        p.open_panel()
        p.pack('weibo')
        cell = p.cells()[2]
        keyboard_menu(d, cell)
        for height in (520, 780):
            viewport(d, 390, height)
            p.wait(f'return innerHeight === {height}')
            time.sleep(0.3)  # the page's height and the panel follow
            b = boxes(d, cell)
            assert b['menu'], f'{height} px: the menu closed'
            assert d.execute_script("return document.getElementById('menu').contains(document.activeElement)")
            assert_inside(b['menu'], b['view'], f'{height} px: the menu')
            assert abs(b['menu']['bottom'] + 4 - b['cell']['top']) < 1, f'{height} px: the menu is not by its key'
        ActionChains(d).send_keys(Keys.ENTER).perform()  # and it still works
        assert '已收藏' in p.said()


# Issue 28, item 9

def small_targets(d, least):
    """What a finger or a pointer can press that is under `least` px either way, or cut off by the edge of the
    screen (the grid's pages and the tabs scroll sideways: theirs off screen are left out)."""
    return d.execute_script('''
        const shown = (el) => el.getClientRects().length && !el.closest('[inert], [hidden]');
        const scroller = (el) => el.closest('#pages, #tabs')?.getBoundingClientRect();
        return [...document.querySelectorAll('button, a[href], input, [role=tab], [contenteditable=true], #swipe')]
          .filter(shown).map((el) => [el.id || el.getAttribute('aria-label') || el.textContent.trim(), el.getBoundingClientRect(), scroller(el)])
          .filter(([, r, box]) => !box || (r.right > box.left + 0.5 && r.left < box.right - 0.5))
          .filter(([, r]) => r.width < arguments[0] - 0.01 || r.height < arguments[0] - 0.01 || r.left < -0.5 || r.right > innerWidth + 0.5)
          .map(([what, r]) => `${what} ${Math.round(r.width * 10) / 10}×${Math.round(r.height * 10) / 10} at ${Math.round(r.left)}`);''', least)


def swipe_strip(d):
    """The caret swipe strip as shown: [height, font size], or None when it does not show."""
    return d.execute_script('''const s = document.getElementById('swipe');
        return s.getClientRects().length ? [s.getBoundingClientRect().height, parseFloat(getComputedStyle(s).fontSize)] : null;''')


def tab_bar_scrollbar(d):
    return d.execute_script("const t = document.getElementById('tabs'); return t.offsetHeight - t.clientHeight - t.clientTop > 0.5")


@pytest.mark.parametrize('width', [320, 390])
def test_on_a_touch_screen_every_target_is_44_px_and_the_swipe_strip_shows(service, width):
    with page_at(service, width, 780, touch=True) as p:
        d = p.d
        assert small_targets(d, 44) == [], f'{width} px, panel closed'
        p.open_panel()
        p.pack('weibo')
        p.cells()[0].click()
        p.pack('recent')  # its Clear button shows
        assert small_targets(d, 44) == [], f'{width} px, panel open'
        height, font = swipe_strip(d)
        assert height >= 44 and font >= 13
        assert not tab_bar_scrollbar(d)
        p.pack('emoji')
        keyboard_menu(d, p.key('👍'))
        assert small_targets(d, 44) == [], f'{width} px, a menu with tones open'


def test_with_a_mouse_targets_are_24_px_there_is_no_swipe_strip_and_the_tabs_fit_at_320_px(service):
    with page_at(service, 1280, 800) as p:
        d = p.d
        p.open_panel()
        assert small_targets(d, 24) == []  # WCAG 2.5.8
        assert swipe_strip(d) is None  # no swipe without touch
        viewport(d, 320, 640)
        p.wait('return innerWidth === 320')
        assert small_targets(d, 24) == []
        assert not tab_bar_scrollbar(d)


def test_screenshot_of_the_tone_row_at_320_px(service):
    """docs/screenshots/tones-320.png: 👍 held on a 320 px touch screen, its six tones on screen."""
    path = os.path.join(SHOTS, 'tones-320.png')
    with page_at(service, 320, 640, touch=True) as p:
        p.send('今天好开心👍🏽')
        p.open_panel()
        p.pack('emoji')
        hold(p.d, p.key('👍'))
        time.sleep(0.2)
        b = boxes(p.d, None)
        assert_inside(b['tones'], b['view'], 'the tone row')
        p.d.save_screenshot(path)
        touch(p.d, 'touchCancel')
    assert os.path.getsize(path) > 10000

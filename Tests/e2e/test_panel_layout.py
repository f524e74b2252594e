"""Where the sticker panel's pop-ups go (issue 28), measured in headless
Chromium at a phone's real widths and on a desktop: the long-press preview,
its skin-tone row and a sticker's menu lie inside the visual viewport at 320,
390 and 1280 px, for keys in the first and last columns and in the middle,
in Chinese and in English; the preview's star never covers the sticker."""
import json
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser import Page, browser_at, viewport
from pointer import hold, touch
from test_keyboard import keyboard_menu, reload

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
    d = browser_at(width, 780)
    try:
        p = Page(d, service)
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
    finally:
        d.quit()


# Issue 28, item 7

def test_a_stickers_menu_stays_open_by_its_key_when_the_windows_height_changes(service):
    """On a phone the system keyboard showing or hiding changes the window's height."""
    d = browser_at(390, 780)
    try:
        p = Page(d, service)
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
        assert '已收藏' in p.note()
    finally:
        d.quit()

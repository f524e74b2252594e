"""Where the sticker panel is (issue 28), in headless Chromium against the real
nginx and server: its place is a tab and a page of it, not a scroll offset,
so Favorites gaining or losing a page, a language switch and a resize leave
the person on the tab and page they were on (or the nearest one left); a
switch of language keeps a search and its results; choosing a tab rebuilds
no page, and a sticker used rebuilds Recent's alone."""
import json
import os

import pytest
from selenium.webdriver.common.by import By

from browser import Page, browser_at, page_at, viewport
from service import ROOT
from test_keyboard import choose, names, reload, right_click
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)

EMOJI = json.load(open(os.path.join(ROOT, 'public', 'stickers', 'emoji', 'pack.json'), encoding='utf-8'))['stickers']


@pytest.fixture(scope='module')
def phone():
    """A phone's real width: 7 columns, 20 stickers a page."""
    d = browser_at(390, 780)
    yield d
    d.quit()


def keep_favorites(p, items):
    p.d.execute_script("localStorage.setItem('stickertext.favorites', arguments[0])", json.dumps(items))


# Issue 28, item 3

def test_favorites_gaining_or_losing_a_page_leave_the_view_on_the_tab_and_page_it_was_on(service, phone):
    p = Page(phone, service)
    doge = {'tag': '[doge]', 'name': {'zh': '狗头', 'en': 'doge'}}
    keep_favorites(p, [{'emoji': s['emoji'], 'name': s['name']} for s in EMOJI[:19]] + [doge])  # 20: one page
    reload(p).open_panel()
    p.pack('weibo')
    assert p.shown() == ['weibo', 'weibo', 0]
    right_click(phone, p.cells()[0])
    choose(phone, '添加到收藏')  # 21: Favorites has two pages
    assert p.shown() == ['weibo', 'weibo', 0]
    p.pack('animals')
    right_click(phone, p.key('[doge]'))
    choose(phone, '取消收藏')  # 20: one page again
    assert p.shown() == ['animals', 'animals', 0]
    right_click(phone, p.key('[doge]'))
    choose(phone, '添加到收藏')  # 21: doge alone on Favorites' second page
    p.pack('favorites')
    right_click(phone, p.key('[doge]'))
    assert p.shown() == ['favorites', 'favorites', 1]
    choose(phone, '取消收藏')  # that page is gone: the nearest one left
    assert p.shown() == ['favorites', 'favorites', 0]


def test_a_language_switch_and_a_resize_keep_the_tab_and_the_page(service):
    with page_at(service, 390, 780) as p:
        d = p.d
        p.open_panel()
        p.pack('weibo')
        p.key('[吃惊]')  # the 21st: page 2
        assert p.shown() == ['weibo', 'weibo', 1]
        d.find_element(By.ID, 'language').click()
        assert p.shown() == ['weibo', 'weibo', 1]
        viewport(d, 500, 780)
        assert p.shown() == ['weibo', 'weibo', 1]
        viewport(d, 1100, 800)  # 9 columns: 26 stickers a page, weibo still two pages
        p.wait("return document.querySelector('#pages .page:not([inert]) .row:last-child').children.length === 9")
        assert p.shown() == ['weibo', 'weibo', 1]
        p.pack('emoji')
        p.key(EMOJI[-1]['emoji'])  # its last page, the 4th of 26
        assert p.shown() == ['emoji', 'emoji', 3]
        viewport(d, 390, 780)  # 7 columns: five pages, the 4th kept
        p.wait("return document.querySelector('#pages .page:not([inert]) .row:last-child').children.length === 7")
        assert p.shown() == ['emoji', 'emoji', 3]


# Issue 28, item 5

def test_switching_the_language_keeps_a_search_and_its_results(service, phone):
    p = Page(phone, service)
    p.finders()
    p.open_panel()
    field = p.search('xk')
    assert names(p)[0] == '笑哭'
    phone.find_element(By.ID, 'language').click()
    assert field.get_attribute('value') == 'xk'
    assert phone.find_element(By.ID, 'pages').get_attribute('aria-label') == 'Search results'
    assert names(p)[0] == 'laughing to tears'  # the results, in the new language
    assert phone.find_element(By.ID, 'found').text.endswith('found')


# Issue 28, item 10

PAGES_TABS = """return [...document.querySelectorAll('#pages .page')].filter((x) => !window.before.includes(x))
    .map((x) => x.dataset.tab)"""


def test_choosing_a_tab_rebuilds_no_page_and_a_sticker_used_rebuilds_only_recents(service, phone):
    p = Page(phone, service)
    p.open_panel()
    phone.execute_script("window.before = [...document.querySelectorAll('#pages .page')]")
    for tab in ('weibo', 'emoji', 'favorites', 'recent', 'animals', 'weibo'):
        p.pack(tab)
    assert phone.execute_script(PAGES_TABS) == []
    assert phone.execute_script("return window.before.every((x) => x.isConnected)")
    p.cells()[0].click()  # Recent changes
    p.pack('emoji')
    assert set(phone.execute_script(PAGES_TABS)) == {'recent'}
    assert phone.execute_script("return window.before.filter((x) => !x.isConnected).every((x) => x.dataset.tab === 'recent')")

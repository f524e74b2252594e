"""Two of a phone's edges the desktop engines never show (issue 55): an iPhone's home indicator
(the bottom safe area, CDP's Emulation.setSafeAreaInsetsOverride) keeps nothing of the composer
under it with the panel closed as with it open; and a long press on a sticker reaches Favorites
where no contextmenu event ever comes (iOS Safari makes none of a long press): through the
preview's star. Chromium only: CDP's touches and insets."""
import pytest
from selenium.webdriver.common.by import By

from browser import Page, browser_at
from pointer import PREVIEW_SHOWN, center, hold, slide, touch, touch_screen

INSET = 34  # an iPhone's home indicator, in CSS px


@pytest.fixture()
def phone():
    d = browser_at(390, 844)
    yield d
    d.quit()


def inset(driver, bottom):
    try:
        driver.execute_cdp_cmd('Emulation.setSafeAreaInsetsOverride', {'insets': {'bottom': bottom}})
    except Exception as error:  # an older Chromium
        pytest.skip(f'this Chromium cannot emulate a safe area: {error}')


def lowest(driver, selector):
    return driver.execute_script('return document.querySelector(arguments[0]).getBoundingClientRect().bottom',
                                 selector)


def test_the_composer_stays_above_the_home_indicator_with_the_panel_closed_and_open(service, phone):
    p = Page(phone, service)
    inset(phone, INSET)
    height = phone.execute_script('return innerHeight')
    for selector in ('#send', '#toggle', '#editor'):
        assert lowest(phone, selector) <= height - INSET, (selector, lowest(phone, selector), height)
    p.open_panel()
    p.pack('weibo')
    # Open, the panel's last row of keys is above it too.
    last = phone.execute_script('''const keys = [...document.querySelectorAll('#pages .page:not([inert]) button.cell')];
        return Math.max(...keys.map((k) => k.getBoundingClientRect().bottom).filter((b) => b <= innerHeight))''')
    assert last <= height - INSET, (last, height)


def test_a_long_press_reaches_favorites_where_no_contextmenu_event_comes(service, phone):
    p = Page(phone, service)
    touch_screen(phone)
    # As iOS: no contextmenu event, whatever the press.
    phone.execute_script(
        "window.addEventListener('contextmenu', (e) => { e.stopImmediatePropagation(); e.preventDefault(); }, true)")
    p.open_panel()
    p.pack('weibo')
    cell = p.cells()[2]
    tag = phone.execute_script('return arguments[0].item.tag', cell)
    at = hold(phone, cell)
    assert phone.execute_script(PREVIEW_SHOWN)
    slide(phone, at, center(phone, phone.find_element(By.CSS_SELECTOR, '#preview .star')))
    touch(phone, 'touchEnd')
    assert '已收藏' in p.said()
    assert p.state()['text'] == ''
    p.pack('favorites')
    shown = phone.execute_script("return [...document.querySelectorAll('#pages .page:not([inert]) button.cell')].map((c) => c.item?.tag)")
    assert tag in shown, (tag, shown)

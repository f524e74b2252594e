"""Animated stickers in headless Chromium against the real nginx and server:
the picker's grid shows each one's still poster and the long-press preview its
animation; under prefers-reduced-motion: reduce (emulated through CDP) the
server's <picture> markup, the editor and the preview show the poster, and the
stickers shown already switch to it when the preference is turned on while
the page is open."""
import json
import urllib.parse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from browser import Page, wait
from pointer import shown_preview

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

STILL = '/stickers/motion/spin-poster.png'
MOVING = '/stickers/motion/spin.png'


def reduced_motion(driver, on):
    driver.execute_cdp_cmd('Emulation.setEmulatedMedia',
                           {'features': [{'name': 'prefers-reduced-motion', 'value': 'reduce' if on else ''}]})


def shown(driver, img):
    """The URL the browser chose for `img` once it has loaded."""
    wait(driver, 'return arguments[0].complete && arguments[0].naturalWidth > 0', img)
    return urllib.parse.urlsplit(img.get_attribute('currentSrc')).path


def rendered_fragment(driver, text):
    """The server's HTML for `text` (GET /api/render, as an embedding site would use it) in the page; its <img>."""
    html = driver.execute_async_script('''
        fetch('/api/render?text=' + encodeURIComponent(arguments[0])).then((r) => r.text()).then(arguments[arguments.length - 1]);''', text)
    return driver.execute_script('''
        const out = document.createElement('div');
        out.innerHTML = arguments[0];  // the service's safe HTML, as a site that embeds it does
        document.body.append(out);
        return out.querySelector('img');''', html)


def test_the_grid_shows_the_poster_and_the_long_press_preview_the_animation(service, phone):
    reduced_motion(phone, False)
    p = Page(phone, service)
    p.open_panel()
    p.pack('motion')
    cell = p.cells()[0]
    assert cell.get_attribute('aria-label') == '转圈'
    grid_img = cell.find_element(By.TAG_NAME, 'img')
    assert shown(phone, grid_img) == STILL
    assert 'spin-poster@2x.png 2x' in grid_img.get_attribute('srcset')
    ActionChains(phone).click_and_hold(cell).pause(0.6).perform()
    assert shown_preview(phone)
    preview = phone.find_element(By.CSS_SELECTOR, '#preview img')
    assert shown(phone, preview) == MOVING
    ActionChains(phone).release().perform()
    assert p.state()['text'] == '[转圈]'
    editor_img = phone.find_element(By.CSS_SELECTOR, '#editor img.sticker')
    assert shown(phone, editor_img) == MOVING and editor_img.get_attribute('alt') == '[转圈]'


def test_under_reduced_motion_the_rendered_fragment_the_editor_and_the_preview_show_the_poster(service, phone):
    p = Page(phone, service)
    try:
        reduced_motion(phone, True)
        assert phone.execute_script("return matchMedia('(prefers-reduced-motion: reduce)').matches")
        img = rendered_fragment(phone, 'a[转圈]b')
        assert phone.execute_script('return arguments[0].parentNode.localName', img) == 'picture'
        assert shown(phone, img) == STILL
        assert img.get_attribute('src').endswith(MOVING)  # the poster comes from the <source>, not the <img>
        p.open_panel()
        p.pack('motion')
        cell = p.cells()[0]
        ActionChains(phone).click_and_hold(cell).pause(0.6).perform()
        assert shown_preview(phone)
        assert shown(phone, phone.find_element(By.CSS_SELECTOR, '#preview img')) == STILL
        ActionChains(phone).release().perform()
        assert p.state()['text'] == '[转圈]'
        editor_imgs = phone.find_elements(By.CSS_SELECTOR, '#editor img')
        assert len(editor_imgs) == 1  # one <img> per sticker, as the editor's DOM mapping counts them
        assert shown(phone, editor_imgs[0]) == STILL
    finally:
        reduced_motion(phone, False)
    # The same markup without the preference: the animation.
    assert shown(phone, rendered_fragment(phone, '[转圈]')) == MOVING
    still_sticker = rendered_fragment(phone, '[微笑]')
    assert phone.execute_script('return arguments[0].parentNode.localName', still_sticker) == 'div'


# The files shown by the sent messages' stickers and the editor's, once loaded.
SHOWN_NOW = '''return JSON.stringify([...document.querySelectorAll('#messages .msg:not(.pending) img.sticker, #editor img.sticker')]
    .map((img) => img.complete && img.naturalWidth > 0 ? new URL(img.currentSrc).pathname : null)) === arguments[0]'''


def test_reduced_motion_turned_on_while_the_page_is_open_stills_the_stickers_shown_at_once(service, phone):
    """The preference changed in the system's settings with the page open (a matchMedia change, no edit
    after it): the stickers in the messages and in the editor switch to their posters at once, and move
    again when it is turned off."""
    reduced_motion(phone, False)
    p = Page(phone, service)
    p.send('发出的[转圈]')
    p.clipboard_event('paste', '草稿[转圈]')
    p.idle()
    wait(phone, SHOWN_NOW, json.dumps([MOVING, MOVING], separators=(',', ':')))
    try:
        reduced_motion(phone, True)
        wait(phone, SHOWN_NOW, json.dumps([STILL, STILL], separators=(',', ':')))
    finally:
        reduced_motion(phone, False)
    wait(phone, SHOWN_NOW, json.dumps([MOVING, MOVING], separators=(',', ':')))
    assert p.state()['text'] == '草稿[转圈]'  # no edit was needed, and none was made

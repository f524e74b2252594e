"""Presses as the page gets them from a finger or a mouse, through CDP rather
than selenium's actions: touches (Input.dispatchTouchEvent: pointer events of
type touch, a tap's click) and any mouse button (Input.dispatchMouseEvent:
the right button's pointerdown, contextmenu and pointerup), at an element's
centre or at a point."""
import time

from engines import needs_cdp


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


def hold(driver, element, seconds=0.6):
    """A finger put on `element` and kept there `seconds`; returns where it is."""
    point = center(driver, element)
    touch(driver, 'touchStart', point)
    time.sleep(seconds)
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

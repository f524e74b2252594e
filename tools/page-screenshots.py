#!/usr/bin/env python3
"""Writes docs/screenshots' pictures of the page at a phone's standard (issue
41), in headless Chromium against the real nginx and server (the browser
tests' Service): the page sideways on a touch screen (844 × 390, the panel
open: its tabs and swipe strip on screen), with large text (the browser's font
size at 24 px, 390 px wide) and in the dark scheme at 320 px.

Usage: python3 tools/page-screenshots.py   (needs the built server: make build)
"""
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'Tests', 'e2e'))

from browser import page_at  # noqa: E402
from service import Service  # noqa: E402

SHOTS = os.path.join(ROOT, 'docs', 'screenshots')


def shoot(p, name):
    p.wait("return document.getElementById('panel').classList.contains('open') && !document.getAnimations().length")
    time.sleep(0.3)  # the keys' images
    path = os.path.join(SHOTS, name)
    p.d.save_screenshot(path)
    print('wrote', os.path.relpath(path, ROOT))


def main():
    service = Service()
    try:
        with page_at(service, 844, 390, touch=True) as p:
            p.send('横过来也能看到整个表情面板[doge]')
            p.open_panel()
            shoot(p, 'sideways-844x390.png')
        with page_at(service, 390, 844, touch=True) as p:
            p.d.execute_cdp_cmd('Page.setFontSizes', {'fontSizes': {'standard': 24}})
            p.send('大字也跟着放大[笑哭]')
            p.open_panel()
            p.pack('favorites')  # its hint, in large text too
            shoot(p, 'large-text-390.png')
        with page_at(service, 320, 640, touch=True) as p:
            p.d.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [{'name': 'prefers-color-scheme', 'value': 'dark'}]})
            p.send('深色模式[doge]🌙')
            p.open_panel()
            shoot(p, 'dark-320.png')
    finally:
        service.stop()


if __name__ == '__main__':
    main()

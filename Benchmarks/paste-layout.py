#!/usr/bin/env python3
"""What a browser takes to lay out clusters of combining marks in an editable
field: the figures behind long-paste.js's cut at 32 code points a cluster
(docs/page.md). A bare `contenteditable` 300 px wide, given each text and
forced to lay it out; one engine at a time, through Tests/e2e/browser.py.
usage: Benchmarks/paste-layout.py [chromium|firefox|webkit ...]   (all three)"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Tests', 'e2e'))
from browser import browser  # noqa: E402

PAGE = ('<!doctype html><meta charset="utf-8"><div id="e" contenteditable="true" '
        'style="width:300px;height:120px;overflow:auto;white-space:pre-wrap;font:16px sans-serif"></div>')
CASES = [(10, 3000), (1, 10000), (140, 500), (140, 100), (140, 31), (10000, 0)]
LAY_OUT = '''const e = document.getElementById('e'); e.textContent = '';
    const text = ('a' + '\\u0301'.repeat(arguments[1])).repeat(arguments[0]);
    const start = performance.now();
    e.textContent = text; e.focus(); getSelection().collapse(e.firstChild, text.length);
    document.body.getBoundingClientRect();
    return performance.now() - start;'''


def main(engines):
    with tempfile.TemporaryDirectory() as folder:
        page = os.path.join(folder, 'field.html')
        with open(page, 'w', encoding='utf-8') as f:
            f.write(PAGE)
        for engine in engines:
            driver = browser(800, 600, engine=engine)
            try:
                driver.get(f'file://{page}')
                for clusters, marks in CASES:
                    took = min(driver.execute_script(LAY_OUT, clusters, marks) for _ in range(3))
                    print(f'{engine:<9} {clusters:>6} clusters of 1 + {marks:>5} code points: {took:7.1f} ms', flush=True)
            finally:
                driver.quit()


if __name__ == '__main__':
    main(sys.argv[1:] or ['chromium', 'firefox', 'webkit'])

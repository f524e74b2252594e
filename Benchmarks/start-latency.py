#!/usr/bin/env python3
"""The page's start over a real delay: headless Chromium loads the page
through a TCP proxy that holds every byte for half a round trip each way
(Tests/e2e/delay_proxy.py; CDP's network emulation does not slow a service
worker's own fetches, so it would hide what a slow network does to a warm
start), at 0, 100 and 300 ms of round trip:

- cold: a new browser profile (nothing cached, no service worker);
- warm: the same profile after a first visit, the service worker in control
  and its copy complete;
- lie-fi (warm): connections are accepted and nothing is ever answered;
  measured once, since no round trip changes a network that never answers;
- offline (warm): every connection is reset at once; measured once.

Each over HTTPS with HTTP/2 (a test certificate Chromium is told to
trust) and over plain HTTP/1.1 (what `make run` and many a first deployment
serve); the targets are judged over both.

A load's figure is the time from navigation start until the page is ready
(`body[data-ready]`, seen by a MutationObserver the browser installs before
the page's own scripts) plus the time a key typed then takes to show in the
field (Input.insertText's beforeinput to the editor's DOM change); a cold
load also counts the code it fetched before ready (HTML, CSS, JS: the bytes
of their bodies as sent, gzipped, and the files). Median of 5 loads (cold: 5
new profiles) in each of ROUNDS rounds, each stopped at 30 s. The page as it
is (built: tools/build-page.mjs) and, in the same round, the page of BASELINE
(the commit before this work, served as that commit serves it, by a second
nginx over the same backend) are measured side by side, in turns: a machine
that other work loads slows both alike.

usage: Benchmarks/start-latency.py [loads] [rounds]      (make bench-start; ROUNDS=3)
"""
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, '..'))
sys.path.insert(0, os.path.join(ROOT, 'Tests', 'e2e'))
from browser import browser  # noqa: E402
from service import Service  # noqa: E402
from baseline_page import BaselinePage  # noqa: E402
from delay_proxy import DelayProxy  # noqa: E402

BASELINE = os.environ.get('START_BASELINE', 'e9da6eb')  # main before the page was built by esbuild (issue 38)
LOADS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else int(os.environ.get('ROUNDS', '3'))
RTTS = [0, 100, 300]
CAP_S = 30
TARGETS_AT_300 = {'cold': 1200, 'warm': 300, 'lie-fi': 500}
PROTOCOLS = ('HTTP/1.1', 'HTTP/2')

# Installed before any script of the page: the moment body[data-ready] appears.
READY_PROBE = '''
window.__start = {};
new MutationObserver(() => {
  if (!window.__start.ready && document.body && document.body.dataset.ready) window.__start.ready = performance.now();
}).observe(document, { attributes: true, subtree: true, childList: true, attributeFilter: ['data-ready'] });
'''
# After ready: a key's beforeinput to the editor's next DOM change.
KEY_PROBE = '''
const editor = document.getElementById('editor');
window.__start.key = null;
let typedAt = null;
editor.addEventListener('beforeinput', (e) => { typedAt ??= e.timeStamp; }, { capture: true, once: true });
new MutationObserver((_, observer) => {
  if (typedAt === null) return;
  window.__start.key = performance.now() - typedAt;
  observer.disconnect();
}).observe(editor, { childList: true, subtree: true, characterData: true });
editor.focus();
'''


def wait_for(driver, script, timeout):
    end = time.time() + timeout
    while time.time() < end:
        value = driver.execute_script(script)
        if value is not None and value is not False:
            return value
        time.sleep(0.02)
    return None


# The code fetched before ready: the document, stylesheets and scripts that finished by then, their
# bodies' bytes as sent (gzipped), and how many.
CODE_BEFORE_READY = '''
const entries = [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
  .filter((e) => e.responseEnd <= window.__start.ready && /(\\/|\\.html|\\.css|\\.js)$/.test(new URL(e.name).pathname));
return [entries.reduce((sum, e) => sum + e.encodedBodySize, 0), entries.length];
'''


def load(driver, url, code=None):
    """One load: ms until ready, ms for a key to show (None where it did not within the cap);
    with `code` (a list), the code fetched before ready is appended to it: (bytes, files)."""
    driver.get('about:blank')
    driver.get(url)
    ready = wait_for(driver, 'return window.__start && window.__start.ready', CAP_S)
    if ready is None:
        return None, None
    if code is not None:
        code.append(tuple(driver.execute_script(CODE_BEFORE_READY)))
    driver.execute_script(KEY_PROBE)
    driver.execute_cdp_cmd('Input.insertText', {'text': 'a'})
    key = wait_for(driver, 'return window.__start.key', 5)
    return ready, key


def new_browser(spki):
    driver = browser(390, 780, page_load='none', trust_spki=spki)
    driver.execute_cdp_cmd('Page.addScriptToEvaluateOnNewDocument', {'source': READY_PROBE})
    return driver


def settle(driver, url):
    """A first visit, then until the service worker controls the page and its copy is complete."""
    load(driver, url)
    driver.get(url)
    ok = wait_for(driver, '''return navigator.serviceWorker && navigator.serviceWorker.controller !== null
        && document.body && document.body.dataset.ready''', 30)
    time.sleep(3)  # the page's late modules and the worker's own fetches, done
    return ok


def figure(pairs):
    """The median of ready + key over the loads (a load that never got ready counts as the cap)."""
    totals = [CAP_S * 1000.0 if r is None or k is None else r + k for r, k in pairs]
    readies = [CAP_S * 1000.0 if r is None else r for r, _ in pairs]
    keys = [k for _, k in pairs if k is not None]
    return statistics.median(totals), statistics.median(readies), (statistics.median(keys) if keys else None)


def measure(proxy, page_port, scheme, spki, results):
    """One round of every condition for one page and protocol: each condition's loads (ready, key)
    are added to `results[(name, rtt)]`, and the cold loads' code to `results['code']`."""
    proxy.upstream = ('127.0.0.1', page_port)
    url = f'{scheme}://127.0.0.1:{proxy.port}/'
    for rtt in RTTS:
        proxy.rtt_ms = rtt
        proxy.mode = 'pass'
        pairs = results.setdefault(('cold', rtt), [])
        for _ in range(LOADS):
            driver = new_browser(spki)
            try:
                proxy.drop_connections()
                pairs.append(load(driver, url, results.setdefault('code', [])))
            finally:
                driver.quit()
        driver = new_browser(spki)
        try:
            proxy.mode = 'pass'
            settle(driver, url)
            conditions = [('warm', rtt, 'pass')] + ([('lie-fi', None, 'lie-fi'), ('offline', None, 'offline')] if rtt == RTTS[-1] else [])
            for name, shown_rtt, mode in conditions:
                pairs = results.setdefault((name, shown_rtt), [])
                for _ in range(LOADS):
                    proxy.mode = mode
                    proxy.drop_connections()
                    pairs.append(load(driver, url))
                    proxy.mode = 'pass'
        finally:
            driver.quit()


def shown(ms):
    return '-' if ms is None else f'{ms / 1000:.2f} s' if ms >= 1000 else f'{ms:.0f} ms'


def main():
    service = Service(https=True)
    baseline = BaselinePage(BASELINE, service.socket, tls=service.tls)
    proxy = DelayProxy(service.port)
    labels = ('page', f'before ({BASELINE})')
    loads = {(label, protocol): {} for label in labels for protocol in PROTOCOLS}
    try:
        for round_ in range(1, ROUNDS + 1):
            for protocol in PROTOCOLS:
                for label, page in zip(labels, (service, baseline)):
                    port, scheme = (page.https_port, 'https') if protocol == 'HTTP/2' else (page.port, 'http')
                    measure(proxy, port, scheme, service.spki, loads[label, protocol])
                    print(f'round {round_}/{ROUNDS}: {label}, {protocol} measured', flush=True)
    finally:
        proxy.close()
        baseline.stop()
        service.stop()
    table = {key: {condition: figure(pairs) for condition, pairs in results.items() if condition != 'code'}
             for key, results in loads.items()}
    columns = [(label, protocol) for protocol in PROTOCOLS for label in labels]
    print(f'\nMedians of {ROUNDS} rounds of {LOADS} loads: ready + key (the page is ready, then a key shows)\n')
    print('| load | round trip | ' + ' | '.join(f'{label}, {protocol}' for label, protocol in columns) + ' |')
    print('| --- | --- |' + ' ---: |' * len(columns))
    for condition in table[columns[0]]:
        name, rtt = condition
        where = f'{rtt} ms' if rtt is not None else 'any'
        print(f'| {name} | {where} | ' + ' | '.join(shown(table[c][condition][0]) for c in columns) + ' |')
    code = {c: loads[c]['code'] for c in columns}
    print('| code before ready (gzipped) | cold | ' + ' | '.join(
        f'{statistics.median(b for b, _ in code[c]):,.0f} B in {statistics.median(n for _, n in code[c]):.0f} files'
        for c in columns) + ' |')
    print()
    for c in columns:
        for (name, rtt), (total, ready, key) in table[c].items():
            where = f'{rtt} ms' if rtt is not None else 'any'
            print(f'{c[0]:<18} {c[1]:<8} {name:<8} {where:>7}: ready + key {shown(total):>8}'
                  f' (ready {shown(ready)}, key {shown(key)})')
    # Judged over plain HTTP/1.1 (make run, and many a first deployment) and over HTTPS with HTTP/2.
    failed = 0
    for protocol in PROTOCOLS:
        for name, target in TARGETS_AT_300.items():
            got = table['page', protocol][(name, 300 if name != 'lie-fi' else None)][0]
            ok = got <= target
            failed += not ok
            print(f"{'PASS' if ok else 'FAIL'}: {name} at 300 ms round trip over {protocol}: {shown(got)} (target <= {shown(target)})")
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()

"""axe-core in a selenium driver: the axe.min.js that PyPI's
axe-playwright-python bundles (installed without playwright, which is not
used), injected into the page under test; its violations, and a readable
account of them for assertion messages."""
import functools
import importlib.util
import json
import os


@functools.cache
def axe_source():
    """axe.min.js's text, found in the installed axe_playwright_python package
    (searched rather than assumed at its top, should a release move it)."""
    spec = importlib.util.find_spec('axe_playwright_python')
    assert spec and spec.submodule_search_locations, \
        'axe_playwright_python is not installed: run scripts/install-deps.sh'
    for folder in spec.submodule_search_locations:
        for root, _, files in os.walk(folder):
            if 'axe.min.js' in files:
                return open(os.path.join(root, 'axe.min.js'), encoding='utf-8').read()
    raise AssertionError('axe.min.js is not in the axe_playwright_python package')


def violations(driver, context='document', options=None):
    """Runs axe on the page as it is now and returns its violations (axe's own
    dicts: id, impact, help, helpUrl, nodes...). `context` is a JS expression
    for what to check. axe is injected again after a navigation."""
    if not driver.execute_script('return !!window.axe'):
        driver.execute_script(axe_source())
    options = {'resultTypes': ['violations'], **(options or {})}
    result = driver.execute_async_script(f'''
        const done = arguments[arguments.length - 1];
        axe.run({context}, arguments[0])
          .then((r) => done({{violations: r.violations}}), (e) => done({{error: String(e)}}));''', options)
    assert 'error' not in result, 'axe.run failed: ' + result['error']
    return result['violations']


def describe(found):
    """Violations as text: each rule with its impact and help, then each failing
    node's selector and what axe says would fix it."""
    lines = [f'{len(found)} axe violation(s):']
    for v in found:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']} <{v['helpUrl']}>")
        for node in v['nodes']:
            lines.append(f"    {json.dumps(node['target'], ensure_ascii=False)}")
            for line in (node.get('failureSummary') or '').splitlines():
                lines.append(f'      {line.strip()}')
    return '\n'.join(lines)


def assert_no_violations(driver, what=''):
    """Fails with every violation described when axe finds any on the page as it is now."""
    found = violations(driver)
    assert found == [], (what + ': ' if what else '') + describe(found)

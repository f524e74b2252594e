"""Which engine a test's browser is, and the skip for what only Chromium's
DevTools protocol can do here (touch, network and media emulation, IME
replacement ranges): the reason is said in the test's report."""
import pytest

ENGINES = ('chromium', 'firefox', 'webkit')


def engine_of(driver):
    """'chromium', 'firefox' or 'webkit' (browser.py sets it on each driver it starts)."""
    return getattr(driver, 'engine', 'chromium')


def needs_cdp(driver, what):
    """Skips the test outside Chromium: `what` needs the DevTools protocol, which only Chromium speaks."""
    if engine_of(driver) != 'chromium':
        pytest.skip(f'{what} needs CDP, which only Chromium speaks; in {engine_of(driver)} the other tests cover the page')

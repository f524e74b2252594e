"""Shared fixtures: one real nginx + stickertext-server per test module, and a
headless Chromium per module at phone and at desktop width."""
import pytest

from browser import browser
from service import Service


@pytest.fixture(scope='module')
def service():
    s = Service()
    yield s
    s.stop()


@pytest.fixture(scope='module')
def phone():
    d = browser(390, 780)
    yield d
    d.quit()


@pytest.fixture(scope='module')
def desktop():
    d = browser(1100, 800)
    yield d
    d.quit()

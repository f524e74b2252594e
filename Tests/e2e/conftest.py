"""Shared fixtures: one real nginx + stickertext-server per test module, and a
browser per module at phone and at desktop width, in each engine the module
runs in. A module runs in Chromium unless it names its engines
(`ENGINES = browser.ENGINES`: the editor's and the panel's tests); the
ENGINES environment variable (`chromium,firefox,webkit`) narrows the run."""
import os

import pytest

from browser import browser
from engines import ENGINES
from service import Service

SELECTED = tuple(e for e in os.environ.get('ENGINES', ','.join(ENGINES)).split(',') if e)


def pytest_generate_tests(metafunc):
    if 'engine' in metafunc.fixturenames:
        engines = [e for e in getattr(metafunc.module, 'ENGINES', ('chromium',)) if e in SELECTED]
        metafunc.parametrize('engine', engines, indirect=True, scope='module')


@pytest.fixture(scope='module')
def engine(request):
    return request.param


@pytest.fixture(scope='module')
def service():
    s = Service()
    yield s
    s.stop()


@pytest.fixture(scope='module')
def phone(engine):
    d = browser(390, 780, engine=engine)
    yield d
    d.quit()


@pytest.fixture(scope='module')
def desktop(engine):
    d = browser(1100, 800, engine=engine)
    yield d
    d.quit()

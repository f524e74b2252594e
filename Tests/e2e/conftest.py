"""Shared fixtures: one real nginx + stickertext-server per test module."""
import pytest

from service import Service


@pytest.fixture(scope='module')
def service():
    s = Service()
    yield s
    s.stop()

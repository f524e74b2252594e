"""The limit (140, a sticker counts 1) on every path into the field: typed,
pasted, dropped, inserted from the panel, composed (pinyin and Android),
autocorrected, a line break, redone. What does not fit is cut at a whole
character with a note in the page's language; over the limit is never shown
and never sent. (A draft over the limit: test_editor_input.py.)"""
import pytest
from selenium.webdriver.common.keys import Keys

from browser import Page, chord, held, keys
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)

FULL = 140


def typed(p):
    p.insert_text('ab')  # a keyboard that sends a whole word at once


def pasted(p):
    p.clipboard_event('paste', 'ab')


def dropped(p):
    p.input_event('insertFromDrop', 'ab', 'x' * 139, 139, 139)


def from_the_panel(p):
    p.open_panel()
    p.cells()[0].click()


def pinyin(p):
    p.compose('ni')
    p.compose('你好')
    p.commit('你好')


def android(p):
    p.compose_and_commit('ab')


def autocorrected(p):
    p.input_event('insertReplacementText', 'thee', 'teh')


def line_break(p):
    chord(p.d, [Keys.SHIFT], Keys.ENTER)


def redone(p):
    p.clipboard_event('paste', 'ab')
    chord(p.d, [Keys.CONTROL], 'z')
    chord(p.d, [Keys.CONTROL, Keys.SHIFT], 'z')


# (path, the field before, the field after, the note)
PATHS = [
    (typed, 'x' * 139, 'x' * 139 + 'a', '截掉'),
    (pasted, 'x' * 139, 'x' * 139 + 'a', '截掉'),
    (dropped, 'x' * 139, 'x' * 139 + 'a', '截掉'),
    (from_the_panel, 'x' * FULL, 'x' * FULL, '上限'),
    (pinyin, 'x' * 139, 'x' * 139 + '你', '截掉'),
    (android, 'x' * 139, 'x' * 139 + 'a', '截掉'),
    (autocorrected, 'x' * 136 + ' teh', 'x' * 136 + ' the', '截掉'),
    (line_break, 'x' * FULL, 'x' * FULL, '上限'),
    (redone, 'x' * 139, 'x' * 139 + 'a', ''),
]


@pytest.mark.parametrize('path, before, after, note', PATHS, ids=[path[0].__name__ for path in PATHS])
def test_over_the_limit_is_never_shown_and_never_sent(service, phone, path, before, after, note):
    p = Page(phone, service)
    p.clipboard_event('paste', before)
    path(p)
    if path is typed and p.engine == 'webkit':
        note = '上限'  # its IME sends the word a character at a time: the second finds the field full
    assert held(p)['text'] == after
    assert p.counter() == f'{FULL}/{FULL}'
    if note:
        assert note in p.said()
    keys(phone, Keys.ESCAPE, Keys.ENTER)  # the panel closed if open; Enter sends
    p.wait('return document.querySelectorAll("#messages .msg:not(.pending)").length === 1', timeout=10)
    assert p.messages() == [after]

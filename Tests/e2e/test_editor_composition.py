"""IME compositions in the editor (CDP Input.imeSetComposition, then
Input.insertText to commit): at every place of the field, as a pinyin keyboard
sends them (pinyin letters, then the characters chosen) and as an Android
keyboard does (every key composed); and what happens to a composition under
way when something else changes the field: a sticker from the panel, undo, a
script. After each commit the field shows the model's text and selection."""
import pytest
from selenium.webdriver.common.keys import Keys

from browser import Page, caret, chord, held, keys, stickers
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)

FULL = 140

# (name, field before, selection before (display units), composed text, field after, caret after, note)
PLACES = [
    ('at the start', 'abc', (0, 0), '你好', '你好abc', 2, ''),
    ('in the middle', 'abc', (1, 0), '你好', 'a你好bc', 3, ''),
    ('at the end', 'abc', (3, 0), '你好', 'abc你好', 5, ''),
    ('before a sticker', 'a[微笑]b', (1, 0), '你好', 'a你好[微笑]b', 3, ''),
    ('after a sticker', 'a[微笑]b', (2, 0), '你好', 'a[微笑]你好b', 4, ''),
    ('between two stickers', '[微笑][doge]', (1, 0), '你好', '[微笑]你好[doge]', 3, ''),
    ('inside a code, completing it', '[微]', (2, 0), '笑', '[微笑]', 1, ''),
    ('before a code, opening it', '微笑]', (0, 0), '[', '[微笑]', 1, ''),
    ('a code composed whole', 'ab', (1, 0), '[doge]', 'a[doge]b', 2, ''),
    ('over a selection holding a sticker', 'a[微笑]bc', (1, 2), '你', 'a你c', 2, ''),
    ('joining an emoji into one cluster', '👨', (2, 0), '\u200d👩', '👨\u200d👩', 5, ''),
    ("a flag's second half", '🇯', (2, 0), '🇵', '🇯🇵', 4, ''),
    ('at the limit, cut at a whole character', 'x' * 139, (139, 0), '你好', 'x' * 139 + '你', 140, '截掉'),
    ('at the limit, a code fits as one', 'x' * 139, (0, 0), '[微笑]', '[微笑]' + 'x' * 139, 1, ''),
    ('with the field full', 'x' * FULL, (70, 0), '你', 'x' * FULL, 70, '上限'),
]


def pinyin(p, text):
    """A pinyin keyboard: the letters composed, then the characters chosen and committed."""
    p.compose('n')
    p.compose('ni')
    p.compose(text)
    p.commit(text)


def android(p, text):
    """An Android keyboard: every key composed, the word committed."""
    p.compose_and_commit(text)


@pytest.mark.parametrize('style', [pinyin, android], ids=['pinyin', 'android'])
@pytest.mark.parametrize('name, before, selection, composed, after, at, note', PLACES, ids=[place[0] for place in PLACES])
def test_a_composition_commits_as_an_edit_of_the_model_wherever_it_is(service, phone, style, name, before, selection, composed, after, at, note):
    p = Page(phone, service)
    p.clipboard_event('paste', before)
    p.select(*selection)
    assert p.note() == ''
    style(p, composed)
    assert (note in p.said()) if note else p.note() == ''
    assert held(p) == {'text': after, 'selection': caret(at)}
    assert stickers(phone) == [code for code in ('[微笑]', '[doge]') if code in after]
    assert int(p.counter().split('/')[0]) <= FULL


def test_a_sticker_from_the_panel_during_a_composition_goes_after_the_composed_text(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', 'ab')
    p.open_panel()
    p.compose('ni')
    p.compose('你')
    p.cells()[0].click()  # [微笑]: the composition is committed first, then the sticker goes after it
    assert held(p) == {'text': 'ab你[微笑]', 'selection': caret(4)}
    assert p.note() == ''
    # The editor is not left composing: the caret keys move the model's caret.
    keys(phone, Keys.ARROW_LEFT)
    assert held(p)['selection'] == caret(3)


def composing(phone, service, field, *shown):
    """A page whose field holds `field`, then a composition under way showing each of `shown` in turn."""
    p = Page(phone, service)
    p.clipboard_event('paste', field)
    for text in shown:
        p.compose(text)
    return p


def test_undo_during_a_composition_leaves_the_composition_under_way(service, phone):
    p = composing(phone, service, 'ab', 'x', 'xi')
    chord(phone, [Keys.CONTROL], 'z')
    m = p.model()
    assert m['text'] == 'ab' and m['shown']['text'] == 'abxi'  # nothing undone, the composition untouched
    p.commit('西')
    assert held(p) == {'text': 'ab西', 'selection': caret(3)}
    chord(phone, [Keys.CONTROL], 'z')
    assert held(p) == {'text': 'ab', 'selection': caret(2)}


def test_a_composition_a_script_cut_off_does_not_leave_the_editor_composing(service, phone):
    p = composing(phone, service, 'abc', 'ni')
    # Another script (an extension) rewrites the field: Chromium drops the composition without compositionend.
    phone.execute_script("document.getElementById('editor').firstChild.data = 'abc'")
    keys(phone, Keys.ARROW_LEFT)
    chord(phone, [Keys.SHIFT], Keys.ARROW_LEFT)
    assert held(p) == {'text': 'abc', 'selection': {'location': 1, 'length': 1}}
    p.type('X')
    assert held(p) == {'text': 'aXc', 'selection': caret(2)}


def test_a_composition_the_field_left_is_committed_and_editing_goes_on(service, phone):
    p = composing(phone, service, 'ab', 'ni', '你')
    phone.execute_script("document.getElementById('editor').blur()")  # the browser commits it
    assert held(p) == {'text': 'ab你', 'selection': caret(3)}
    p.editor.click()
    keys(phone, Keys.END)
    p.type('[doge]')
    assert held(p) == {'text': 'ab你[doge]', 'selection': caret(4)}
    assert stickers(phone) == ['[doge]']


def test_a_word_composed_again_and_corrected_leaves_the_caret_after_it(service, phone):
    p = Page(phone, service)
    p.type('hello wrld')
    # An Android keyboard takes the word back into a composition and corrects it.
    p.recompose('wrld', 6, 10)
    p.recompose('world', 6, 10)
    p.commit('world')
    assert held(p) == {'text': 'hello world', 'selection': caret(11)}
    p.type('!')
    assert held(p)['text'] == 'hello world!'
    # Beside a sticker: the word after it, corrected into a code that becomes one.
    p.clipboard_event('paste', ' [微笑]doge]')
    p.recompose('[doge]', 14, 19)
    p.commit('[doge]')
    assert held(p) == {'text': 'hello world! [微笑][doge]', 'selection': caret(15)}
    assert stickers(phone) == ['[微笑]', '[doge]']

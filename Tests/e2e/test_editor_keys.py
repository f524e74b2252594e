"""Issue 55's keyboard rows, in Chromium, Firefox and WebKit: the caret steps
over a sticker with the arrows (WebKit's did not, so ← then Backspace deleted
the sticker), the field scrolls to follow the caret, a panel key pressed with
Enter keeps the focus (the next Enter sent the message), and a saved draft
reached with Tab is typed on at its end."""
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import Page, caret, chord, held, keys
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)


def field(p, text):
    """The field holding `text` with the caret at its end, typed as a user would."""
    p.type(text)
    return held(p)


@pytest.mark.parametrize('text, moves, then, want', [
    # ← once, then Backspace: the letter before the sticker goes, the sticker stays.
    ('hello[doge]', [Keys.ARROW_LEFT], [Keys.BACKSPACE], ('hell[doge]', 4)),
    ('hello[doge]', [Keys.ARROW_LEFT], ['X'], ('helloX[doge]', 6)),
    # Mid-text, one ← steps over one sticker of two.
    ('a[doge][二哈]b', [Keys.ARROW_LEFT], [Keys.BACKSPACE], ('a[doge]b', 2)),
    ('a[doge][二哈]b', [Keys.ARROW_LEFT] * 2, [Keys.BACKSPACE], ('a[二哈]b', 1)),
    ('a[doge][二哈]b', [Keys.ARROW_LEFT] * 3, [Keys.DELETE], ('a[二哈]b', 1)),
    # At the start: → steps over the sticker, Backspace deletes it.
    ('[doge]ab', [Keys.HOME, Keys.ARROW_RIGHT], [Keys.BACKSPACE], ('ab', 0)),
    ('[doge]ab', [Keys.HOME, Keys.ARROW_RIGHT], [Keys.DELETE], ('[doge]b', 1)),
])
def test_the_arrows_step_over_one_sticker_and_the_deletes_take_one_unit(service, desktop, text, moves, then, want):
    p = Page(desktop, service)
    field(p, text)
    keys(desktop, *moves)
    keys(desktop, *then)
    p.idle()
    assert held(p) == {'text': want[0], 'selection': caret(want[1])}


def test_shift_and_an_arrow_select_the_sticker_beside_the_caret(service, desktop):
    p = Page(desktop, service)
    field(p, 'ab[doge]')
    chord(desktop, [Keys.SHIFT], Keys.ARROW_LEFT)
    p.idle()
    assert held(p)['selection'] == {'location': 2, 'length': 1}
    keys(desktop, Keys.BACKSPACE)
    p.idle()
    assert held(p) == {'text': 'ab', 'selection': caret(2)}


def caret_shows(driver):
    """Whether the caret (the selection's end) is inside the field's visible box."""
    return driver.execute_script('''
        const field = document.getElementById('editor').getBoundingClientRect();
        const s = getSelection(), r = document.createRange();
        r.setStart(s.focusNode, s.focusOffset);
        let box = r.getBoundingClientRect();
        if (!box.height) {
            const n = s.focusNode.childNodes?.[s.focusOffset - 1] ?? s.focusNode.childNodes?.[s.focusOffset] ?? s.focusNode.parentElement;
            box = n.getBoundingClientRect();
        }
        return box.bottom <= field.bottom + 1 && box.top >= field.top - 1;''')


def test_the_field_scrolls_to_show_the_caret_as_text_and_stickers_go_in(service, desktop):
    p = Page(desktop, service)
    # Lines past the field's height at any width, then typed on.
    p.d.execute_script('window.stickertext.edit("insert", {string: "好好\\n".repeat(20) + "好".repeat(40)})')
    p.type('好好')
    assert desktop.execute_script("const e = document.getElementById('editor'); return e.scrollHeight > e.clientHeight")
    assert caret_shows(desktop)
    p.d.execute_script('window.stickertext.edit("insertSticker", {tag: "[doge]"})')
    p.idle()
    assert caret_shows(desktop)
    # Back to the start with the keys, and the end again: the field follows both ways.
    chord(desktop, [Keys.CONTROL], Keys.HOME)
    p.idle()
    assert caret_shows(desktop)
    keys(desktop, 'X')
    p.idle()
    assert held(p)['text'].startswith('X好') and caret_shows(desktop)


def test_enter_on_a_panel_key_inserts_again_and_never_sends(service, desktop):
    p = Page(desktop, service)
    p.type('hi')
    p.open_panel()
    key = p.cells()[0]
    desktop.execute_script('arguments[0].focus()', key)
    keys(desktop, Keys.ENTER)
    p.idle()
    first = held(p)
    assert first['text'] != 'hi' and first['selection'] == caret(3), first
    # The key still has the focus: Enter inserts again, and nothing was sent.
    assert desktop.execute_script("return document.activeElement.matches('#pages button.cell')")
    keys(desktop, Keys.ENTER)
    p.idle()
    assert held(p)['selection'] == caret(4)
    assert desktop.find_elements(By.CSS_SELECTOR, '#messages .msg') == []


def test_a_draft_reached_with_tab_is_typed_on_at_its_end(service, desktop):
    p = Page(desktop, service)
    p.type('my draft')
    p.wait("return Object.values(sessionStorage).some((v) => v.includes('my draft'))", timeout=10)
    desktop.refresh()
    p.wait('return document.body.dataset.ready')
    p.wait("return window.stickertext.state().text === 'my draft'")
    desktop.execute_script('document.activeElement?.blur()')
    # Tab into the field from the page's top, as a keyboard user does.
    for _ in range(20):
        keys(desktop, Keys.TAB)
        if desktop.execute_script("return document.activeElement.id === 'editor'"):
            break
    assert desktop.execute_script("return document.activeElement.id === 'editor'")
    keys(desktop, 'X')
    p.idle()
    assert held(p) == {'text': 'my draftX', 'selection': caret(9)}

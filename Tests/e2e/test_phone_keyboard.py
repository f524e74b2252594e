"""What a phone's own keyboard sends, simulated in each engine that can (docs/page.md's table says
how, and what only a real device shows): iOS's autocorrect (beforeinput insertReplacementText
naming the word it replaces), Gboard re-opening a composition over the word before the caret (a
sticker in it is one object character to the keyboard, U+FFFC), a composition ended by a tap on
Send with the IME's commit arriving after the tap, dictation's whole phrase at once, a viewport
that shrinks as the keyboard opens; and the attributes phones read on the field and the search."""
import pytest
from selenium.webdriver.common.by import By

from browser import Page, browser, caret, chord, firefox_ime, gtk_unicode_input, held, stickers, viewport
from engines import ENGINES, engine_of  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)
from pointer import tap, touch_screen
from selenium.webdriver.common.keys import Keys

# A beforeinput of `kind` whose target range is the display offsets start..end of the field (a
# sticker and a line break one, text in UTF-16), carrying `text` as `data` (with data) or in a
# DataTransfer (else; Safari's autocorrect does so). When the page does not cancel it, what the
# browser does then: the range's content replaced by the text, an input event; the caret after the
# text when it was in the range, else where it was (after the space that made iOS correct a word).
# Returns whether the page took it.
REPLACE = '''
    const [kind, text, start, end, asData] = arguments, field = document.getElementById('editor');
    const point = (offset) => {
      let left = offset;
      for (let i = 0; i < field.childNodes.length; i++) {
        const n = field.childNodes[i], length = n.nodeType === 3 ? n.data.length : n.dataset?.end ? 0 : 1;
        if (n.nodeType === 3 && left <= length) return [n, left];
        if (left === 0) return [field, i];
        left -= length;
      }
      return [field, field.childNodes.length];
    };
    const [startContainer, startOffset] = point(start), [endContainer, endOffset] = point(end);
    const s = getSelection(), before = s.rangeCount ? s.getRangeAt(0) : null;
    const shown = before && window.stickertext.model().shown.selection;
    const ranges = [new StaticRange({startContainer, startOffset, endContainer, endOffset})];
    let transfer = null;
    if (!asData) {
      transfer = new DataTransfer();
      transfer.setData('text/plain', text);
    }
    const e = new InputEvent('beforeinput', {inputType: kind, bubbles: true, cancelable: true,
        data: asData ? text : null, dataTransfer: transfer, targetRanges: ranges});
    // WebKit's InputEvent takes neither from its init: given as its own events carry them.
    if (transfer && !e.dataTransfer) Object.defineProperty(e, 'dataTransfer', {value: transfer});
    if (!e.getTargetRanges().length) e.getTargetRanges = () => ranges;
    field.dispatchEvent(e);
    if (e.defaultPrevented) return true;
    const range = document.createRange();
    range.setStart(startContainer, startOffset);
    range.setEnd(endContainer, endOffset);
    range.deleteContents();
    const node = document.createTextNode(text);
    range.insertNode(node);
    const caret = shown && shown.location >= end ? shown.location + shown.length + text.length - (end - start) : null;
    if (caret === null) s.collapse(node, text.length);
    else s.collapse(...point(caret));
    field.dispatchEvent(new InputEvent('input', {inputType: kind, data: asData ? text : null, bubbles: true}));
    return false;'''


def replace(p, kind, text, start, end, as_data=False):
    return p.d.execute_script(REPLACE, kind, text, start, end, as_data)


@pytest.mark.parametrize('carried', ['dataTransfer', 'data'])
def test_an_autocorrection_replaces_the_range_it_names_beside_a_sticker_as_one_undo_step(service, phone, carried):
    p = Page(phone, service)
    p.type('[doge]teh ')
    assert stickers(phone) == ['[doge]']
    # iOS corrects the word behind the caret as the space is typed: the range names `teh` (1..4).
    replace(p, 'insertReplacementText', 'the', 1, 4, carried == 'data')
    assert held(p) == {'text': '[doge]the ', 'selection': caret(5)}
    assert stickers(phone) == ['[doge]']
    p.type('cat')
    assert held(p) == {'text': '[doge]the cat', 'selection': caret(8)}
    chord(phone, [Keys.CONTROL], 'z')  # the typing
    chord(phone, [Keys.CONTROL], 'z')  # the correction, alone
    assert held(p) == {'text': '[doge]teh ', 'selection': caret(5)}


def test_an_autocorrection_that_makes_a_code_makes_a_sticker_and_one_over_a_sticker_replaces_it(service, phone):
    p = Page(phone, service)
    p.type('a [doeg] b')
    assert stickers(phone) == []
    replace(p, 'insertReplacementText', 'doge', 3, 7)  # the misspelt tag corrected: now a code
    assert held(p) == {'text': 'a [doge] b', 'selection': caret(5)}
    assert stickers(phone) == ['[doge]']
    # A correction naming the sticker and the word after it (display 2..5): the whole range replaced.
    replace(p, 'insertReplacementText', 'yes', 2, 5)
    assert held(p) == {'text': 'a yes', 'selection': caret(5)}
    chord(phone, [Keys.CONTROL], 'z')
    assert held(p) == {'text': 'a [doge] b', 'selection': caret(5)}
    assert stickers(phone) == ['[doge]']


def test_a_spell_checkers_correction_of_the_selected_word_replaces_it(service, phone):
    p = Page(phone, service)
    p.type('[doge] wrod')
    p.select(2, 4)
    assert replace(p, 'insertReplacementText', 'word', 2, 6) is True  # the selection itself: the page's edit
    assert held(p) == {'text': '[doge] word', 'selection': caret(6)}


def composed_over(p, text, start, end):
    """A keyboard composing `text` over the range start..end (display units), then committing it: the
    range selected, then a composition over the selection, as Gecko re-opens one (and as Chromium
    does; its replacement range, CDP's, leaves a sticker inside it where it was): CDP's
    Input.imeSetComposition in Chromium, the TextInputProcessor in Firefox; in WebKit GTK's input
    method committing each character, the first over the selection."""
    p.select(start, end - start)
    if p.engine == 'webkit':
        gtk_unicode_input(p.d, text)
        p.idle()
        return
    p.compose(text)
    p.commit(text)


def test_gboard_composing_again_the_word_before_the_caret_corrects_it_beside_a_sticker(service, phone):
    p = Page(phone, service)
    p.type('ok [doge]wrd')
    if p.engine == 'chromium':  # Gboard's own way: the word made a composition where it is (CDP's replacement range)
        p.recompose('word', 4, 7)
        p.commit('word')
    else:
        composed_over(p, 'word', 4, 7)
    assert held(p) == {'text': 'ok [doge]word', 'selection': caret(8)}
    assert stickers(phone) == ['[doge]']
    p.type('!')
    assert held(p)['text'] == 'ok [doge]word!'


def test_a_composition_over_a_sticker_that_gives_back_its_object_character_keeps_the_sticker(service, phone):
    """To the keyboard a sticker is one object character (U+FFFC); composing again a range holding
    one, it writes that character back: the sticker stays, not an invisible character in its place."""
    if engine_of(phone) == 'webkit':
        pytest.skip("WebKit deletes a selection before a composition over it begins (deleteByComposition): the "
                    'sticker is gone before the object character comes; no keyboard of a WebKit (iOS) composes so')
    p = Page(phone, service)
    p.finders()  # object-characters.js, loaded after startup
    p.type('ok [doge]wrd')
    composed_over(p, '\ufffcword', 3, 7)
    assert held(p) == {'text': 'ok [doge]word', 'selection': caret(8)}
    assert stickers(phone) == ['[doge]']
    # Over a selected sticker, a new word: the sticker replaced (it was selected).
    composed_over(p, 'hi', 3, 4)
    assert held(p) == {'text': 'ok hiword', 'selection': caret(5)}


def coarse_pointer(driver, on=True):
    """The page as on a touch screen (`pointer: coarse`): CDP's touch emulation in Chromium; Firefox's
    ui.primaryPointerCapabilities (1: coarse), set from its privileged context. WebKitGTK has no such
    setting here: skipped."""
    if engine_of(driver) == 'chromium':
        return touch_screen(driver, on)
    if engine_of(driver) == 'webkit':
        pytest.skip('WebKitGTK takes its pointer from the X server (a mouse): no coarse pointer to emulate here')
    with driver.context(driver.CONTEXT_CHROME):
        driver.execute_script('''const name = 'ui.primaryPointerCapabilities';
            if (arguments[0]) Services.prefs.setIntPref(name, 1); else Services.prefs.clearUserPref(name);''', on)


def press(p, element):
    """A finger's tap on `element` in Chromium (CDP touches), a click elsewhere."""
    if p.engine == 'chromium':
        tap(p.d, element)
    else:
        element.click()


def wait_sent(p, n):
    p.wait(f"return document.querySelectorAll('#messages .msg:not(.pending)').length === {n}", timeout=15)


COMMIT_AT_THE_TAP = ('Firefox asks its IME to commit at a click anywhere in the page (request-to-commit), and the IME '
                     'commits what it shows: the commit never comes after the tap')


@pytest.fixture
def commit_after_tap(phone):
    if engine_of(phone) == 'firefox':
        pytest.skip(COMMIT_AT_THE_TAP)


@pytest.fixture
def touch_page(service, phone):
    p = Page(phone, service)
    coarse_pointer(phone)
    assert phone.execute_script("return matchMedia('(pointer: coarse)').matches")
    yield p
    coarse_pointer(phone, False)


def test_send_tapped_mid_composition_sends_the_commit_that_comes_after_the_tap_once(commit_after_tap, touch_page):
    """A pinyin keyboard shows its letters (`nihao`) as the composition; a tap on Send does not end it
    (no blur on a touch screen: the keyboard would close), and the keyboard commits the characters
    chosen just after. The message holds them, once; nothing is left in the field or sent twice."""
    p = touch_page
    p.type('hello ')
    p.compose('ni')
    p.compose('nihao')
    press(p, p.d.find_element(By.ID, 'send'))
    p.commit('你好', checked=False)
    wait_sent(p, 1)
    assert p.messages() == ['hello 你好']
    assert held(p) == {'text': '', 'selection': caret(0)}
    p.type('x')
    assert held(p) == {'text': 'x', 'selection': caret(1)}
    assert p.messages() == ['hello 你好']


def test_send_tapped_mid_composition_with_no_commit_after_sends_what_the_composition_shows(touch_page):
    """An Android keyboard composing a Latin word never commits it for a tap elsewhere: what it
    shows goes with the message, and the keyboard's later commit of the same word is not typed again."""
    p = touch_page
    p.type('hello ')
    for word in ('w', 'wo', 'wor'):
        p.compose(word)
    press(p, p.d.find_element(By.ID, 'send'))
    wait_sent(p, 1)
    assert p.messages() == ['hello wor']
    assert p.model()['text'] == ''


def test_a_panel_key_tapped_mid_composition_goes_after_the_commit_that_comes_after_the_tap(commit_after_tap, touch_page):
    p = touch_page
    p.type('ab')
    p.open_panel()
    p.compose('ni')
    p.compose('nihao')
    press(p, p.cells()[0])  # [微笑]
    p.commit('你好', checked=False)
    p.idle()
    assert held(p) == {'text': 'ab你好[微笑]', 'selection': caret(5)}
    assert stickers(p.d) == ['[微笑]']


def test_the_field_and_the_search_carry_what_phone_keyboards_read(service, phone):
    p = Page(phone, service)
    attributes = ('autocapitalize', 'autocorrect', 'enterkeyhint', 'inputmode')
    read = 'return Object.fromEntries(arguments[1].map((name) => [name, arguments[0].getAttribute(name)]))'
    field = phone.execute_script(read, p.editor, attributes)
    # Enter sends here (no coarse pointer): the key says so; where it breaks the line, it says enter.
    assert field == {'autocapitalize': 'off', 'autocorrect': 'off', 'enterkeyhint': 'send', 'inputmode': None}
    phone.find_element(By.ID, 'enter').click()
    assert p.editor.get_attribute('enterkeyhint') == 'enter'
    phone.find_element(By.ID, 'enter').click()
    p.open_panel()
    search = phone.execute_script(read, phone.find_element(By.ID, 'search'), attributes)
    assert search == {'autocapitalize': 'off', 'autocorrect': 'off', 'enterkeyhint': 'search', 'inputmode': 'search'}


def test_dictations_whole_phrase_goes_in_at_once_with_its_codes(service, phone):
    """Dictation (iOS, Gboard's voice typing) inserts a whole phrase in one insertText: a beforeinput
    sent to the field in every engine, and each engine's own insert (CDP's Input.insertText in
    Chromium, the IME's commit elsewhere)."""
    p = Page(phone, service)
    p.clipboard_event('paste', 'ok ')  # not keys: in Firefox a composition committed at a tap leaves geckodriver's keys nowhere
    assert held(p) == {'text': 'ok ', 'selection': caret(3)}
    replace(p, 'insertText', 'see you at the [doge] park', 3, 3, as_data=True)
    assert held(p) == {'text': 'ok see you at the [doge] park', 'selection': caret(24)}
    assert stickers(phone) == ['[doge]']
    p.insert_text(' tomorrow then')
    assert held(p) == {'text': 'ok see you at the [doge] park tomorrow then', 'selection': caret(38)}
    # iOS's shake to undo: historyUndo. The typed text's step, never half a phrase.
    phone.execute_script('''document.getElementById('editor').dispatchEvent(
        new InputEvent('beforeinput', {inputType: 'historyUndo', bubbles: true, cancelable: true}))''')
    assert held(p)['text'] in ('ok see you at the [doge] park', 'ok ')


CARET_IN_VIEW = '''
    const field = document.getElementById('editor'), s = getSelection(), r = s.getRangeAt(0).cloneRange();
    r.collapse(false);
    let box = r.getBoundingClientRect();
    if (!box.height) box = (s.focusNode.childNodes?.[s.focusOffset - 1] ?? s.focusNode.parentElement).getBoundingClientRect();
    const f = field.getBoundingClientRect(), v = visualViewport;
    return {caret: [box.top, box.bottom], field: [f.top, f.bottom], view: [v.offsetTop, v.offsetTop + v.height],
            shows: box.top >= Math.max(f.top, v.offsetTop) - 1 && box.bottom <= Math.min(f.bottom, v.offsetTop + v.height) + 1};'''


@pytest.mark.parametrize('size', [(390, 780), (780, 390)], ids=['portrait', 'landscape'])
def test_the_caret_line_stays_in_view_as_the_keyboard_shrinks_the_viewport(service, engine, size):
    """The on-screen keyboard opening shrinks the viewport (Chromium: CDP's device metrics, as
    Android's resizes-content does; elsewhere the window): the composer stays above the keyboard
    and the caret's line in the field and on screen, the caret on the first line or the last. At
    780×390 a keyboard leaves 135 px: the field kept its 120 px and Send went under the keyboard;
    then the field, bounded, kept its scroll and hid the caret."""
    width, height = size
    driver = browser(width, height, engine=engine)
    try:
        viewport(driver, width, height)
        p = Page(driver, service)
        p.d.execute_script('window.stickertext.edit("insert", {string: "好好\\n".repeat(12) + "最后一行"})')
        p.idle()
        assert driver.execute_script(CARET_IN_VIEW)['shows']
        # The caret on the first line, the field scrolled to it, then on the last.
        for place in (0, 40):
            p.select(place)
            keyboard = height // 2 - 60  # the viewport the keyboard leaves: about half the screen
            viewport(driver, width, keyboard)
            p.wait(f'return parseFloat(document.documentElement.style.getPropertyValue("--app-height")) <= {keyboard}', timeout=15)
            p.wait('return new Promise(requestAnimationFrame).then(() => true)')
            shown = driver.execute_script(CARET_IN_VIEW)
            assert shown['shows'], (place, shown)
            send = driver.find_element(By.ID, 'send').rect
            assert send['y'] + send['height'] <= keyboard + 1, send  # the composer is above the keyboard
            viewport(driver, width, height)
            p.wait(f'return parseFloat(document.documentElement.style.getPropertyValue("--app-height")) === {height}', timeout=15)
        p.type('字')
        assert driver.execute_script(CARET_IN_VIEW)['shows']
        assert held(p)['text'].endswith('最后一行字')
    finally:
        driver.quit()

"""The editor under input the browser makes itself: IME compositions
(CDP Input.imeSetComposition, then Input.insertText to commit, as a pinyin
keyboard does), Android keyboards that compose every key, word deletions;
and undo and redo. After each step the field shows the model's text and
selection."""
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import Page, browser, caret, chord, held, keys, stickers, tap
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)


def test_an_ime_commit_between_brackets_makes_a_sticker_and_editing_goes_on(service, phone):
    p = Page(phone, service)
    p.type('你好[]')
    keys(phone, Keys.ARROW_LEFT)
    p.compose('笑')
    p.compose('笑哭')
    p.commit('笑哭')
    assert held(p) == {'text': '你好[笑哭]', 'selection': caret(3)}
    assert stickers(phone) == ['[笑哭]']
    assert p.note() == ''
    p.type('a')
    assert held(p) == {'text': '你好[笑哭]a', 'selection': caret(4)}
    keys(phone, Keys.BACKSPACE, Keys.BACKSPACE)
    assert held(p) == {'text': '你好', 'selection': caret(2)}
    chord(phone, [Keys.CONTROL], 'a')
    keys(phone, Keys.BACKSPACE)
    assert held(p) == {'text': '', 'selection': caret(0)}
    assert phone.find_element(By.ID, 'counter').text == '0/140'


def test_a_word_deleted_by_the_browser_is_an_edit_of_the_model(service, phone):
    p = Page(phone, service)
    p.type('hi [doge xyz]')
    for _ in range(5):
        keys(phone, Keys.ARROW_LEFT)
    chord(phone, [Keys.CONTROL], Keys.DELETE)
    state = held(p)
    assert state['text'] == 'hi [doge]' and stickers(phone) == ['[doge]'], state
    assert state['selection'] == caret(4)
    p.type('!')
    assert held(p)['text'] == 'hi [doge]!'
    assert p.note() == ''


def test_an_ime_commit_is_held_to_the_limit_and_says_so(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', '好' * 139)
    p.idle()
    p.compose('ni')
    p.compose('你好')
    p.commit('你好')
    assert held(p)['text'] == '好' * 139 + '你'
    assert phone.find_element(By.ID, 'counter').text == '140/140'
    assert '截掉' in p.said()  # the same note as a paste cut short, in the page's language
    for word in ('世界', '朋友'):
        p.compose(word)
        p.commit(word)
    assert held(p)['text'] == '好' * 139 + '你'
    assert phone.find_element(By.ID, 'counter').text == '140/140'


def test_android_keyboards_composing_every_key_make_stickers_and_keep_the_limit(service, phone):
    p = Page(phone, service)
    for word in ('hi', ' ', '[doge]', ' ', 'ok'):
        p.compose_and_commit(word)
    assert held(p) == {'text': 'hi [doge] ok', 'selection': caret(7)}
    assert stickers(phone) == ['[doge]']
    p.clipboard_event('paste', 'x' * 200)
    p.idle()
    assert len(held(p)['text']) == len('hi [doge] ok') + 140 - 7
    p.compose_and_commit('more')
    assert phone.find_element(By.ID, 'counter').text == '140/140'
    assert held(p)['text'].endswith('x')


def test_a_composition_under_way_is_left_alone_until_it_commits(service, phone):
    p = Page(phone, service)
    p.finders()  # the suggestions' code, which [doge opens: loaded before, not between two updates
    p.type('[doge')
    p.compose('x')
    p.compose('xi')
    # The field shows the composition; the model has not taken it yet, and no rewrite broke it.
    m = phone.execute_script('return window.stickertext.model()')
    assert m['text'] == '[doge' and m['shown']['text'] == '[dogexi'
    p.compose('')  # the composition is cancelled
    assert held(p)['text'] == '[doge'
    p.compose(']')
    p.commit(']')
    assert held(p) == {'text': '[doge]', 'selection': caret(1)}
    assert stickers(phone) == ['[doge]']


def test_undo_and_redo_step_through_typing_a_paste_and_a_delete(service, desktop):
    p = Page(desktop, service)
    p.type('hello')
    p.clipboard_event('paste', ' [微笑]')
    p.idle()
    p.type('!!')
    keys(desktop, Keys.BACKSPACE)
    assert held(p) == {'text': 'hello [微笑]!', 'selection': caret(8)}
    chord(desktop, [Keys.CONTROL], 'z')
    assert held(p) == {'text': 'hello [微笑]!!', 'selection': caret(9)}
    chord(desktop, [Keys.CONTROL], 'z')
    assert held(p) == {'text': 'hello [微笑]', 'selection': caret(7)}
    chord(desktop, [Keys.CONTROL], 'z')
    assert held(p) == {'text': 'hello', 'selection': caret(5)}
    chord(desktop, [Keys.CONTROL], 'z')
    assert held(p) == {'text': '', 'selection': caret(0)}
    chord(desktop, [Keys.CONTROL, Keys.SHIFT], 'z')
    assert held(p)['text'] == 'hello'
    chord(desktop, [Keys.CONTROL], 'y')
    assert held(p) == {'text': 'hello [微笑]', 'selection': caret(7)}
    assert desktop.find_element(By.ID, 'counter').text == '7/140'


def test_undo_brings_back_a_draft_cleared_with_select_all_and_the_menu_undo_works(service, desktop):
    p = Page(desktop, service)
    p.clipboard_event('paste', 'a long draft [doge]')
    p.idle()
    chord(desktop, [Keys.CONTROL], 'a')
    keys(desktop, Keys.BACKSPACE)
    assert held(p)['text'] == ''
    # The browser's Edit menu and iOS's shake send beforeinput historyUndo / historyRedo.
    undo = '''const e = new InputEvent('beforeinput', {inputType: arguments[0], bubbles: true, cancelable: true});
        document.getElementById('editor').dispatchEvent(e); return e.defaultPrevented;'''
    assert desktop.execute_script(undo, 'historyUndo') is True
    assert held(p) == {'text': 'a long draft [doge]', 'selection': {'location': 0, 'length': 14}}
    assert desktop.execute_script(undo, 'historyRedo') is True
    assert held(p)['text'] == ''


def test_undo_after_the_server_corrected_the_field_restores_what_the_user_saw(service, desktop):
    p = Page(desktop, service)
    p.type('abc')
    # The server's word differs (as a bug in one implementation would make it): the field takes it.
    desktop.execute_script("window.stickertext.adopt({text: 'abC', selection: {location: 3, length: 0}})")
    assert held(p)['text'] == 'abC'
    chord(desktop, [Keys.CONTROL], 'z')
    assert held(p)['text'] == ''
    chord(desktop, [Keys.CONTROL, Keys.SHIFT], 'z')
    assert held(p)['text'] == 'abC'


def test_a_click_on_a_sticker_puts_the_caret_on_its_nearer_side(service, desktop):
    p = Page(desktop, service)
    p.clipboard_event('paste', 'a[微笑]b')
    p.idle()
    img = desktop.find_element(By.CSS_SELECTOR, '#editor img.sticker')
    width = img.size['width']
    ActionChains(desktop).move_to_element_with_offset(img, -width // 4, 0).click().perform()
    assert held(p)['selection'] == caret(1)
    ActionChains(desktop).move_to_element_with_offset(img, width // 4, 0).click().perform()
    assert held(p)['selection'] == caret(2)
    p.type('x')
    assert held(p)['text'] == 'a[微笑]xb'


def test_a_tap_on_a_sticker_puts_the_caret_on_its_nearer_side(service):
    d = browser(390, 780)
    try:
        d.execute_cdp_cmd('Emulation.setTouchEmulationEnabled', {'enabled': True, 'maxTouchPoints': 5})
        p = Page(d, service)
        p.clipboard_event('paste', 'a[微笑]b')
        img = d.find_element(By.CSS_SELECTOR, '#editor img.sticker')
        tap(d, img, 0.2)
        assert held(p)['selection'] == caret(1)
        tap(d, img, 0.8)
        assert held(p)['selection'] == caret(2)
    finally:
        d.quit()


def test_a_selection_made_with_shift_and_arrows_over_stickers_is_replaced_by_what_is_typed(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', 'a[微笑][doge]b')
    keys(phone, Keys.ARROW_LEFT)
    chord(phone, [Keys.SHIFT], Keys.ARROW_LEFT)
    chord(phone, [Keys.SHIFT], Keys.ARROW_LEFT)
    assert held(p)['selection'] == {'location': 1, 'length': 2}
    p.type('X')
    assert held(p) == {'text': 'aXb', 'selection': caret(2)}
    chord(phone, [Keys.CONTROL], 'z')
    assert held(p) == {'text': 'a[微笑][doge]b', 'selection': {'location': 1, 'length': 2}}


def test_a_clipboard_with_only_html_pastes_its_text_and_its_sticker_images(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', '', html='<p>hi <img alt="[微笑]" src="x.png"> there</p>')
    p.wait_text('hi [微笑] there')
    assert held(p) == {'text': 'hi [微笑] there', 'selection': caret(10)}
    assert stickers(phone) == ['[微笑]']
    # Blocks and <br> are line breaks; scripts, styles and markup never arrive.
    p.clipboard_event('paste', '', html='<div>one</div><div>two <b>2</b><script>alert(1)</script></div>'
                      '<style>p {}</style>three<br><img src="y.png" onerror="window.pwned = 1">')
    p.wait_text('hi [微笑] thereone\ntwo 2\nthree')
    assert held(p)['text'] == 'hi [微笑] thereone\ntwo 2\nthree'
    assert phone.execute_script('return window.pwned === undefined && !document.querySelector("#editor b, #editor script")')


def test_a_clipboard_with_nothing_to_paste_says_so(service, phone):
    p = Page(phone, service)
    p.type('ab')
    p.clipboard_event('paste', '', html='<p> <img src="z.png"> </p>')
    # Said once pasted-html.js has read the HTML (loaded at the first such paste), in the page's language.
    p.wait("return window.__notesSaid.some((note) => note.includes('没有可以粘贴'))")
    assert held(p)['text'] == 'ab'


def test_a_full_width_bracket_opens_the_suggestions_and_choosing_writes_the_code(service, phone):
    p = Page(phone, service)
    p.finders()
    p.type('你好')
    p.compose('【')
    p.commit('【')  # a pinyin keyboard gives 【 for the [ key
    p.type('xk')
    p.wait("return document.getElementById('suggestions')?.hidden === false")
    keys(phone, Keys.ENTER)
    assert held(p) == {'text': '你好[笑哭]', 'selection': caret(3)}
    assert stickers(phone) == ['[笑哭]']
    # A typed 【tag】 stays text, on the page as on the server (Tests/conformance/scanning.json).
    p.type(' ')
    p.compose('【微笑】')
    p.commit('【微笑】')
    assert held(p)['text'] == '你好[笑哭] 【微笑】'
    assert stickers(phone) == ['[笑哭]']


def test_a_selection_ending_inside_a_surrogate_pair_is_widened_and_copy_and_cut_take_the_whole_emoji(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', 'a😀b')
    p.idle()
    # The DOM selection from 0 to between the emoji's two halves (as a script or assistive
    # technology can make it), copied and cut at once, before the page hears of the selection.
    split = '''const t = document.getElementById('editor').firstChild, r = document.createRange();
        r.setStart(t, 0); r.setEnd(t, 2); getSelection().removeAllRanges(); getSelection().addRange(r);
        const event = new ClipboardEvent(arguments[0], {clipboardData: new DataTransfer(), bubbles: true, cancelable: true});
        document.getElementById('editor').dispatchEvent(event);
        return event.clipboardData.getData('text/plain');'''
    assert phone.execute_script(split, 'copy') == 'a😀'
    # Then the field's selection is widened to the whole emoji, as the model has it.
    p.wait('return getSelection().getRangeAt(0).endOffset === 3')
    assert held(p) == {'text': 'a😀b', 'selection': {'location': 0, 'length': 3}}
    assert phone.execute_script(split, 'cut') == 'a😀'
    assert held(p) == {'text': 'b', 'selection': caret(0)}


def test_refusals_are_said_in_the_pages_language_from_their_codes(service, phone):
    p = Page(phone, service)
    p.type('ab')
    p.clipboard_event('paste', 'x\u0000y')  # refused whole: rejected "text"
    assert held(p)['text'] == 'ab'
    assert p.note() == '这里不能插入这些内容。'
    # An edit the model cannot make (a selection past the end): the field keeps the model's state.
    phone.execute_script('window.stickertext.edit("select", {selection: {location: 99, length: 0}})')
    assert held(p) == {'text': 'ab', 'selection': caret(2)}
    assert p.note() == '这次编辑没能完成。'
    phone.find_element(By.ID, 'language').click()
    p.clipboard_event('paste', 'z' * 200)
    assert p.note() == 'Cut short to fit the limit of 140.'


def test_text_dropped_on_the_field_goes_in_where_dropped_under_the_limit(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', 'ab')
    p.idle()
    assert p.input_event('insertFromDrop', '[微笑]', 'ab', 1, 1) is True
    assert held(p) == {'text': 'a[微笑]b', 'selection': caret(2)}
    # A step of undo of its own: the caret comes back where it was before the drop.
    chord(phone, [Keys.CONTROL], 'z')
    assert held(p) == {'text': 'ab', 'selection': caret(2)}
    chord(phone, [Keys.CONTROL, Keys.SHIFT], 'z')
    assert held(p) == {'text': 'a[微笑]b', 'selection': caret(2)}
    p.input_event('insertFromDrop', 'x' * 200, 'a', 1, 1)
    assert held(p)['text'] == 'a' + 'x' * 137 + '[微笑]b'
    assert '截掉' in p.said()


def test_a_draft_over_the_limit_comes_back_cut_to_it_with_a_note(service, phone):
    p = Page(phone, service)
    phone.execute_script("localStorage.setItem('stickertext.draft', JSON.stringify({text: 'y'.repeat(150), plainSelection: {location: 3, length: 0}}))")
    phone.refresh()
    p.wait('return document.body.dataset.ready')
    assert held(p)['text'] == 'y' * 140
    assert phone.find_element(By.ID, 'counter').text == '140/140'
    assert '截掉' in p.note()


def test_the_servers_correction_never_rewrites_a_composition_under_way(service, phone):
    p = Page(phone, service)
    p.type('ab')
    p.compose('xi')
    phone.execute_script("window.stickertext.adopt({text: 'abZ', selection: {location: 3, length: 0}})")
    m = phone.execute_script('return window.stickertext.model()')
    assert m['shown']['text'] == 'abxi' and m['text'] == 'ab'  # the composition is left as it is
    p.compose('')  # cancelled: nothing committed, so the server's state is shown
    assert held(p)['text'] == 'abZ'
    p.compose('ni')
    phone.execute_script("window.stickertext.adopt({text: 'abZZ', selection: {location: 4, length: 0}})")
    p.commit('你')  # a commit is a new edit of the state the user saw
    assert held(p)['text'] == 'abZ你'


def test_an_autocorrection_replaces_the_word_it_names_and_the_caret_stays_after_the_text_typed(service, phone):
    p = Page(phone, service)
    p.type('teh cat sat ')
    # Autocorrect (iOS, macOS) names the word it replaces, behind the caret: the browser replaces
    # it, and the page reads the change as an edit of the model, the caret where the browser left it.
    p.input_event('insertReplacementText', 'the', 'teh')
    assert held(p) == {'text': 'the cat sat ', 'selection': caret(12)}
    # A spell-checker's choice for the word it selected (Chromium's menu does): the model's edit.
    p.select(4, 3)
    p.input_event('insertReplacementText', 'cart', 'cat')
    assert held(p) == {'text': 'the cart sat ', 'selection': caret(8)}
    # Each is a step of undo of its own, the selection back as it was.
    chord(phone, [Keys.CONTROL], 'z')
    assert held(p) == {'text': 'the cat sat ', 'selection': {'location': 4, 'length': 3}}
    chord(phone, [Keys.CONTROL], 'z')
    assert held(p) == {'text': 'teh cat sat ', 'selection': caret(12)}
    # Under the limit as any insert: a longer correction at 140 is cut, with the note.
    keys(phone, Keys.END)
    p.clipboard_event('paste', 'x' * 128)
    p.input_event('insertReplacementText', 'sits', 'sat')
    assert held(p)['text'] == 'teh cat sit ' + 'x' * 128
    assert '截掉' in p.said()


def test_a_deletion_that_names_several_units_deletes_them_all(service, phone):
    p = Page(phone, service)
    p.type('good [doge] morning')
    # Android keyboards delete a word at once (a swipe on the delete key, a suggestion taken) with
    # one deleteContentBackward naming it: the browser's, read as an edit.
    p.input_event('deleteContentBackward', '', 'morning')
    assert held(p) == {'text': 'good [doge] ', 'selection': caret(7)}
    p.select(4)
    p.input_event('deleteContentBackward', '', 'good', 1, 4)
    assert held(p) == {'text': 'g [doge] ', 'selection': caret(1)}
    # The delete key names one unit (Chromium's own event): the model's deletion, a whole sticker.
    p.select(3)
    keys(phone, Keys.BACKSPACE)
    assert held(p) == {'text': 'g  ', 'selection': caret(2)}


def test_a_beforeinput_the_page_cannot_cancel_is_read_once_from_the_field(service, phone):
    p = Page(phone, service)
    p.type('ab')
    # The browser makes the change itself (the event is not cancelable); the page reads it at `input`.
    phone.execute_script('''const field = document.getElementById('editor');
        field.dispatchEvent(new InputEvent('beforeinput', {inputType: 'insertText', data: 'c', bubbles: true, cancelable: false}));
        const s = getSelection(), node = s.focusNode, at = s.focusOffset;
        node.insertData(at, 'c');
        s.collapse(node, at + 1);
        field.dispatchEvent(new InputEvent('input', {inputType: 'insertText', data: 'c', bubbles: true}));''')
    assert held(p) == {'text': 'abc', 'selection': caret(3)}


def test_a_deletion_the_browser_makes_after_the_page_cancelled_it_is_not_made_twice(service, phone):
    """Chrome on Android deletes for a keyboard's deleteContentBackward even when the page cancels
    it (w3c/input-events#181): the page's deletion stands, the browser's second one is undone."""
    p = Page(phone, service)
    p.type('abc')
    phone.execute_script('''const field = document.getElementById('editor'), s = getSelection();
        const e = new InputEvent('beforeinput', {inputType: 'deleteContentBackward', bubbles: true, cancelable: true,
            targetRanges: [new StaticRange({startContainer: s.focusNode, startOffset: s.focusOffset - 1,
                endContainer: s.focusNode, endOffset: s.focusOffset})]});
        field.dispatchEvent(e);
        const node = s.focusNode, at = s.focusOffset;  // then the browser deletes before the caret anyway
        node.deleteData(at - 1, 1);
        s.collapse(node, at - 1);
        field.dispatchEvent(new InputEvent('input', {inputType: 'deleteContentBackward', bubbles: true}));''')
    assert held(p) == {'text': 'ab', 'selection': caret(2)}
    p.type('d')
    assert held(p) == {'text': 'abd', 'selection': caret(3)}

def android_word(p, word, pause):
    """`word` composed a key every `pause` seconds, then committed (an Android keyboard), not waiting for
    the server's check: undo joins what is typed less than a second apart, and a wait on a loaded
    machine could part it."""
    for i in range(1, len(word) + 1):
        p.compose(word[:i])
        time.sleep(pause)
    p.commit(word, checked=False)


def test_words_typed_on_an_android_keyboard_are_one_undo_step_until_a_pause(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', '>')
    # Typed at a steady 0.3 s a key: the words' commits are more than a second apart, the keys are not.
    android_word(p, 'hello', 0.3)
    p.editor.send_keys(' ')
    android_word(p, 'world', 0.3)
    time.sleep(1.3)  # a pause: what comes after is a step of its own
    android_word(p, '!', 0)
    assert held(p)['text'] == '>hello world!'
    chord(phone, [Keys.CONTROL], 'z')
    assert held(p) == {'text': '>hello world', 'selection': caret(12)}
    chord(phone, [Keys.CONTROL], 'z')
    assert held(p) == {'text': '>', 'selection': caret(1)}


def test_shift_enter_with_the_suggestions_open_breaks_the_line(service, desktop):
    p = Page(desktop, service)
    p.finders()
    p.type('[xk')
    p.wait("return document.getElementById('suggestions')?.hidden === false")
    chord(desktop, [Keys.SHIFT], Keys.ENTER)
    assert held(p) == {'text': '[xk\n', 'selection': caret(4)}
    assert desktop.execute_script("return document.getElementById('suggestions').hidden") is True
    assert p.messages() == []

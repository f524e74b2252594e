"""The page at a phone's standard, part two (issue 41), in Chromium, Firefox
and WebKit against the real nginx and server: a click on a panel's tab leaves
the typing in the field; a note goes when a later edit makes it stale, and the
suggestions never cover it; every text of the page scales with the root font
(sizes in rem); sideways (844 × 390, 640 × 360) the open panel is whole on
screen; the empty field shows a placeholder, a dropped image file is not
opened and a note says why, sent messages come back after a reload (the
newest 200, with a control that clears them), and the bar's API link shows
the API to read (api.html, under the page's CSP), not a download; HTML
pasted with styles applies none (no CSP violation) and a note says that an
image's description came in as words."""

import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import Page, chord, keys, page_at, stored_texts, wait
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)
from service import SPEC, eventually


def focused_id(d):
    return d.execute_script('return document.activeElement.id')


# Item 2: a tab clicked

def test_a_click_on_a_panel_tab_leaves_the_typing_in_the_field(service, desktop):
    p = Page(desktop, service)
    p.type('a')
    p.open_panel()
    p.tab(2)
    assert desktop.find_element(By.ID, 'tab-2').get_attribute('aria-selected') == 'true'
    assert focused_id(desktop) == 'editor'
    ActionChains(desktop).send_keys('k').perform()
    p.idle()
    assert p.state()['text'] == 'ak'


# Item 6: notes that went stale

def test_a_paste_that_worked_takes_back_the_note_that_the_clipboard_was_empty(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', '')
    assert p.note() == '剪贴板里没有可以粘贴的文字'
    p.clipboard_event('paste', 'hi')
    p.idle()
    assert p.state()['text'] == 'hi'
    assert p.note() == ''


def test_select_all_and_delete_take_back_the_note_that_the_paste_was_cut(service, phone):
    p = Page(phone, service)
    p.clipboard_event('paste', '长' * 200)
    assert p.note() == '超过 140 字的部分已截掉。'
    chord(phone, [Keys.CONTROL], 'a')
    keys(phone, Keys.DELETE)
    p.idle()
    assert p.state()['text'] == ''
    assert p.note() == ''
    # A caret move changes no text: the note of an edit stays through it.
    p.clipboard_event('paste', '长' * 200)
    keys(phone, Keys.ARROW_LEFT)
    assert p.note() == '超过 140 字的部分已截掉。'


def test_the_suggestions_never_cover_the_note(service, phone):
    p = Page(phone, service)
    p.finders()
    p.type('你好')
    # A note that lasts while its cause does (as the one that messages wait for the network), which typing
    # keeps, shown as status.js shows it (a script's import of status.js is a module of its own in Firefox).
    phone.execute_script("const n = document.getElementById('note'); n.textContent = 'a note that lasts'; n.hidden = false")
    keys(phone, '[x')
    wait(phone, "return !document.getElementById('suggestions').hidden")
    note, suggestions = phone.execute_script('''
        return ['note', 'suggestions'].map((id) => document.getElementById(id).getBoundingClientRect().toJSON())''')
    assert p.note(), 'the note went before it could be checked'
    assert suggestions['bottom'] <= note['top'] + 0.5, (suggestions, note)


# Item 3: large text

# What each text of the page is drawn at: every element shown with text of its own (or a field), by a path
# that names it. The keys' and tabs' emoji and the preview's are pictures sized to their keys, as the
# stickers' images are (px, like the keys): not text to scale.
TEXT_SIZES = '''
    const pictures = '.cell, [role=tab], .preview .emoji, .preview .tones b, .preview .star, .menugroup .menuitem, .option > :first-child';
    const named = (el) => el.id ? '#' + el.id : named(el.parentElement) + '>' + el.tagName.toLowerCase() + (el.className ? '.' + [...el.classList].join('.') : '');
    const sizes = {};
    for (const el of document.querySelectorAll('body *')) {
      if (!el.getClientRects().length || el.closest(pictures) || getComputedStyle(el).visibility === 'hidden') continue;
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
      if (own || el.matches('input, [contenteditable]')) sizes[named(el)] = parseFloat(getComputedStyle(el).fontSize);
    }
    return sizes;'''


def larger_root(d, px):
    """The root font at `px`: the browser's own font size setting in Chromium (CDP's Page.setFontSizes, as
    Settings › Appearance › Font size), else a larger root font (as a reader's zoom of text does)."""
    if getattr(d, 'engine', 'chromium') == 'chromium':
        d.execute_cdp_cmd('Page.setFontSizes', {'fontSizes': {'standard': px}})
    else:
        d.execute_script("document.documentElement.style.fontSize = arguments[0] + 'px'", px)
    wait(d, "return parseFloat(getComputedStyle(document.documentElement).fontSize) === arguments[0]", px)


def test_every_text_of_the_page_scales_with_the_root_font(service, desktop):
    p = Page(desktop, service)
    p.send('你好[doge]')
    p.open_panel()
    p.pack('favorites')  # its hint when empty
    # A note that lasts, as status.js shows it (as above; a passing note goes after 4 s, which a loaded
    # machine may take to measure).
    desktop.execute_script("const n = document.getElementById('note'); n.textContent = 'a note that lasts'; n.hidden = false")
    assert p.note()
    before = desktop.execute_script(TEXT_SIZES)
    try:
        larger_root(desktop, 24)
        after = desktop.execute_script(TEXT_SIZES)
    finally:
        larger_root(desktop, 16)
    for part in ('#counter', '#note', '#search', '#editor', '#enter', '#theme', '#language'):
        assert part in before, f'{part} is not measured: {sorted(before)}'
    assert any(name.endswith('p.hint') for name in before), sorted(before)
    unscaled = {name: (size, after.get(name)) for name, size in before.items() if after.get(name) != size * 1.5}
    assert unscaled == {}, 'drawn at the same size with the root font at 24 px as at 16 px'


# Item 1: sideways

SIDEWAYS = '''
    const box = (el) => el.getBoundingClientRect().toJSON();
    const parts = {};
    for (const el of document.getElementById('panel').children) if (el.getClientRects().length) parts[el.id || el.className] = box(el);
    const key = document.querySelector('#pages .page:not([inert]) button.cell');
    return {height: innerHeight, width: innerWidth, parts, key: box(key), editor: box(document.getElementById('editor')),
            messages: box(document.getElementById('messages'))};'''


@pytest.mark.parametrize('width,height', [(844, 390), (640, 360)])
def test_sideways_the_open_panel_its_tabs_and_its_swipe_strip_are_whole_on_screen(service, engine, width, height):
    touch = engine == 'chromium'  # a touch screen (its 44 px targets, the swipe strip) is CDP's to emulate
    with page_at(service, width, height, touch=touch, engine=engine) as p:
        p.send('横着也看得到[doge]')
        p.open_panel()
        p.wait("return document.getElementById('panel').classList.contains('open') && !document.getAnimations().length")
        seen = p.d.execute_script(SIDEWAYS)
        for name in ('find', 'pages', 'dots', 'tabs') + (('swipe',) if touch else ()):
            part = seen['parts'].get(name)
            assert part, f'{name} not shown: {sorted(seen["parts"])}'
            assert part['top'] >= -0.5 and part['bottom'] <= seen['height'] + 0.5, f'{name}: {part} outside {height} px'
        assert seen['editor']['top'] >= 0 and seen['editor']['bottom'] <= seen['parts']['find']['top'] + 0.5
        assert seen['key']['height'] >= (44 if touch else 24) - 0.5, seen['key']
        assert seen['messages']['height'] >= 40, seen['messages']  # a message still shows above
        # The panel closed, the bar is back.
        p.d.find_element(By.ID, 'toggle').click()
        p.wait("return document.querySelector('.bar').getBoundingClientRect().height > 0")


# Item 8: a first visit

PLACEHOLDER = '''const field = document.getElementById('editor'), content = getComputedStyle(field, '::before').content;
    // Firefox gives the content as written, the others as resolved.
    return field.hasAttribute('data-empty') && content !== 'none' ?
      content.replace('attr(aria-placeholder)', JSON.stringify(field.getAttribute('aria-placeholder'))) : null'''


def test_the_empty_field_shows_a_placeholder_that_typing_takes_away_and_deleting_brings_back(service, phone):
    p = Page(phone, service)
    assert phone.execute_script(PLACEHOLDER) == '"说点什么… 输入 [ 找表情"'
    assert phone.find_element(By.ID, 'editor').get_attribute('aria-placeholder') == '说点什么… 输入 [ 找表情'
    p.type('a')
    assert phone.execute_script(PLACEHOLDER) is None
    keys(phone, Keys.BACKSPACE)
    p.idle()
    assert phone.execute_script(PLACEHOLDER) == '"说点什么… 输入 [ 找表情"'
    phone.find_element(By.ID, 'language').click()
    assert phone.execute_script(PLACEHOLDER) == '"Say something… type [ to find a sticker"'
    phone.find_element(By.ID, 'language').click()


DROP_FILE = '''
    const [target] = arguments, transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', {type: 'image/png'}));
    const drop = (type) => {
      const e = new DragEvent(type, {dataTransfer: transfer, bubbles: true, cancelable: true});
      if (!e.dataTransfer) Object.defineProperty(e, 'dataTransfer', {value: transfer}); // WebKit takes none from its init
      target.dispatchEvent(e);
      return e.defaultPrevented;
    };
    return [drop('dragover'), drop('drop')];'''


@pytest.mark.parametrize('on', ['editor', 'messages'])
def test_an_image_file_dropped_on_the_page_is_not_opened_and_a_note_says_why(service, phone, on):
    p = Page(phone, service)
    p.type('留着')
    taken = phone.execute_script(DROP_FILE, phone.find_element(By.ID, on))
    assert taken == [True, True]  # the browser does not open the file in the page's place
    assert p.note() == '图片等文件不能放进消息：这里只能输入文字和表情。'
    assert p.state()['text'] == '留着'


SEED_HISTORY = '''
    const [count, done] = arguments, open = indexedDB.open('stickertext-sent', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('sent', {keyPath: 'seq', autoIncrement: true});
    open.onsuccess = () => {
      const t = open.result.transaction('sent', 'readwrite');
      for (let i = 0; i < count; i++) t.objectStore('sent').add({id: 'old-' + i, text: 'old ' + i});
      t.oncomplete = () => { open.result.close(); done(); };
    };'''


def shown_after_reload(p, count):
    p.d.refresh()
    p.wait('return document.body.dataset.ready')
    p.wait(f"return document.querySelectorAll('#messages .msg:not(.pending)').length === {count}", timeout=10)
    return p.messages()


def test_sent_messages_come_back_after_a_reload_until_the_history_is_cleared(service, phone):
    p = Page(phone, service)
    p.send('第一条')
    p.send('第二条[doge]')
    assert shown_after_reload(p, 2) == ['第一条', '第二条']
    assert phone.find_element(By.CSS_SELECTOR, '#messages .msg img.sticker').get_attribute('alt') == '[doge]'
    clear = phone.find_element(By.CSS_SELECTOR, '#messages .clear-history')
    assert clear.text == '清除聊天记录'
    clear.click()
    assert p.messages() == []
    assert not clear.is_displayed()
    # The history's deletion is committed a moment after the click: a reload at once could undo it.
    assert eventually(lambda: True if stored_texts(phone, 'stickertext-sent', 'sent') == [] else None)
    assert shown_after_reload(p, 0) == []


def test_the_history_keeps_the_newest_200_messages(service, phone):
    p = Page(phone, service)
    phone.execute_async_script(SEED_HISTORY, 205)
    p.d.refresh()
    p.wait('return document.body.dataset.ready')
    p.editor = phone.find_element(By.ID, 'editor')
    p.editor.click()
    p.wait("return document.querySelectorAll('#messages .msg').length === 205", timeout=10)
    p.send('最新的一条')
    shown = shown_after_reload(p, 200)
    assert shown[0] == 'old 6' and shown[-2:] == ['old 204', '最新的一条']


API_PAGE = '''return [...document.querySelectorAll('#doc section')].map((s) =>
      [s.querySelector('h2').textContent, [...s.querySelectorAll('h3')].map((h) => h.textContent)])'''


def test_the_bars_api_link_shows_the_api_to_read_not_a_download(service, desktop):
    Page(desktop, service)
    desktop.find_element(By.CSS_SELECTOR, '.bar a[data-i18n=api]').click()
    wait(desktop, "return location.pathname === '/api.html' && document.querySelectorAll('#doc section').length", timeout=10)
    # Each path of the contract with each of its methods and their summaries, in the document's order.
    expected = [[path, [f'{method.upper()} {path} {operation["summary"]}' for method, operation in item.items()]]
                for path, item in SPEC['paths'].items()]
    assert desktop.execute_script(API_PAGE) == expected
    text = desktop.find_element(By.ID, 'doc').text
    assert SPEC['info']['summary'] in text and 'Every endpoint is a pure function of its request.' in text
    # The document's own lines, folded away until asked for, and a link to download it.
    desktop.find_element(By.CSS_SELECTOR, '#path-api-render summary').click()
    assert 'summary: An HTML fragment to embed in any site (CORS open).' in desktop.find_element(By.CSS_SELECTOR, '#path-api-render pre').text
    assert desktop.find_element(By.CSS_SELECTOR, 'a[download]').get_attribute('href').endswith('/openapi.yaml')
    # Under the page's policy (its script ran under it above: no inline script).
    with urllib.request.urlopen(f'http://127.0.0.1:{service.port}/api.html') as answer:
        assert "script-src 'self'" in answer.headers['Content-Security-Policy']


# Item 7: HTML pasted with styles

STYLED_HTML = ('<style>p { color: red }</style><p style="color: red">看 <img alt="一只猫" src="cat.png">'
               '<img alt="[微笑]" src="s.png"> <span style=\'font-weight: bold\'>好</span></p>'
               '<textarea><style>x</style></textarea>')


def test_html_pasted_with_styles_applies_none_and_a_note_says_an_images_alt_came_in_as_words(service, phone):
    p = Page(phone, service)
    phone.execute_script('''window.violations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective + ' ' + e.sourceFile), true)''')
    p.clipboard_event('paste', '', html=STYLED_HTML)
    # The text as it came, a <textarea>'s too; the sticker's code a sticker, the photo's description words.
    p.wait_text('看 一只猫[微笑] 好\n<style>x</style>')
    assert phone.execute_script('return window.violations') == []
    assert p.note() == '粘贴的内容里有图片：图片的说明文字（alt）已作为文字粘贴。'
    # Only a sticker's code: no note.
    p.clipboard_event('paste', '', html='<p style="x"><img alt="[doge]" src="d.png"></p>')
    p.wait_text('看 一只猫[微笑] 好\n<style>x</style>[doge]')
    assert p.note() == ''
    assert phone.execute_script('return window.violations') == []


# Item 9: emoji in colour

# How many of the pixels `text` is drawn with, in `element`'s font, are coloured (not grey): a colour emoji
# font's glyph has hundreds, an outline from a text font none.
COLOURED = '''
    const [element, text] = arguments, canvas = document.createElement('canvas');
    canvas.width = canvas.height = 64;
    const c = canvas.getContext('2d');
    const style = getComputedStyle(element);
    c.font = `32px ${style.fontFamily}`;
    c.textBaseline = 'top';
    c.fillStyle = '#000';
    c.fillText(text, 4, 4);
    const data = c.getImageData(0, 0, 64, 64).data;
    let coloured = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i + 3] > 128 && Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 60) coloured++;
    return coloured;'''


def test_the_panels_emoji_are_drawn_in_colour(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.pack('emoji')
    tab = phone.find_element(By.CSS_SELECTOR, '#tabs [data-tab=emoji]')
    for element, text in [(tab, tab.text), (p.key('😭'), '😭'), (p.key('😱'), '😱'), (p.editor, '😭')]:
        assert phone.execute_script(COLOURED, element, text) > 50, f'{text} in {element.get_attribute("id") or element.get_attribute("class")}: no colour'

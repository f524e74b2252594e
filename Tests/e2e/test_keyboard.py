"""The keyboard people expect, in headless Chromium against the real nginx and
server: Favorites (from a key's menu, the long-press preview's star and a
sent message's sticker; an order the user changes; kept over a reload), skin
tones (offered on a long press, inserted as one grapheme, remembered), dark
mode (the system's, or the toggle's remembered choice; axe finds nothing in
either), Chinese and English (navigator.language, a remembered switch, names
and labels following it), Recent cleared, and a swipe past a pack's last page
going on to the next pack."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from axe import assert_no_violations
from browser import Page, browser, needs_cdp, wait
from pointer import center, shown_preview, x_mouse
from engines import ENGINES  # noqa: F401 (the module runs in Chromium, Firefox and WebKit: conftest.py)


def reload(p):
    """The same page loaded again (localStorage kept), ready, the editor focused."""
    p.d.refresh()
    p.wait('return document.body.dataset.ready')
    p.editor = p.d.find_element(By.ID, 'editor')
    p.editor.click()
    return p


def names(p):
    return [c.get_attribute('aria-label') for c in p.cells()]


def menu_items(d):
    return d.execute_script("return [...document.querySelectorAll('#menu [role^=menuitem]')].map((m) => m.textContent)")


def choose(d, label):
    """Clicks the open menu's item whose text contains `label`."""
    item = next(m for m in d.find_elements(By.CSS_SELECTOR, '#menu [role^=menuitem]') if label in m.text)
    item.click()


def right_click(d, element):
    """A right click on `element`: in WebKit a real mouse's (pointer.x_mouse says why)."""
    if getattr(d, 'engine', 'chromium') == 'webkit':
        x_mouse(d, center(d, element), 'click 3')
    else:
        ActionChains(d).context_click(element).perform()
    wait(d, "return document.getElementById('menu')?.hidden === false")


def keyboard_menu(d, element):
    """Opens `element`'s menu the keyboard way: the ContextMenu key (Shift+F10), the focus on it."""
    element.send_keys(Keys.SHIFT, Keys.F10)
    wait(d, "return document.getElementById('menu')?.hidden === false")


def long_press_to(d, cell, target_script):
    """Holds `cell` until the preview shows, moves onto the element `target_script` returns, releases.
    The preview is waited for, not a fixed time: on a loaded machine the page's timer fires late."""
    ActionChains(d).click_and_hold(cell).pause(0.6).perform()
    assert shown_preview(d)
    release_on(d, d.execute_script(target_script))


def move_held_to(d, x, y, release=False):
    """The pointer held moves to the point (x, y), and is released there if `release`: a point, not an
    element, as the preview takes no pointer events (pointer-events: none; the grid under it gets them),
    which WebKitWebDriver refuses to move to as an element ("not interactable")."""
    chain = ActionChains(d)
    chain.w3c_actions.pointer_action.move_to_location(round(x), round(y))
    chain.pause(0.1)
    if release:
        chain.release()
    chain.perform()


def release_on(d, target):
    """The pointer held moves onto `target`'s centre and is released there."""
    move_held_to(d, *center(d, target), release=True)


# Favorites

def test_a_keys_menu_adds_to_favorites_which_keep_the_users_order_over_a_reload(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.pack('favorites')
    assert phone.find_element(By.CSS_SELECTOR, '#pages .page:not([inert]) .hint').text.startswith('长按')
    p.pack('weibo')
    right_click(phone, p.cells()[0])
    assert menu_items(phone)[0] == '添加到收藏'
    assert phone.execute_script('return document.activeElement.getAttribute("role")') == 'menuitem'  # the keyboard is in the menu
    choose(phone, '添加到收藏')
    assert '已收藏“微笑”' in phone.find_element(By.ID, 'note').text
    # The keyboard way: the ContextMenu key (Shift+F10) on the focused key, Enter on the first item.
    second = p.cells()[1]
    keyboard_menu(phone, second)
    ActionChains(phone).send_keys(Keys.ENTER).perform()
    assert phone.execute_script('return document.activeElement.getAttribute("aria-label")') == '哈哈'  # the focus is back on the key
    p.pack('favorites')
    assert names(p) == ['微笑', '哈哈']
    assert p.state()['text'] == ''  # choosing from the menu inserts nothing
    # Moved: "move later" on the first puts it second.
    right_click(phone, p.cells()[0])
    assert menu_items(phone) == ['取消收藏', '前移', '后移']
    choose(phone, '后移')
    assert names(p) == ['哈哈', '微笑']
    reload(p).open_panel()
    p.pack('favorites')
    assert names(p) == ['哈哈', '微笑']
    p.cells()[1].click()  # a favorite inserts like any key
    assert p.state()['text'] == '[微笑]'
    right_click(phone, p.cells()[0])
    choose(phone, '取消收藏')
    assert names(p) == ['微笑']


def test_a_menu_used_with_the_pointer_leaves_the_editors_caret_where_it_was(service, phone):
    p = Page(phone, service)
    p.type('abc')
    phone.execute_script('getSelection().collapse(document.getElementById("editor").firstChild, 1)')
    p.open_panel()
    p.pack('weibo')
    right_click(phone, p.cells()[0])
    choose(phone, '添加到收藏')
    p.cells()[1].click()
    assert p.state() == {'text': 'a[哈哈]bc', 'selection': {'location': 2, 'length': 0}}


def test_escape_closes_the_menu_and_gives_the_focus_back(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.pack('weibo')
    cell = p.cells()[2]
    keyboard_menu(phone, cell)
    ActionChains(phone).send_keys(Keys.ESCAPE).perform()
    assert phone.execute_script("return document.getElementById('menu').hidden") is True
    assert phone.execute_script('return document.activeElement.getAttribute("aria-label")') == cell.get_attribute('aria-label')
    assert phone.find_element(By.ID, 'toggle').get_attribute('aria-pressed') == 'true'  # the panel stays open


def test_releasing_a_long_press_on_the_previews_star_adds_to_favorites_and_inserts_nothing(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.pack('weibo')
    long_press_to(phone, p.cells()[3], "return document.querySelector('#preview .star')")
    assert p.state()['text'] == ''
    label = p.cells()[3].get_attribute('aria-label')
    p.pack('favorites')
    assert names(p) == [label]
    # The star shows it is one; released there again, it is taken out.
    long_press_to(phone, p.cells()[0], "return document.querySelector('#preview .star')")
    p.wait("return document.querySelector('#pages .page:not([inert]) .hint')", timeout=15)


def box(d, element):
    return d.execute_script('const b = arguments[0].getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]',
                            element)


def test_a_finger_grazing_the_next_key_on_its_way_to_the_star_keeps_the_preview_it_is_going_to(service, phone):
    # The preview sits above its key, the star at its right end: a finger going there crosses the next key's
    # corner, or the seam between keys (in Firefox a move once hit the sub-pixel gap beside a key, and the
    # preview closed under the finger). The preview moves to a key only from well inside it.
    p = Page(phone, service)
    p.open_panel()
    p.pack('weibo')
    held, next_key = p.cells()[0], p.cells()[1]
    tag = phone.execute_script('return arguments[0].item.tag', held)
    preview_name = "return document.getElementById('preview').hidden ? null : document.querySelector('#preview .name').textContent"
    ActionChains(phone).click_and_hold(held).pause(0.6).perform()
    shown = p.wait(preview_name)
    left, top, right, bottom = box(phone, next_key)
    move_held_to(phone, left + 4, top + 4)  # the next key's corner
    assert phone.execute_script(preview_name) == shown
    held_left, held_top, _, held_bottom = box(phone, held)
    move_held_to(phone, held_left - 2, (held_top + held_bottom) / 2)  # the page's edge beside the key: no key
    assert phone.execute_script(preview_name) == shown
    release_on(phone, phone.execute_script("return document.querySelector('#preview .star')"))
    assert p.state()['text'] == ''
    p.pack('favorites')
    assert [c.get_attribute('aria-label') for c in p.cells()] == [held.get_attribute('aria-label')]
    # Released on the next key's corner, it inserts what it shows; well inside the next key, that key.
    p.pack('weibo')
    held, next_key = p.cells()[0], p.cells()[1]
    ActionChains(phone).click_and_hold(held).pause(0.6).perform()
    p.wait(preview_name)
    left, top, right, bottom = box(phone, next_key)
    move_held_to(phone, left + 4, top + 4, release=True)
    assert p.state()['text'] == tag
    ActionChains(phone).click_and_hold(held).pause(0.6).perform()
    p.wait(preview_name)
    move_held_to(phone, (left + right) / 2, (top + bottom) / 2, release=True)
    assert p.state()['text'] == tag + phone.execute_script('return arguments[0].item.tag', next_key)


def test_a_sticker_in_a_sent_message_can_be_added_from_the_message(service, phone):
    p = Page(phone, service)
    p.send('好[doge]')
    img = phone.find_element(By.CSS_SELECTOR, '#messages .msg img.sticker')
    right_click(phone, img)
    choose(phone, '添加到收藏')
    p.open_panel()
    p.pack('favorites')
    assert names(p) == [img.get_attribute('aria-label')]
    p.cells()[0].click()
    assert p.state()['text'] == '[doge]'  # the sticker's own tag


# Skin tones

def emoji_cell(p, emoji):
    """The Emoji tab's key for `emoji`, its page scrolled to (actions move only to what is in the viewport)."""
    p.pack('emoji')
    return p.key(emoji)


def test_a_long_press_on_an_emoji_that_takes_a_tone_offers_six_forms_and_remembers_the_choice(service, phone):
    p = Page(phone, service)
    p.open_panel()
    thumbs = emoji_cell(p, '👍')
    ActionChains(phone).click_and_hold(thumbs).pause(0.6).perform()
    assert shown_preview(phone)
    forms = phone.execute_script("return [...document.querySelectorAll('#preview .tones b')].map((b) => b.textContent)")
    assert forms == ['👍', '👍🏻', '👍🏼', '👍🏽', '👍🏾', '👍🏿']
    release_on(phone, phone.find_elements(By.CSS_SELECTOR, '#preview .tones b')[3])
    assert p.state()['text'] == '\U0001F44D\U0001F3FD'
    assert phone.find_element(By.ID, 'counter').text == '1/140'  # one grapheme
    p.d.execute_script("window.stickertext.edit('deleteBackward')")
    assert p.state()['text'] == ''  # one backspace deletes it whole
    # Remembered: the key shows and a tap inserts the tone, after a reload too.
    reload(p).open_panel()
    thumbs = emoji_cell(p, '👍')
    assert thumbs.text == '👍🏽'
    thumbs.click()
    assert p.state()['text'] == '👍🏽'
    # An emoji that takes none previews as before.
    ActionChains(phone).click_and_hold(emoji_cell(p, '😀')).pause(0.6).perform()
    assert shown_preview(phone)
    assert phone.find_elements(By.CSS_SELECTOR, '#preview .tones') == []
    ActionChains(phone).release().perform()


def test_the_keys_menu_offers_the_tones_as_a_choice_for_keyboard_users(service, phone):
    p = Page(phone, service)
    p.open_panel()
    clap = emoji_cell(p, '👏')
    keyboard_menu(phone, clap)
    radios = phone.execute_script("return [...document.querySelectorAll('#menu [role=menuitemradio]')]"
                                  ".map((m) => [m.textContent, m.getAttribute('aria-checked')])")
    assert [r[0].split(' ')[0] for r in radios] == ['👏', '👏🏻', '👏🏼', '👏🏽', '👏🏾', '👏🏿'] and radios[0][1] == 'true'
    choose(phone, '👏🏿')
    assert p.state()['text'] == '👏🏿'


# Dark mode

def background(d):
    return d.execute_script("return getComputedStyle(document.getElementById('app')).backgroundColor")


def check_every_state(p, scheme):
    """axe over the page closed, open on Recent, a pack, Emoji and Favorites, and a key's menu open."""
    settle = 'return document.getAnimations().length === 0'
    p.wait(settle)
    assert_no_violations(p.d, f'{scheme}, panel closed')
    p.open_panel()
    for tab in ('recent', 'favorites', 'weibo', 'emoji'):
        p.pack(tab)
        p.wait(settle)
        assert_no_violations(p.d, f'{scheme}, panel open on {tab}')
    right_click(p.d, p.cells()[0])
    assert_no_violations(p.d, f'{scheme}, a key\'s menu open')
    ActionChains(p.d).send_keys(Keys.ESCAPE).perform()
    p.d.find_element(By.ID, 'toggle').click()  # closed again
    p.wait("return document.getElementById('panel').hidden")


def test_dark_mode_follows_the_system_and_the_toggle_is_remembered_and_axe_finds_nothing_in_either(service):
    d = browser(1100, 800)
    try:
        d.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [{'name': 'prefers-color-scheme', 'value': 'dark'}]})
        p = Page(d, service)
        assert background(d) != 'rgb(255, 255, 255)'  # the system's dark, nothing chosen yet
        assert d.find_element(By.ID, 'theme').get_attribute('aria-pressed') == 'true'
        check_every_state(p, 'dark')
        d.find_element(By.ID, 'theme').click()  # light, chosen against the system
        assert background(d) == 'rgb(255, 255, 255)' and d.find_element(By.ID, 'theme').get_attribute('aria-pressed') == 'false'
        check_every_state(p, 'light')
        reload(p)
        assert background(d) == 'rgb(255, 255, 255)'  # remembered, though the system is dark
        d.find_element(By.ID, 'theme').click()
        assert background(d) != 'rgb(255, 255, 255)' and d.execute_script("return localStorage.getItem('stickertext.theme')") == 'dark'
    finally:
        d.quit()


# Chinese and English

def test_the_interface_follows_navigator_language_and_the_switch_is_remembered(service):
    d = browser(390, 780, language='en-US')
    try:
        p = Page(d, service)
        assert d.execute_script('return document.documentElement.lang') == 'en'
        assert d.find_element(By.ID, 'send').text == 'Send'
        p.send('[微笑]')
        p.open_panel()
        p.pack('weibo')
        assert names(p)[:2] == ['smile', 'haha']
        assert d.find_element(By.CSS_SELECTOR, '#tabs [data-tab=recent]').get_attribute('aria-label') == 'Recent'
        assert d.find_element(By.CSS_SELECTOR, '#messages img.sticker').get_attribute('aria-label') == 'smile'
        d.find_element(By.ID, 'language').click()
        assert d.execute_script('return document.documentElement.lang') == 'zh-CN'
        assert d.find_element(By.ID, 'send').text == '发送'
        assert names(p)[:2] == ['微笑', '哈哈']  # the grid, relabelled in place
        assert d.find_element(By.CSS_SELECTOR, '#tabs [data-tab=weibo]').get_attribute('aria-label') == '微博表情'
        assert d.find_element(By.CSS_SELECTOR, '#messages img.sticker').get_attribute('aria-label') == '微笑'
        assert d.find_element(By.ID, 'search').get_attribute('placeholder') == '搜索表情'
        reload(p)
        assert d.find_element(By.ID, 'send').text == '发送'  # remembered over the browser's language
        assert d.find_element(By.ID, 'language').get_attribute('aria-label') == 'Switch to English'
    finally:
        d.quit()


# Recent

def test_recent_can_be_cleared_and_stays_empty_after_a_reload(service, phone):
    p = Page(phone, service)
    p.open_panel()
    clear = phone.find_element(By.ID, 'clear-recents')
    p.pack('weibo')
    p.cells()[0].click()
    assert not clear.is_displayed()  # only on Recent
    p.pack('recent')
    assert names(p) == ['微笑'] and clear.is_displayed()
    clear.click()
    assert phone.find_elements(By.CSS_SELECTOR, '#pages .page:not([inert]) .hint') and not clear.is_displayed()
    assert p.state()['text'] == '[微笑]'  # the text is not touched
    reload(p).open_panel()
    p.pack('recent')
    assert names(p) == []


# Paging

def shown_tab(d):
    return d.execute_script("return document.querySelector('#tabs [aria-selected=true]').dataset.tab")


def swipe_left(d, element):
    """A real swipe one page to the left over `element`: CDP's synthesized scroll gesture, as a
    trackpad makes it (headless Chromium scrolls nothing for a synthesized touch gesture)."""
    needs_cdp(d, 'a synthesized scroll gesture')
    r = d.execute_script('const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2, r.width]', element)
    d.execute_cdp_cmd('Input.synthesizeScrollGesture', {
        'x': r[0], 'y': r[1], 'xDistance': -r[2] * 0.8, 'yDistance': 0, 'gestureSourceType': 'mouse', 'speed': 1600})


def test_swiping_past_a_packs_last_page_goes_to_the_next_packs_first_page_and_the_tab_follows(service, phone):
    p = Page(phone, service)
    p.open_panel()
    p.pack('weibo')
    pages = phone.find_element(By.ID, 'pages')
    count = phone.execute_script("return document.querySelectorAll('#pages .page:not([inert])').length")
    assert count >= 2
    for k in range(1, count):  # to the pack's last page
        swipe_left(phone, pages)
        p.wait(f"return document.querySelectorAll('#dots i')[{k}].classList.contains('on')")
    assert shown_tab(phone) == 'weibo'
    swipe_left(phone, pages)  # past it
    p.wait("return document.querySelector('#tabs [aria-selected=true]').dataset.tab !== 'weibo'")
    next_tab = phone.execute_script("return [...document.querySelectorAll('#tabs [role=tab]')].map((t) => t.dataset.tab)")
    assert shown_tab(phone) == next_tab[next_tab.index('weibo') + 1]
    p.wait("return document.querySelector('#dots i').classList.contains('on')")  # its first page
    assert phone.find_element(By.ID, 'pages').get_attribute('aria-labelledby') == \
        phone.find_element(By.CSS_SELECTOR, '#tabs [aria-selected=true]').get_attribute('id')
    # The page shown is live (its keys insert), the pack before is not.
    live = p.wait("""const g = document.getElementById('pages').getBoundingClientRect();
        const page = [...document.querySelectorAll('#pages .page')].find((x) => Math.abs(x.getBoundingClientRect().left - g.left) < 2);
        return page && [page.inert, page.dataset.tab]""")  # a page names its tab as the tab's button does
    assert live == [False, shown_tab(phone)]
    first = p.cells()[0]
    code = phone.execute_script('return arguments[0].item.tag || arguments[0].item.emoji', first)
    first.click()
    assert p.state()['text'] == code

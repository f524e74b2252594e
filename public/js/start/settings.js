// settings.js owns the bar's toggles, remembered (localStorage), else as the
// device: dark mode (prefers-color-scheme; a choice sets <html data-theme>)
// and Enter sends (Shift+Enter breaks the line; with a coarse pointer Enter
// breaks it and Send sends). enterkeyhint labels the key.

import { KEYS, readText, store } from '../shared/storage.js';

/** A remembered choice, one of `values` (null until made). */
function remembered(key, values) {
  const kept = readText(key);
  let choice = values.includes(kept) ? kept : null;
  return {
    get: () => choice,
    set(value) {
      choice = value;
      store(key, value);
    },
  };
}

const systemDark = matchMedia('(prefers-color-scheme: dark)');
const theme = remembered(KEYS.theme, ['dark', 'light']);
const enter = remembered(KEYS.enter, ['send', 'newline']);

const isDark = () => (theme.get() ?? (systemDark.matches ? 'dark' : 'light')) === 'dark';

/** Whether Enter (without Shift) sends now. */
export const enterSends = () =>
  (enter.get() ?? (matchMedia('(pointer: coarse)').matches ? 'newline' : 'send')) === 'send';

/** Wires a toggle button: `isOn()`, `turn(on)` to choose, `apply()` to show the state. Returns its update. */
function toggle(button, isOn, turn, apply) {
  const update = () => {
    apply();
    button.setAttribute('aria-pressed', String(isOn()));
  };
  button.addEventListener('click', () => {
    turn(!isOn());
    update();
  });
  update();
  return update;
}

export function initSettings(editor) {
  const showTheme = toggle(
    document.getElementById('theme'),
    isDark,
    (on) => theme.set(on ? 'dark' : 'light'),
    () => {
      if (theme.get()) document.documentElement.dataset.theme = theme.get();
      else delete document.documentElement.dataset.theme;
    },
  );
  systemDark.addEventListener('change', showTheme);
  toggle(
    document.getElementById('enter'),
    enterSends,
    (on) => enter.set(on ? 'send' : 'newline'),
    () => editor.setAttribute('enterkeyhint', enterSends() ? 'send' : 'enter'),
  );
}

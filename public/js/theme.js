// theme.js owns light and dark: the page follows prefers-color-scheme until
// the user presses the toggle, whose choice is remembered (localStorage) and
// set as <html data-theme>, which app.css reads. The toggle is pressed while
// dark is shown, whichever way it came.

const KEY = 'stickertext.theme';
const systemDark = matchMedia('(prefers-color-scheme: dark)');

function remembered() {
  try { const v = localStorage.getItem(KEY); return v === 'dark' || v === 'light' ? v : null; } catch { return null; }
}
let choice = remembered();  // 'dark', 'light', or null: the system's

/** Whether dark is shown now. */
const isDark = () => (choice ?? (systemDark.matches ? 'dark' : 'light')) === 'dark';

function show(toggle) {
  if (choice) document.documentElement.dataset.theme = choice;
  else delete document.documentElement.dataset.theme;
  toggle.setAttribute('aria-pressed', String(isDark()));
}

export function initTheme() {
  const toggle = document.getElementById('theme');
  show(toggle);
  systemDark.addEventListener('change', () => show(toggle));
  toggle.addEventListener('click', () => {
    choice = isDark() ? 'light' : 'dark';
    try { localStorage.setItem(KEY, choice); } catch { /* shown, not remembered */ }
    show(toggle);
  });
}

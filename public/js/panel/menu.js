// menu.js owns the one pop-up menu (#menu) that a sticker's context menu
// opens (a right click, a long press where the platform makes that a
// contextmenu event, the ContextMenu key or Shift+F10, which isMenuKey
// tells: not every engine makes them a contextmenu event, and WebKit's goes
// to the editor's caret, not the key focused): its items built with
// DOM APIs (labels are text), arrow keys and Home/End between items, Enter or
// Space to choose, Escape, Tab or a press elsewhere to close, and the focus
// back where it was when it opened. It stays by its sticker when the window
// or the visual viewport changes size (an on-screen keyboard showing or hiding).

import { placeNear } from './placement.js';

let menu,
  opener = null,
  anchor = null;

const items = () => [...menu.querySelectorAll('[role^=menuitem]')];

/** Whether `event` (a keydown) asks for the focused element's menu: the ContextMenu key, Shift+F10. */
export const isMenuKey = (event) =>
  event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey && !event.ctrlKey && !event.altKey);

/** Closes the menu; the focus goes back to what had it (unless `keepFocus`). */
function closeMenu({ keepFocus = false } = {}) {
  if (menu.hidden) return;
  menu.hidden = true;
  menu.textContent = '';
  const back = opener;
  opener = null;
  anchor = null;
  if (!keepFocus) back?.focus({ preventScroll: true });
}

/** Opens the menu named `label` next to `anchor` (an element) with `entries`:
 *  `{label, choose()}`, `{label, choose(), checked}` for a radio item, or
 *  `{group: label, entries}` for a named group. An item whose label is short
 *  (a toned emoji) says more in `name`, its accessible name and tooltip, which
 *  begins with the label. The first item takes the focus. */
export function openMenu(by, label, entries) {
  if (!menu.hidden && anchor === by) return; // asked twice (a key, then the contextmenu it makes)
  closeMenu({ keepFocus: true });
  opener = document.activeElement;
  anchor = by;
  menu.setAttribute('aria-label', label);
  for (const entry of entries) menu.appendChild(entry.group ? group(entry) : item(entry));
  menu.hidden = false;
  place();
  items()[0]?.focus();
}

// By its sticker; closed if the sticker is gone (its page was rebuilt).
function place() {
  if (anchor.isConnected) placeNear(menu, anchor.getBoundingClientRect(), 4);
  else closeMenu({ keepFocus: true });
}

function item({ label, name, choose, checked }) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'menuitem';
  b.tabIndex = -1;
  b.setAttribute('role', checked === undefined ? 'menuitem' : 'menuitemradio');
  if (checked !== undefined) b.setAttribute('aria-checked', String(checked));
  b.textContent = label;
  if (name) {
    b.setAttribute('aria-label', name);
    b.title = name;
  }
  b.addEventListener('click', () => {
    closeMenu();
    choose();
  });
  return b;
}

function group({ group: label, entries }) {
  const g = document.createElement('div');
  g.setAttribute('role', 'group');
  g.setAttribute('aria-label', label);
  g.className = 'menugroup';
  g.append(...entries.map(item));
  return g;
}

export function initMenu() {
  menu = document.createElement('div');
  menu.id = 'menu';
  menu.className = 'menu';
  menu.setAttribute('role', 'menu');
  menu.hidden = true;
  document.getElementById('app').append(menu);
  menu.addEventListener('keydown', (event) => {
    const all = items(),
      i = all.indexOf(document.activeElement);
    const to = { ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowLeft: i - 1, Home: 0, End: all.length - 1 }[
      event.key
    ];
    if (to !== undefined) all[(to + all.length) % all.length].focus();
    else if (event.key === 'Escape') closeMenu();
    else if (event.key === 'Tab') closeMenu({ keepFocus: true });
    else return;
    event.preventDefault();
    event.stopPropagation(); // Escape here closes the menu, not the panel
  });
  // A press outside closes it; a press on an item must not move the caret.
  document.addEventListener(
    'pointerdown',
    (event) => {
      if (!menu.hidden && !menu.contains(event.target)) closeMenu({ keepFocus: true });
    },
    true,
  );
  menu.addEventListener('pointerdown', (event) => event.preventDefault());
  // No browser menu over this one (a Menu key's contextmenu arrives once the focus is on an item).
  menu.addEventListener('contextmenu', (event) => event.preventDefault());
  window.addEventListener('blur', () => closeMenu({ keepFocus: true }));
  // The window's or the visual viewport's size changed (the keyboard came or went, the phone turned): placed again.
  const again = () => {
    if (!menu.hidden) place();
  };
  window.addEventListener('resize', again);
  window.visualViewport?.addEventListener('resize', again);
  window.visualViewport?.addEventListener('scroll', again);
}

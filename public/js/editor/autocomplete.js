// autocomplete.js owns the editor's inline sticker suggestions: `[` (or `【`) and one or
// more characters before the caret (`好[xk`) open a list of what they find, at
// the caret, searched locally (the server's ranking, no network). The WAI-ARIA
// combobox pattern on the editor: aria-controls names the listbox while it
// shows, aria-activedescendant its active option. ↑ ↓ move; Enter or Tab
// replace `[query` with the sticker (one edit through the model), while
// Shift+Enter breaks the line as it always does; Escape
// closes and keeps the text; a tap inserts. While an IME composes, the query
// is read from the field as shown, the composition's text in it (keyboards
// that compose every word, as Android's, commit it only at its end), and the
// keys are the IME's; blur, the caret leaving the query and the panel opening
// close it.

import { nameOf, language, t, onLanguage } from '../shared/strings.js';
import { TextBackedString } from '../model/text-backed-string.js';
import { searchStickers, MAX_QUERY_LENGTH } from '../model/search.js';
import { stylesheet } from '../shared/stylesheet.js';
import { showMayMove } from '../shared/sticker-files.js';

await stylesheet('autocomplete.css'); // the list's look, before it can show

const LIMIT = 8;
let editor, list, deps, note;
let open = null; // while the list shows: { start, query, range, items, active }

/** `[query` right before the caret: the query and its range with the `[` (display
 *  units), or null. A Chinese IME's `【` opens it too (choosing writes the ASCII
 *  code: only `[tag]` is a code, scanning.json). No bracket or line break inside;
 *  1 to 64 characters, not starting with a space; the selection collapsed. */
function queryAtCaret() {
  const composing = deps.composing();
  const { text, selection } = composing ? deps.shown() : deps.liveState();
  if (selection.length) return null;
  // The model's string, read once a state (editor-state.js); a composition's text is the field's, read here.
  const read = composing ? new TextBackedString(text, deps.catalog()) : deps.modelString();
  const at = read.positionOfDisplayOffset(selection.location, 'utf16') ?? 0;
  const match = /[[【]([^[\]【】\r\n\u2028\u2029]+)$/.exec(text.slice(Math.max(0, at - 2 * MAX_QUERY_LENGTH - 1), at));
  if (!match || /^\s/.test(match[1]) || [...match[1]].length > MAX_QUERY_LENGTH) return null;
  const n = match[1].length + 1;
  return { query: match[1], range: { location: selection.location - n, length: n } };
}

function option(item, i) {
  const element = document.createElement('div');
  element.id = `suggestion-${i}`;
  element.className = 'option';
  element.setAttribute('role', 'option');
  const art = document.createElement(item.image ? 'img' : 'span');
  if (item.image) {
    showMayMove(art, item.image);
    Object.assign(art, { alt: '', draggable: false });
  } else {
    art.textContent = item.emoji;
    art.setAttribute('aria-hidden', 'true');
  }
  // The name in the page's language, the other beside it, smaller: either finds it.
  const name = document.createElement('span'),
    other = document.createElement('small');
  name.textContent = nameOf(item.name);
  other.textContent = language() === 'zh' ? item.name.en : item.name.zh;
  element.append(art, name, other);
  return element;
}

function activate(i) {
  open.active = i;
  [...list.children].forEach((element, at) => {
    element.setAttribute('aria-selected', String(at === i));
  });
  editor.setAttribute('aria-activedescendant', list.children[i].id);
  list.children[i].scrollIntoView({ block: 'nearest' });
}

// Above the caret (the editor sits at the bottom) and the note over the field, which it never covers; kept
// inside the window.
function place() {
  const s = getSelection();
  const caret = s.rangeCount && editor.contains(s.anchorNode) ? s.getRangeAt(0).getClientRects()[0] : null;
  const box = caret ?? editor.getBoundingClientRect();
  const top = note.hidden ? box.top : Math.min(box.top, note.getBoundingClientRect().top);
  list.style.maxHeight = `${Math.max(80, top - 8)}px`;
  list.style.bottom = `${innerHeight - top + 4}px`;
  list.style.left = `${Math.max(4, Math.min(box.left - 16, innerWidth - list.offsetWidth - 4))}px`;
}

export function close() {
  if (!open) return;
  open = null;
  list.hidden = true;
  list.replaceChildren();
  editor.removeAttribute('aria-controls');
  editor.removeAttribute('aria-activedescendant');
}

/** Looks at what is before the caret: opens (only after typing), follows the query, or closes. */
function update(typed) {
  const found = document.activeElement === editor ? queryAtCaret() : null;
  const start = found?.range.location;
  if (!found || (!typed && start !== open?.start)) return close();
  if (open && open.start === start && open.query === found.query) {
    open.range = found.range;
    return place();
  }
  const items = searchStickers(deps.catalog(), found.query, LIMIT).map((result) => result.sticker);
  if (!items.length) return close();
  open = { start, query: found.query, range: found.range, items, active: 0 };
  list.replaceChildren(...items.map(option));
  list.hidden = false;
  editor.setAttribute('aria-controls', list.id);
  activate(0);
  place();
}

function choose(i) {
  const { items, range } = open;
  close();
  deps.insert(items[i], range);
}

/** Called after each edit the user typed (editor.js's onTyped). */
export const typed = () => update(true);

// deps: editor.js's { liveState(), modelString() (its text as read), shown() (the field's text and selection,
// a composition's in them), composing() }, { catalog() } (the model's), insert(item, range) (replaces range
// with it; a composition is committed first).
export function initAutocomplete(element, dependencies) {
  editor = element;
  deps = dependencies;
  list = document.createElement('div');
  list.id = 'suggestions';
  list.className = 'suggestions';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', t('stickers'));
  onLanguage(() => list.setAttribute('aria-label', t('stickers')));
  list.hidden = true;
  document.getElementById('app').append(list);
  // Each change of a composition is typing too: the model sees the text only at its commit (editor.js's typed()).
  editor.addEventListener('input', () => {
    if (deps.composing()) update(true);
  });
  editor.addEventListener('blur', close);
  document.addEventListener('selectionchange', () => {
    if (open) update(false);
  });
  (window.visualViewport ?? window).addEventListener('resize', () => {
    if (open) place();
  }); // an on-screen keyboard, a rotation
  note = document.getElementById('note');
  new MutationObserver(() => {
    if (open) place();
  }).observe(note, { attributes: true, attributeFilter: ['hidden'] }); // a note came or went
  editor.addEventListener('keydown', (event) => {
    if (!open || event.isComposing || event.keyCode === 229 || event.altKey || event.ctrlKey || event.metaKey) return;
    const n = open.items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp')
      activate((open.active + (event.key === 'ArrowDown' ? 1 : n - 1)) % n);
    else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab')
      choose(open.active); // Shift+Enter breaks the line
    else if (event.key === 'Escape') close();
    else return;
    event.preventDefault();
    event.stopPropagation(); // Escape closes the list, not the panel
  });
  // A press on the list keeps the editor's focus and caret; a click or a tap inserts.
  for (const type of ['pointerdown', 'mousedown']) list.addEventListener(type, (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const element = event.target.closest('[role=option]');
    if (element && open) choose([...list.children].indexOf(element));
  });
}

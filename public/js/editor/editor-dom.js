// editor-dom.js owns the editor element as a view: DOM <-> plain text (an
// <img> reads as its [tag] alt, a <br> as a line break but the one that ends
// the field, every engine's placeholder), display offsets (an <img> or <br>
// is one unit, else UTF-16), the selection as such a range, and showing a
// string with its caret. No text rules: the model decides what is a sticker.

import { nodesOf } from '../shared/sticker-nodes.js';

let editor;
let lastSel = { location: 0, length: 0 }; // the editor's selection while the DOM has none in it

export function initEditorDom(element) {
  editor = element;
  document.addEventListener('selectionchange', () => {
    if (hasSelectionInside()) lastSel = readSelection();
  });
  // Focus from the keyboard (Tab) puts the browser's caret at the field's start; the model's is where the
  // user left it (a draft restored: its end). A pointer places its own caret, which is kept.
  let pointerFocus = false;
  editor.addEventListener('pointerdown', () => {
    pointerFocus = true;
  });
  editor.addEventListener('focus', () => {
    if (!pointerFocus) writeSelection(lastSel);
    pointerFocus = false;
  });
}

/** Scrolls the field (it scrolls past its height) so that the caret, or the selection's end, shows. */
function scrollToCaret(range) {
  if (editor.scrollHeight <= editor.clientHeight) return;
  const end = range.cloneRange();
  end.collapse(false);
  let box = end.getBoundingClientRect();
  if (!box.height) {
    // A caret between two elements (stickers, line breaks) has no box of its own: the node beside it has.
    const node =
      end.startContainer.childNodes?.[end.startOffset - 1] ?? end.startContainer.childNodes?.[end.startOffset];
    box = node?.getBoundingClientRect?.() ?? editor.getBoundingClientRect();
  }
  const field = editor.getBoundingClientRect();
  if (box.bottom > field.bottom) editor.scrollTop += box.bottom - field.bottom;
  else if (box.top < field.top) editor.scrollTop -= field.top - box.top;
}

/** The <br> that ends the field: no line break, a placeholder (ours, data-end, or an engine's). */
function placeholderOf(root) {
  let n = root.lastChild;
  while (n) {
    if (n.nodeType === 3 && n.data === '') n = n.previousSibling;
    else if (n.nodeName === 'BR') return n;
    else if (n.nodeType === 1 && n.nodeName !== 'IMG' && n.lastChild) n = n.lastChild;
    else return null;
  }
  return null;
}

// A node's length in display units, or with `plain`, in the plain text; `placeholder`: the field's.
const unitLength = (n, placeholder, plain = false) =>
  n.nodeType === 3
    ? n.data.length
    : n.nodeName === 'IMG'
      ? plain
        ? n.alt.length
        : 1
      : n.nodeName === 'BR' && n !== placeholder
        ? 1
        : 0;

// The plain text of the editor's content, as it shows.
export function plainOf() {
  const placeholder = placeholderOf(editor);
  const walk = (root) => {
    let s = '';
    for (const n of root.childNodes) {
      if (n.nodeType === 3) s += n.data;
      else if (n.nodeName === 'IMG') s += n.alt;
      else if (n.nodeName === 'BR') s += n === placeholder ? '' : '\n';
      else s += walk(n);
    }
    return s;
  };
  return walk(editor);
}

// The display offset of a DOM point in the editor; with `plain`, in the plain text.
export function offsetOf(node, offset, plain = false) {
  const placeholder = placeholderOf(editor);
  let total = 0;
  const walk = (parent) => {
    for (let i = 0; i < parent.childNodes.length; i++) {
      const n = parent.childNodes[i];
      if (parent === node && i === offset) return true;
      if (n === node) {
        total += offset;
        return true;
      }
      if (n.nodeType === 1 && n.childNodes.length && n.nodeName !== 'IMG') {
        if (walk(n)) return true;
      } else total += unitLength(n, placeholder, plain);
    }
    return parent === node;
  };
  walk(editor);
  return total;
}

// The DOM boundary point [node, offset] for a display offset.
function pointAt(offset) {
  const placeholder = placeholderOf(editor);
  let left = offset;
  for (let i = 0; i < editor.childNodes.length; i++) {
    const n = editor.childNodes[i],
      len = unitLength(n, placeholder);
    if (n.nodeType === 3 && left <= len) return [n, left];
    if (n.nodeType !== 3 && left < len) return [editor, i];
    if (n.nodeType !== 3 && left === 0) return [editor, i];
    left -= len;
  }
  return [editor, editor.childNodes.length - (placeholder && editor.lastChild === placeholder ? 1 : 0)];
}

// True when the document's selection is in the editor.
export function hasSelectionInside() {
  const s = getSelection();
  return s.rangeCount > 0 && editor.contains(s.anchorNode);
}

// The editor's selection as { location, length }; the last known one when it is elsewhere.
export function readSelection() {
  if (!hasSelectionInside()) return lastSel;
  const r = getSelection().getRangeAt(0),
    a = offsetOf(r.startContainer, r.startOffset),
    b = offsetOf(r.endContainer, r.endOffset);
  return { location: a, length: b - a };
}

// The DOM selection's focus in the plain text (the caret after the browser's change), or null.
export function plainCaret() {
  const s = getSelection();
  return hasSelectionInside() && editor.contains(s.focusNode) ? offsetOf(s.focusNode, s.focusOffset, true) : null;
}

export function writeSelection(sel) {
  const r = document.createRange();
  r.setStart(...pointAt(sel.location));
  r.setEnd(...pointAt(sel.location + sel.length));
  const s = getSelection();
  s.removeAllRanges();
  s.addRange(r);
  lastSel = sel;
  scrollToCaret(r);
}

// The caret before `img` (an <img> in the editor) when `x` is on its left half, else after it.
export function caretBeside(img, x) {
  const box = img.getBoundingClientRect(),
    at = [...img.parentNode.childNodes].indexOf(img);
  writeSelection({ location: offsetOf(img.parentNode, x < box.left + box.width / 2 ? at : at + 1), length: 0 });
}

// Shows `string` (a TextBackedString) with `sel`; placeCaret: in the DOM now, else remembered.
export function showString(string, sel, { placeCaret = false } = {}) {
  const fragment = nodesOf(string);
  if (string.text.endsWith('\n')) {
    // An end marker lets the last, empty line show; it counts nothing.
    const marker = document.createElement('br');
    marker.dataset.end = '1';
    fragment.appendChild(marker);
  }
  // Nodes that already show it stay (an IME that just committed keeps its text nodes).
  if (!sameNodes(editor.childNodes, fragment.childNodes)) editor.replaceChildren(fragment);
  if (placeCaret) writeSelection(sel);
  else {
    lastSel = sel;
    // A selection left in the field (its nodes replaced: at its start) would be read back as the caret.
    if (hasSelectionInside()) getSelection().removeAllRanges();
  }
}

function sameNodes(shown, wanted) {
  if (shown.length !== wanted.length) return false;
  for (let i = 0; i < shown.length; i++) if (!shown[i].isEqualNode(wanted[i])) return false;
  return true;
}

export const hasFocus = () => document.activeElement === editor;

// Leaves the field and comes back, caret kept: leaving ends an IME composition (it commits).
export function refocus() {
  editor.blur();
  focusKeepingCaret();
}

// Focuses the editor with its caret where it was (the panel's buttons never take it away).
export function focusKeepingCaret() {
  editor.focus();
  writeSelection(lastSel);
}

// The sticker panel replaces the system keyboard while it is open.
export function useSystemKeyboard(on) {
  editor.inputMode = on ? '' : 'none';
}

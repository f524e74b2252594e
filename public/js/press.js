// press.js owns what pressing a grid cell does: a tap (or Enter/Space) inserts
// its sticker; a long press shows a magnified preview that follows the pointer
// and inserts what it is released over (anywhere else cancels); the delete key
// deletes one unit and, held, repeats after 0.5 s, faster and faster, until
// released, cancelled or left.

import { movingOrStill } from './sticker-nodes.js';

let preview;
let press = null, suppressClick = false, repeat = null;
let deps = { edit: () => {}, insert: () => {}, onRepeating: () => {} };

const cellAt = (x, y) => { const el = document.elementFromPoint(x, y); return el && el.closest('.cell'); };

function showPreview(cell) {
  if (!cell || !cell.item) { preview.hidden = true; return; }
  const r = cell.getBoundingClientRect(), item = cell.item;
  let big;
  if (item.image) {
    big = document.createElement('img');
    const files = movingOrStill(item.image);  // the preview is where a sticker moves: the grid shows posters
    big.src = files.src;
    big.srcset = files.srcset;
    big.alt = '';
  } else {
    big = document.createElement('b');
    big.className = 'emoji';
    big.textContent = item.emoji;
  }
  preview.firstElementChild.replaceWith(big);
  preview.lastElementChild.textContent = `${item.name.zh} · ${item.name.en}`;
  preview.style.left = `${r.left + r.width / 2}px`;
  preview.style.top = `${r.top - 4}px`;
  preview.hidden = false;
}

function startDelete() {
  stopDelete();
  deps.edit('deleteBackward');
  let delay = 150;
  const tick = () => { deps.edit('deleteBackward'); delay = Math.max(40, delay * 0.85); repeat = setTimeout(tick, delay); };
  repeat = setTimeout(tick, 500);
  deps.onRepeating(true);
}

function stopDelete() {
  if (repeat) clearTimeout(repeat);
  repeat = null;
  deps.onRepeating(false);
}

// edit(op): editor.js's edit; insert(item): inserts a catalog item; onRepeating(bool): the delete key's repeat started or stopped.
export function initPress({ edit, insert, onRepeating }) {
  deps = { edit, insert, onRepeating };
  const pages = document.getElementById('pages');
  preview = document.getElementById('preview');

  pages.addEventListener('pointerdown', (e) => {
    const cell = e.target.closest('.cell');
    if (!cell) return;
    if (cell.classList.contains('delete')) { startDelete(); return; }
    if (!cell.item) return;
    press = { cell, previewing: false, timer: setTimeout(() => { press.previewing = true; showPreview(cell); }, 350) };
  });
  document.addEventListener('pointermove', (e) => { if (press && press.previewing) showPreview(cellAt(e.clientX, e.clientY)); });
  document.addEventListener('pointerup', (e) => {
    stopDelete();
    if (!press) return;
    clearTimeout(press.timer);
    if (press.previewing) {
      const cell = cellAt(e.clientX, e.clientY);
      if (cell && cell.item) insert(cell.item);
      suppressClick = true;
      setTimeout(() => { suppressClick = false; }, 0);
    }
    preview.hidden = true;
    press = null;
  });
  document.addEventListener('pointercancel', () => { stopDelete(); if (press) clearTimeout(press.timer); press = null; preview.hidden = true; });
  pages.addEventListener('click', (e) => {
    const cell = e.target.closest('.cell');
    if (!cell || suppressClick) return;
    if (cell.item) insert(cell.item);
    else if (cell.classList.contains('delete') && e.detail === 0) edit('deleteBackward');  // keyboard Enter/Space
  });
  pages.addEventListener('pointerout', (e) => { if (e.target.closest('.delete')) stopDelete(); });  // leaving the key stops it
  window.addEventListener('blur', stopDelete);
}

// panel.js owns the sticker panel: opening and closing it in place of the
// system keyboard (focus and caret stay in the editor), its tabs (Recent, each
// pack, Emoji) and the paged grid of 3 rows with the delete key in the last
// cell, the page dots, and arrow-key movement in tabs and grid. What a cell
// does when pressed is press.js's.

import { recents } from './recents.js';
import { focusKeepingCaret, useSystemKeyboard } from './editor-dom.js';

let panel, pages, tabs, dots, toggle;
let packs = [], tab = 0;

export const isOpen = () => panel.classList.contains('open');

function setPanel(open) {
  panel.hidden = false;
  requestAnimationFrame(() => panel.classList.toggle('open', open));
  toggle.setAttribute('aria-pressed', String(open));
  useSystemKeyboard(!open);
  if (open) selectTab(tab);
  focusKeepingCaret();
}

const columns = () => (matchMedia('(min-width: 600px)').matches ? 9 : 7);

function cellFor(item) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'cell';
  b.setAttribute('aria-label', `${item.name.zh} ${item.name.en}`);
  if (item.image) {
    const img = document.createElement('img');
    img.src = item.image.src;
    img.srcset = item.image.srcset;
    img.alt = '';
    img.loading = 'lazy';
    img.draggable = false;
    b.appendChild(img);
  } else b.textContent = item.emoji;
  b.item = item;  // press.js inserts cell.item
  return b;
}

function deleteCell() {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'cell delete';
  b.setAttribute('aria-label', 'Delete');
  b.textContent = '⌫';
  return b;
}

function emptyCell() {
  const s = document.createElement('span');
  s.className = 'cell';
  return s;
}

// Shows tab `index` (0 is Recent, read afresh from localStorage) on its first page.
function selectTab(index) {
  tab = index;
  [...tabs.children].forEach((t, i) => { t.setAttribute('aria-selected', String(i === index)); t.tabIndex = i === index ? 0 : -1; });
  const items = index === 0 ? recents() : packs[index - 1].stickers;
  const per = columns() * 3 - 1;
  pages.textContent = '';
  const count = Math.max(1, Math.ceil(items.length / per));
  for (let p = 0; p < count; p++) {
    const page = document.createElement('div');
    page.className = 'page';
    page.style.setProperty('--cols', columns());
    page.setAttribute('role', 'grid');
    const slice = items.slice(p * per, (p + 1) * per);
    slice.forEach((item) => page.appendChild(cellFor(item)));
    if (!items.length) {
      const h = document.createElement('p');
      h.className = 'hint';
      h.textContent = '最近使用的表情会出现在这里 · Recently used stickers appear here';
      page.appendChild(h);
    }
    for (let k = slice.length + (items.length ? 0 : columns() * 2); k < per; k++) page.appendChild(emptyCell());
    page.appendChild(deleteCell());
    pages.appendChild(page);
  }
  pages.scrollLeft = 0;  // a new tab starts on its first page
  dots.replaceChildren(...Array.from({ length: count }, () => document.createElement('i')));
  markDot();
}

function markDot() {
  const i = Math.round(pages.scrollLeft / Math.max(1, pages.clientWidth));
  [...dots.children].forEach((d, k) => d.classList.toggle('on', k === i));
}

function addTab(label, content) {
  const t = document.createElement('button');
  t.type = 'button';
  t.setAttribute('role', 'tab');
  t.setAttribute('aria-label', label);
  if (content.src) {
    const img = document.createElement('img');
    img.src = content.src;
    img.alt = '';
    t.appendChild(img);
  } else t.textContent = content;
  tabs.appendChild(t);
}

// Builds the tabs for the catalog's packs and shows Recent, or the first pack while Recent is empty.
export function showPacks(catalogPacks) {
  packs = catalogPacks;
  addTab('最近 Recent', '🕘');
  for (const p of packs) {
    const cover = p.stickers.find((s) => s.tag === p.cover || s.emoji === p.cover) || p.stickers[0];
    addTab(`${p.title.zh} ${p.title.en}`, cover.image ? cover.image : cover.emoji);
  }
  selectTab(recents().length ? 0 : 1);
}

export function initPanel() {
  const $ = (id) => document.getElementById(id);
  panel = $('panel'); pages = $('pages'); tabs = $('tabs'); dots = $('dots'); toggle = $('toggle');

  panel.addEventListener('transitionend', () => { if (!isOpen()) panel.hidden = true; });  // closed: out of the a11y tree
  toggle.addEventListener('click', () => setPanel(!isOpen()));
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && isOpen()) setPanel(false); });
  panel.addEventListener('pointerdown', (e) => { if (!e.target.closest('[role=tab]')) e.preventDefault(); });  // keep the caret in the editor
  pages.addEventListener('scroll', markDot);

  tabs.addEventListener('click', (e) => { const t = e.target.closest('[role=tab]'); if (t) selectTab([...tabs.children].indexOf(t)); });
  tabs.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    const i = (tab + d + tabs.children.length) % tabs.children.length;
    selectTab(i);
    tabs.children[i].focus();
  });
  pages.addEventListener('keydown', (e) => {
    const cells = [...e.target.closest('.page').querySelectorAll('button.cell')], i = cells.indexOf(e.target), cols = columns();
    const d = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols }[e.key];
    if (d && cells[i + d]) { e.preventDefault(); cells[i + d].focus(); }
  });
}

// panel.js owns the sticker panel: opening and closing it in place of the
// system keyboard (focus and caret stay in the editor), its tabs (Recent, each
// pack, Emoji) and the paged grid of 3 rows with the delete key in the last
// cell (each page an ARIA grid of rows and cells, one Tab stop per page), the
// page dots, and arrow-key movement in tabs and grid. The same paged grid
// shows the search's results (showResults; the field is sticker-search.js's).
// What a cell does when pressed is press.js's.

import { recents } from './recents.js';
import { focusKeepingCaret, useSystemKeyboard } from './editor-dom.js';

let panel, pages, tabs, dots, toggle;
let packs = [], tab = 0;
let hooks = { onToggle: () => {}, onTab: () => {} };

export const isOpen = () => panel.classList.contains('open');

function setPanel(open) {
  panel.hidden = false;
  requestAnimationFrame(() => panel.classList.toggle('open', open));
  toggle.setAttribute('aria-pressed', String(open));
  useSystemKeyboard(!open);
  hooks.onToggle(open);
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
    const still = item.image.poster ?? item.image;  // a grid of moving cells is noise: the long-press preview animates
    img.src = still.src;
    img.srcset = still.srcset;
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

// A page is an ARIA grid (arrow keys move in two dimensions, so rows and
// columns are announced): rows of gridcells, each holding its button or, in
// the free slots before the delete key, nothing, so every column keeps its place.
function gridCell(content) {
  const c = document.createElement('div');
  c.className = 'slot';
  c.setAttribute('role', 'gridcell');
  if (content) c.appendChild(content);
  return c;
}

function gridRow(cells) {
  const r = document.createElement('div');
  r.className = 'row';
  r.setAttribute('role', 'row');
  r.append(...cells);
  return r;
}

// A hint where there is nothing to show (an empty Recent, a search finding nothing): one cell across the first two rows.
function hintRow(cols, text) {
  const h = document.createElement('p');
  h.className = 'hint';
  h.textContent = text;
  const c = gridCell(h);
  c.setAttribute('aria-colspan', String(cols));
  const r = gridRow([c]);
  r.classList.add('double');
  return r;
}

// Shows tab `index` (0 is Recent, read afresh from localStorage) on its first page.
function selectTab(index) {
  tab = index;
  hooks.onTab();
  [...tabs.children].forEach((t, i) => { t.setAttribute('aria-selected', String(i === index)); t.tabIndex = i === index ? 0 : -1; });
  pages.removeAttribute('aria-label');
  pages.setAttribute('aria-labelledby', tabs.children[index].id);
  showGrid(index === 0 ? recents() : packs[index - 1].stickers, tabs.children[index].getAttribute('aria-label'),
    '最近使用的表情会出现在这里 · Recently used stickers appear here');
}

/** Shows the current tab again (the search field was cleared). */
export const showTab = () => selectTab(tab);

/** Shows a search's results in place of the tab's pages. */
export function showResults(items) {
  const label = '搜索结果 Search results';
  pages.removeAttribute('aria-labelledby');
  pages.setAttribute('aria-label', label);
  showGrid(items, label, '没有找到表情 · No stickers found');
}

// `items` as pages of 3 rows, each an ARIA grid named `label`, showing the first; `hint` when there are none.
function showGrid(items, label, hint) {
  const cols = columns(), per = cols * 3 - 1;
  pages.textContent = '';
  const count = Math.max(1, Math.ceil(items.length / per));
  for (let p = 0; p < count; p++) {
    const page = document.createElement('div');
    page.className = 'page';
    page.style.setProperty('--cols', cols);
    page.setAttribute('role', 'grid');
    page.setAttribute('aria-label', `${label} ${p + 1}/${count}`);
    const slots = items.slice(p * per, (p + 1) * per).map((item) => gridCell(cellFor(item)));
    while (slots.length < per - (items.length ? 0 : cols * 2)) slots.push(gridCell());
    slots.push(gridCell(deleteCell()));
    if (!items.length) page.appendChild(hintRow(cols, hint));
    for (let r = 0; r < slots.length; r += cols) page.appendChild(gridRow(slots.slice(r, r + cols)));
    // One Tab stop per page (a grid is entered once, then arrow keys move): its first key.
    page.querySelectorAll('button.cell').forEach((b, k) => { b.tabIndex = k ? -1 : 0; });
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
  t.id = `tab-${tabs.children.length}`;
  t.setAttribute('aria-controls', 'pages');
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

// onToggle(open): the panel opens or closes; onTab(): a tab is shown (the search's results go).
export function initPanel({ onToggle = () => {}, onTab = () => {} } = {}) {
  hooks = { onToggle, onTab };
  const $ = (id) => document.getElementById(id);
  panel = $('panel'); pages = $('pages'); tabs = $('tabs'); dots = $('dots'); toggle = $('toggle');

  panel.addEventListener('transitionend', () => { if (!isOpen()) panel.hidden = true; });  // closed: out of the a11y tree
  toggle.addEventListener('click', () => setPanel(!isOpen()));
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && isOpen()) setPanel(false); });
  panel.addEventListener('pointerdown', (e) => { if (!e.target.closest('[role=tab], input')) e.preventDefault(); });  // keep the caret in the editor
  pages.addEventListener('scroll', markDot);

  tabs.addEventListener('click', (e) => { const t = e.target.closest('[role=tab]'); if (t) selectTab([...tabs.children].indexOf(t)); });
  tabs.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    const i = (tab + d + tabs.children.length) % tabs.children.length;
    selectTab(i);
    tabs.children[i].focus();
  });
  // Left and right go through the page's keys in reading order; up and down
  // keep the column (a free slot there means no move).
  pages.addEventListener('keydown', (e) => {
    const cell = e.target.closest('button.cell');
    if (!cell || !['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp'].includes(e.key)) return;
    const page = cell.closest('.page');
    let next;
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const cells = [...page.querySelectorAll('button.cell')];
      next = cells[cells.indexOf(cell) + (e.key === 'ArrowRight' ? 1 : -1)];
    } else {
      const rows = [...page.children], row = cell.closest('[role=row]');
      const column = [...row.children].indexOf(cell.parentElement);
      const target = rows[rows.indexOf(row) + (e.key === 'ArrowDown' ? 1 : -1)];
      next = target && target.children[column] && target.children[column].querySelector('button.cell');
    }
    if (next) { e.preventDefault(); next.focus(); }
  });
  // The key last moved to is the page's Tab stop, so Tab back into the grid returns there.
  pages.addEventListener('focusin', (e) => {
    const cell = e.target.closest('button.cell');
    if (!cell) return;
    cell.closest('.page').querySelectorAll('button.cell').forEach((b) => { b.tabIndex = b === cell ? 0 : -1; });
  });
}

// grid-pages.js owns a list of catalog items shown as the panel's pages: each
// page an ARIA grid of 3 rows with the delete key in the last cell (the free
// slots before it are empty cells, so every column keeps its place; a hint
// across the first two rows when there is nothing), its keys named in the
// page's language and renamed in place on a switch, an emoji key showing the
// tone chosen last, one Tab stop per page (the key the arrows last moved to),
// and the arrow keys: left and right through the keys in reading order, up and
// down in the column. Which pages show, and where, is panel.js's.

import { toned } from './skin-tones.js';
import { t, nameOf } from './strings.js';
import { stillOf } from './sticker-files.js';

function cellFor(item) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'cell';
  if (item.image) {
    const img = document.createElement('img');
    const still = stillOf(item.image);  // a grid of moving cells is noise: the long-press preview animates
    img.dataset.src = still.src;  // set when its page comes near (panel.js)
    img.dataset.srcset = still.srcset;
    img.alt = '';
    img.draggable = false;
    b.appendChild(img);
  } else b.textContent = toned(item.emoji);
  b.item = item;  // press.js inserts cell.item
  return b;
}

function deleteCell() {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'cell delete';
  b.textContent = '⌫';
  return b;
}

// A page is an ARIA grid (arrow keys move in two dimensions, so rows and
// columns are announced): rows of gridcells, each holding its button or nothing.
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

// The hint where there is nothing to show (an empty Recent, a search finding nothing): one cell across the first two rows.
function hintRow(columns) {
  const h = document.createElement('p');
  h.className = 'hint';
  const c = gridCell(h);
  c.setAttribute('aria-colspan', String(columns));
  const r = gridRow([c]);
  r.classList.add('double');
  return r;
}

/** `items` as pages of 3 rows of `columns`, each an ARIA grid named `label` (`label 2/3`); `hint` when there are none. */
export function gridPages(items, { label, hint, columns }) {
  const per = columns * 3 - 1;
  const count = Math.max(1, Math.ceil(items.length / per));
  const list = Array.from({ length: count }, (_, p) => {
    const page = document.createElement('div');
    page.className = 'page';
    page.style.setProperty('--cols', columns);
    page.setAttribute('role', 'grid');
    const slots = items.slice(p * per, (p + 1) * per).map((item) => gridCell(cellFor(item)));
    while (slots.length < per - (items.length ? 0 : columns * 2)) slots.push(gridCell());
    slots.push(gridCell(deleteCell()));
    if (!items.length) page.appendChild(hintRow(columns));
    for (let r = 0; r < slots.length; r += columns) page.appendChild(gridRow(slots.slice(r, r + columns)));
    // One Tab stop per page (a grid is entered once, then arrow keys move): its first key.
    page.querySelectorAll('button.cell').forEach((b, k) => { b.tabIndex = k ? -1 : 0; });
    return page;
  });
  relabel(list, { label, hint });
  return list;
}

/** Names `pages` (one list's, as gridPages built them) and their keys and hint in the page's language. */
export function relabel(pages, { label, hint }) {
  pages.forEach((page, p) => {
    page.setAttribute('aria-label', `${label} ${p + 1}/${pages.length}`);
    for (const b of page.querySelectorAll('button.cell')) b.setAttribute('aria-label', b.item ? nameOf(b.item.name) : t('delete'));
    const h = page.querySelector('.hint');
    if (h) h.textContent = hint;
  });
}

/** Shows each emoji key of `pages` with the tone chosen last for it (one was just chosen). */
export function retone(pages) {
  for (const page of pages) {
    for (const b of page.querySelectorAll('button.cell')) if (b.item?.emoji && b.textContent !== toned(b.item.emoji)) b.textContent = toned(b.item.emoji);
  }
}

/** Makes `key` its page's Tab stop. */
export function makeStop(key) {
  key.closest('.page').querySelectorAll('button.cell').forEach((b) => { b.tabIndex = b === key ? 0 : -1; });
}

/** The arrow keys and the Tab stops in the pages inside `container`. */
export function initGridKeys(container) {
  // Up and down keep the column (a free slot there means no move).
  container.addEventListener('keydown', (e) => {
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
  container.addEventListener('focusin', (e) => {
    const cell = e.target.closest('button.cell');
    if (cell) makeStop(cell);
  });
}

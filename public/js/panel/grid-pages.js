// grid-pages.js owns a list of catalog items shown as the panel's pages: each
// page an ARIA grid of 3 rows with the delete key in the last cell (the free
// slots before it are empty cells, so every column keeps its place; a hint
// across the first two rows when there is nothing), its keys named in the
// page's language and renamed in place on a switch, an emoji key showing the
// tone chosen last and a sticker its still poster (sticker-files.js), fetched
// when its page comes near (the strip holds every pack), one Tab
// stop per page (roving.js: the key the arrows last moved to), and the arrow
// keys: left and right through the keys in reading order, up and down in the
// column. Which pages show, and where, is panel.js's.

import { toned } from './skin-tones.js';
import { t, nameOf } from '../shared/strings.js';
import { stillOf, showFiles } from '../shared/sticker-files.js';
import { makeStop, stopFollowsFocus } from './roving.js';

/** The keys of a page, in reading order (the delete key last). */
export const keysOf = (page) => [...page.querySelectorAll('button.cell')];

function cellFor(item) {
  const key = document.createElement('button');
  key.type = 'button';
  key.className = 'cell';
  if (item.image) {
    const img = document.createElement('img');
    const { src, srcset } = stillOf(item.image);
    img.dataset.src = src; // fetched when its page comes near (fetchImagesOf)
    img.dataset.srcset = srcset;
    img.alt = '';
    img.draggable = false;
    key.appendChild(img);
  } else key.textContent = toned(item.emoji);
  key.item = item; // press.js inserts cell.item
  return key;
}

function deleteCell() {
  const key = document.createElement('button');
  key.type = 'button';
  key.className = 'cell delete';
  key.textContent = '⌫';
  return key;
}

// A page is an ARIA grid (arrow keys move in two dimensions, so rows and
// columns are announced): rows of gridcells, each holding its button or nothing.
function gridCell(content) {
  const cell = document.createElement('div');
  cell.className = 'slot';
  cell.setAttribute('role', 'gridcell');
  if (content) cell.appendChild(content);
  return cell;
}

function gridRow(cells) {
  const row = document.createElement('div');
  row.className = 'row';
  row.setAttribute('role', 'row');
  row.append(...cells);
  return row;
}

// The hint where there is nothing to show (an empty Recent, a search finding nothing): one cell across the first two rows.
function hintRow(columns) {
  const hint = document.createElement('p');
  hint.className = 'hint';
  const cell = gridCell(hint);
  cell.setAttribute('aria-colspan', String(columns));
  const row = gridRow([cell]);
  row.classList.add('double');
  return row;
}

/** `items` as pages of 3 rows of `columns`, each an ARIA grid named `label` (`label 2/3`); `hint` when there are none. */
export function gridPages(items, { label, hint, columns }) {
  const per = columns * 3 - 1;
  const count = Math.max(1, Math.ceil(items.length / per));
  const list = Array.from({ length: count }, (_, index) => {
    const page = document.createElement('div');
    page.className = 'page';
    page.style.setProperty('--cols', columns);
    page.setAttribute('role', 'grid');
    const slots = items.slice(index * per, (index + 1) * per).map((item) => gridCell(cellFor(item)));
    while (slots.length < per - (items.length ? 0 : columns * 2)) slots.push(gridCell());
    slots.push(gridCell(deleteCell()));
    if (!items.length) page.appendChild(hintRow(columns));
    for (let first = 0; first < slots.length; first += columns)
      page.appendChild(gridRow(slots.slice(first, first + columns)));
    // One Tab stop per page (a grid is entered once, then arrow keys move): its first key.
    const keys = keysOf(page);
    makeStop(keys, keys[0]);
    return page;
  });
  relabel(list, { label, hint });
  return list;
}

/** Names `pages` (one list's, as gridPages built them) and their keys and hint in the page's language. */
export function relabel(pages, { label, hint }) {
  pages.forEach((page, index) => {
    page.setAttribute('aria-label', `${label} ${index + 1}/${pages.length}`);
    for (const key of keysOf(page)) key.setAttribute('aria-label', key.item ? nameOf(key.item.name) : t('delete'));
    const hintText = page.querySelector('.hint');
    if (hintText) hintText.textContent = hint;
  });
}

/** Shows each emoji key of `pages` with the tone chosen last for it (one was just chosen). */
export function retone(pages) {
  for (const page of pages) {
    for (const key of keysOf(page))
      if (key.item?.emoji && key.textContent !== toned(key.item.emoji)) key.textContent = toned(key.item.emoji);
  }
}

/** Fetches the images of `pages`' keys: a page's are fetched only when it comes near, as the panel's strip
 *  holds every pack. */
export function fetchImagesOf(pages) {
  for (const page of pages) {
    for (const img of page.querySelectorAll('img[data-src]')) {
      showFiles(img, { src: img.dataset.src, srcset: img.dataset.srcset });
      delete img.dataset.src;
      delete img.dataset.srcset;
    }
  }
}

/** Makes `key` its page's Tab stop. */
export const makeKeyStop = (key) => makeStop(keysOf(key.closest('.page')), key);

/** The arrow keys and the Tab stops in the pages inside `container`. */
export function initGridKeys(container) {
  // Up and down keep the column (a free slot there means no move).
  container.addEventListener('keydown', (event) => {
    const cell = event.target.closest('button.cell');
    if (!cell || !['ArrowRight', 'ArrowLeft', 'ArrowDown', 'ArrowUp'].includes(event.key)) return;
    const page = cell.closest('.page');
    let next;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const keys = keysOf(page);
      next = keys[keys.indexOf(cell) + (event.key === 'ArrowRight' ? 1 : -1)];
    } else {
      const rows = [...page.children],
        row = cell.closest('[role=row]');
      const column = [...row.children].indexOf(cell.parentElement);
      const target = rows[rows.indexOf(row) + (event.key === 'ArrowDown' ? 1 : -1)];
      next = target?.children[column]?.querySelector('button.cell');
    }
    if (next) {
      event.preventDefault();
      next.focus();
    }
  });
  // The key last moved to is the page's Tab stop, so Tab back into the grid returns there.
  stopFollowsFocus(container, 'button.cell', (key) => keysOf(key.closest('.page')));
}

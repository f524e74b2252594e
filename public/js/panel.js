// panel.js owns the sticker panel: opening and closing it in place of the
// system keyboard (focus and caret stay in the editor), its tabs (Recent,
// Favorites, each pack) and their pages (grid-pages.js's), laid end to end in
// one strip, so that swiping past a pack's last page goes on to the next
// pack's first and the tab follows; only the shown tab's pages are live (the
// others inert). Also the page dots, Recent's clear button, and the arrow keys
// in the tab bar. The same paged grid shows the search's results (showResults;
// the field is sticker-search.js's).
// What a cell does when pressed is press.js's; its menu, cell-menu.js's.

import { recents, clearRecents } from './recents.js';
import { favorites } from './favorites.js';
import { keyOf } from './stored-list.js';
import { toneIn } from './skin-tones.js';
import { t, nameOf, onLanguage } from './strings.js';
import { say } from './status.js';
import { focusKeepingCaret, useSystemKeyboard } from './editor-dom.js';
import { gridPages, makeStop, initGridKeys, stillOf } from './grid-pages.js';

let panel, pages, tabs, dots, toggle, clear;
let packs = [], tab = 0;
let strip = [];  // per tab: { first, count } of its pages in the strip; empty while results show
let hooks = { onToggle: () => {}, onTab: () => {} };

export const isOpen = () => panel.classList.contains('open');

/** Opens the panel (true) or closes it. */
export function setOpen(open) {
  panel.hidden = false;
  requestAnimationFrame(() => panel.classList.toggle('open', open));
  toggle.setAttribute('aria-pressed', String(open));
  useSystemKeyboard(!open);
  hooks.onToggle(open);
  if (open) selectTab(tab);
  focusKeepingCaret();
}

const columns = () => (matchMedia('(min-width: 600px)').matches ? 9 : 7);

// The tabs: what each shows and says when it has nothing.
const RECENT = 0, FAVORITES = 1;
let current = new Map();  // key → the catalog's item: Recent and Favorites show a kept item as the packs have it now
const fresh = (items) => items.map((item) => current.get(keyOf(item)) ?? item);
const tabItems = (i) => (i === RECENT ? fresh(recents()) : i === FAVORITES ? fresh(favorites()) : packs[i - 2].stickers);
const tabLabel = (i) => (i === RECENT ? t('recent') : i === FAVORITES ? t('favorites') : nameOf(packs[i - 2].title));
const tabHint = (i) => (i === RECENT ? t('recentHint') : t('favoritesHint'));

/** Where a grid cell is: 'recent', 'favorites', 'pack', or 'results' (the search's). */
export function placeOf(cell) {
  const i = cell.closest('.page')?.dataset.tab;
  return i === undefined ? 'results' : Number(i) === RECENT ? 'recent' : Number(i) === FAVORITES ? 'favorites' : 'pack';
}

// Shows tab `index` on its first page, the strip built afresh (Recent and Favorites are read again from localStorage).
function selectTab(index) {
  if (!tabs.children.length) return;  // opened before the packs came: showPacks shows them
  hooks.onTab();
  buildStrip();
  markTab(index);
  pages.scrollLeft = strip[index].first * pages.clientWidth;
  markDot();
}

// The tab `index` shown as the selected one: its tab, the tabpanel's name, its pages live, its dots, Recent's clear button.
function markTab(index) {
  tab = index;
  [...tabs.children].forEach((x, i) => { x.setAttribute('aria-selected', String(i === index)); x.tabIndex = i === index ? 0 : -1; });
  keepInView(tabs.children[index]);
  pages.removeAttribute('aria-label');
  pages.setAttribute('aria-labelledby', tabs.children[index].id);
  for (const page of pages.children) page.inert = Number(page.dataset.tab) !== index;
  dots.replaceChildren(...Array.from({ length: strip[index].count }, () => document.createElement('i')));
  clear.hidden = index !== RECENT || !recents().length;
}

/** Shows the current tab again (the search field was cleared). */
export const showTab = () => selectTab(tab);

/** Shows a search's results in place of the tabs' pages. */
export function showResults(items) {
  const label = t('searchResults');
  strip = [];
  pages.removeAttribute('aria-labelledby');
  pages.setAttribute('aria-label', label);
  const results = gridPages(items, { label, hint: t('noneFound'), columns: columns() });
  pages.replaceChildren(...results);
  pages.scrollLeft = 0;
  clear.hidden = true;
  dots.replaceChildren(...results.map(() => document.createElement('i')));
  markDot();
}

// Scrolls the tab bar (only it) so that tab `x` shows whole.
function keepInView(x) {
  const bar = tabs.getBoundingClientRect(), r = x.getBoundingClientRect();
  if (r.left < bar.left) tabs.scrollLeft -= bar.left - r.left;
  else if (r.right > bar.right) tabs.scrollLeft += r.right - bar.right;
}

// Every tab's pages end to end.
function buildStrip() {
  const all = [];
  strip = [...tabs.children].map((_, i) => {
    const own = gridPages(tabItems(i), { label: tabLabel(i), hint: tabHint(i), columns: columns() });
    own.forEach((page) => { page.dataset.tab = i; });
    const at = { first: all.length, count: own.length };
    all.push(...own);
    return at;
  });
  pages.replaceChildren(...all);
}

// The images of the page scrolled to and of the pages either side: the strip
// holds every pack, and only what may be seen next is fetched.
function showImages(i) {
  for (const page of [...pages.children].slice(Math.max(0, i - 1), i + 2)) {
    for (const img of page.querySelectorAll('img[data-src]')) {
      img.srcset = img.dataset.srcset;
      img.src = img.dataset.src;
      delete img.dataset.src;
      delete img.dataset.srcset;
    }
  }
}

// The page scrolled to: its images, its dot, and its tab when a swipe went past a tab's first or last page.
function markDot() {
  if (!pages.clientWidth) return;  // closed: nothing is scrolled to
  const i = Math.round(pages.scrollLeft / pages.clientWidth);
  showImages(i);
  const owner = strip.findIndex(({ first, count }) => i >= first && i < first + count);
  if (owner >= 0 && owner !== tab) markTab(owner);
  const first = owner >= 0 ? strip[owner].first : 0;
  [...dots.children].forEach((d, k) => d.classList.toggle('on', k === i - first));
}

function addTab(id, content) {
  const x = document.createElement('button');
  x.type = 'button';
  x.setAttribute('role', 'tab');
  x.id = `tab-${tabs.children.length}`;
  x.dataset.tab = id;
  x.setAttribute('aria-controls', 'pages');
  if (content.src) {
    const img = document.createElement('img');
    img.src = content.src;
    img.alt = '';
    x.appendChild(img);
  } else x.textContent = content;
  tabs.appendChild(x);
}

function labelTabs() {
  [...tabs.children].forEach((x, i) => x.setAttribute('aria-label', tabLabel(i)));
}

// Builds the tabs for the catalog's packs and shows Recent, or the first pack while Recent is empty.
export function showPacks(catalogPacks) {
  packs = catalogPacks;
  // An emoji's entry shows as the pack's plain form (with the tone chosen last), not a toned one the pack also has (👍🏽).
  current = new Map();
  for (const item of packs.flatMap((p) => p.stickers)) if (!current.has(keyOf(item)) || (item.emoji && !toneIn(item.emoji))) current.set(keyOf(item), item);
  addTab('recent', '🕘');
  addTab('favorites', '☆');
  for (const p of packs) {
    const cover = p.stickers.find((s) => s.tag === p.cover || s.emoji === p.cover) || p.stickers[0];
    addTab(p.id, cover.image ? stillOf(cover.image) : cover.emoji);
  }
  labelTabs();
  selectTab(recents().length ? RECENT : FAVORITES + 1);
}

/** Shows the panel's lists again after Favorites or a tone changed, on the page it was on, the key
 *  that had the focus (a menu gives it back before its choice acts) focused again in its new place. */
export function refresh() {
  if (!strip.length) return;  // results are showing: they are rebuilt when the search changes
  const at = pages.scrollLeft, focused = document.activeElement?.closest?.('#pages button.cell');
  const was = focused?.item && { tab: focused.closest('.page').dataset.tab, key: keyOf(focused.item) };
  buildStrip();
  markTab(Math.min(tab, strip.length - 1));
  pages.scrollLeft = Math.min(at, (strip[tab].first + strip[tab].count - 1) * pages.clientWidth);
  markDot();
  if (!was) return;
  const again = [...pages.querySelectorAll(`.page[data-tab="${was.tab}"] button.cell`)].find((b) => b.item && keyOf(b.item) === was.key);
  if (again) {
    makeStop(again);
    again.focus({ preventScroll: true });
    pages.scrollLeft = again.closest('.page').offsetLeft - pages.firstElementChild.offsetLeft;
  }
}

// onToggle(open): the panel opens or closes; onTab(): a tab is shown (the search's results go).
export function initPanel({ onToggle = () => {}, onTab = () => {} } = {}) {
  hooks = { onToggle, onTab };
  const $ = (id) => document.getElementById(id);
  panel = $('panel'); pages = $('pages'); tabs = $('tabs'); dots = $('dots'); toggle = $('toggle'); clear = $('clear-recents');

  panel.addEventListener('transitionend', () => { if (!isOpen()) panel.hidden = true; });  // closed: out of the a11y tree
  toggle.addEventListener('click', () => setOpen(!isOpen()));
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && isOpen()) setOpen(false); });
  panel.addEventListener('pointerdown', (e) => { if (!e.target.closest('[role=tab], input')) e.preventDefault(); });  // keep the caret in the editor
  pages.addEventListener('scroll', markDot);

  tabs.addEventListener('click', (e) => { const x = e.target.closest('[role=tab]'); if (x) selectTab([...tabs.children].indexOf(x)); });
  clear.addEventListener('click', () => {
    clearRecents();
    selectTab(RECENT);
    say(t('recentsCleared'));
    focusKeepingCaret();
  });
  onLanguage(() => { if (!packs.length) return; labelTabs(); if (strip.length) refresh(); else showTab(); });
  tabs.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    const i = (tab + d + tabs.children.length) % tabs.children.length;
    selectTab(i);
    tabs.children[i].focus();
  });
  initGridKeys(pages);
}

// panel.js owns the sticker panel: opening and closing it in place of the
// system keyboard (focus and caret stay in the editor), its tabs (Recent,
// Favorites, each pack) and their pages (grid-pages.js's) laid end to end in
// one strip, so that swiping past a pack's last page goes on to the next
// pack's first and the tab follows; only the shown tab's pages are live (the
// others inert). Where the person is, is a place: a tab and a page of it, not
// a scroll offset, so Favorites gaining or losing a page, a language switch
// (keys renamed in place) and a resize (pages built again for a new number of
// columns) leave them on that tab and page, or the nearest one left. A tab's
// pages are built once, and again only when what they show changed (Recent's
// and Favorites' entries, read again from localStorage when a tab is chosen).
// Also the page dots, the images of the pages near the place, Recent's clear
// button, and the arrow keys in the tab bar. The same paged grid shows the
// search's results (showResults; the field is sticker-search.js's). What a
// key does when pressed is press.js's; its menu, cell-menu.js's.

import { recents, clearRecents } from './recents.js';
import { favorites } from './favorites.js';
import { keyOf } from './stored-list.js';
import { toneIn } from './skin-tones.js';
import { t, nameOf, onLanguage } from './strings.js';
import { say } from './status.js';
import { focusKeepingCaret, useSystemKeyboard } from './editor-dom.js';
import { gridPages, relabel, retone, makeStop, initGridKeys } from './grid-pages.js';
import { stillOf } from './sticker-files.js';

let panel, pages, tabs, dots, toggle, clear, waitingNote;
let packs = [];
let hooks = { onToggle: () => {}, onTab: () => {} };

// The tabs: what each shows and says when it has nothing.
const RECENT = 0, FAVORITES = 1;
const wide = matchMedia('(min-width: 600px)');
const columnsNow = () => (wide.matches ? 9 : 7);
let current = new Map();  // key → the catalog's item: Recent and Favorites show a kept item as the packs have it now
const fresh = (items) => items.map((item) => current.get(keyOf(item)) ?? item);
const tabItems = (i) => (i === RECENT ? fresh(recents()) : i === FAVORITES ? fresh(favorites()) : packs[i - 2].stickers);
const tabLabel = (i) => (i === RECENT ? t('recent') : i === FAVORITES ? t('favorites') : nameOf(packs[i - 2].title));
const tabHint = (i) => (i === RECENT ? t('recentHint') : t('favoritesHint'));
const tabNames = (i) => ({ label: tabLabel(i), hint: tabHint(i) });
const resultNames = () => ({ label: t('searchResults'), hint: t('noneFound') });

let columns = columnsNow();  // what the pages were built with
let sections = [];  // per tab: { pages (its page elements, in strip order), shows (the keys they were built from) }
let results = null;  // while the search's results show in place of the strip: { items, pages }
let place = { tab: 0, page: 0 };  // where the person is; while results show, place.page is the results' page
let placedWidth = 0;  // the strip's width when it was last scrolled to the place

export const isOpen = () => panel.classList.contains('open');

/** Opens the panel (true) or closes it. */
export function setOpen(open) {
  panel.hidden = false;
  requestAnimationFrame(() => panel.classList.toggle('open', open));
  toggle.setAttribute('aria-pressed', String(open));
  useSystemKeyboard(!open);
  hooks.onToggle(open);
  if (open) selectTab(place.tab);
  focusKeepingCaret();
}

/** Where a grid cell is: 'recent', 'favorites', 'pack', or 'results' (the search's). */
export function placeOf(cell) {
  const i = cell.closest('.page')?.dataset.tab;
  return i === undefined ? 'results' : Number(i) === RECENT ? 'recent' : Number(i) === FAVORITES ? 'favorites' : 'pack';
}

// The pages shown: the results, or every tab's end to end.
const shownPages = () => (results ? results.pages : sections.flatMap((s) => s.pages));
const firstPageOf = (tab) => sections.slice(0, tab).reduce((sum, s) => sum + s.pages.length, 0);
const pageCount = () => (results ? results.pages : sections[place.tab].pages).length;
// The place as an index into the pages shown.
const placeIndex = () => (results ? 0 : firstPageOf(place.tab)) + place.page;

// The tab and page of page `at` of the strip.
function placeAt(at) {
  let tab = 0, first = 0;
  while (tab < sections.length - 1 && at >= first + sections[tab].pages.length) first += sections[tab++].pages.length;
  return { tab, page: at - first };
}

// Builds tab i's pages when what it shows is not what they show (all of them, with `again`: the columns changed).
function build(i, again = false) {
  const items = tabItems(i), shows = i <= FAVORITES ? items.map(keyOf).join('\n') : '';
  if (!again && sections[i]?.shows === shows) return;
  const built = gridPages(items, { ...tabNames(i), columns });
  built.forEach((page) => { page.dataset.tab = i; });
  const old = sections[i]?.pages ?? [];
  if (!results && old[0]?.isConnected) {  // in the strip: in their place
    old[0].replaceWith(...built);
    old.slice(1).forEach((page) => page.remove());
  }
  sections[i] = { pages: built, shows };
}

// Every tab's pages, built where needed, shown end to end (the results, if shown, go).
function showStrip({ again = false } = {}) {
  const back = Boolean(results);
  results = null;
  [...tabs.children].forEach((_, i) => build(i, again));
  if (back || !pages.contains(sections[0].pages[0])) pages.replaceChildren(...shownPages());
  pages.removeAttribute('aria-label');
}

// Shows tab `index` on its first page (Recent and Favorites read again).
function selectTab(index) {
  if (!tabs.children.length) return;  // opened before the packs came: showPacks shows them
  hooks.onTab();
  showStrip();
  place = { tab: index, page: 0 };
  markTab();
  showPlace();
}

// The place's tab as the selected one: its tab, the tabpanel's name, its pages live, Recent's clear button.
function markTab() {
  const index = place.tab;
  [...tabs.children].forEach((x, i) => { x.setAttribute('aria-selected', String(i === index)); x.tabIndex = i === index ? 0 : -1; });
  keepInView(tabs.children[index]);
  if (results) return;
  pages.setAttribute('aria-labelledby', tabs.children[index].id);
  for (const page of pages.children) page.inert = Number(page.dataset.tab) !== index;
  clear.hidden = index !== RECENT || !recents().length;
}

// Scrolls to the place (its page kept in range: the nearest one left), and marks it.
function showPlace() {
  place.page = Math.min(place.page, pageCount() - 1);
  if (!pages.clientWidth) return;  // closed: it is shown when the panel opens
  placedWidth = pages.clientWidth;
  pages.scrollLeft = placeIndex() * pages.clientWidth;
  markPage();
}

// The place's page: its dots and the images of it and of the pages either side.
function markPage() {
  const count = pageCount();
  if (dots.children.length !== count) dots.replaceChildren(...Array.from({ length: count }, () => document.createElement('i')));
  [...dots.children].forEach((d, k) => d.classList.toggle('on', k === place.page));
  showImages(placeIndex());
}

// The strip scrolled (a swipe): the place follows, and the tab when it went past a tab's first or last page.
// A scroll after the strip's width changed is the browser keeping pixels: the place holds instead.
function onScroll() {
  if (!pages.clientWidth) return;
  if (pages.clientWidth !== placedWidth) { showPlace(); return; }
  const at = Math.round(pages.scrollLeft / pages.clientWidth);
  if (results) place.page = at;
  else {
    const was = place.tab;
    place = placeAt(at);
    if (place.tab !== was) markTab();
  }
  markPage();
}

/** Shows the place's tab again, on its first page (the search field was cleared). */
export const showTab = () => selectTab(place.tab);

/** Shows a search's results in place of the tabs' pages, on their first page. */
export function showResults(items) {
  results = { items, pages: gridPages(items, { ...resultNames(), columns }) };
  pages.removeAttribute('aria-labelledby');
  pages.setAttribute('aria-label', t('searchResults'));
  pages.replaceChildren(...results.pages);
  clear.hidden = true;
  place.page = 0;
  showPlace();
}

// Scrolls the tab bar (only it) so that tab `x` shows whole.
function keepInView(x) {
  const bar = tabs.getBoundingClientRect(), r = x.getBoundingClientRect();
  if (r.left < bar.left) tabs.scrollLeft -= bar.left - r.left;
  else if (r.right > bar.right) tabs.scrollLeft += r.right - bar.right;
}

// The images of page `i` of those shown and of the pages either side: the strip
// holds every pack, and only what may be seen next is fetched.
function showImages(i) {
  for (const page of shownPages().slice(Math.max(0, i - 1), i + 2)) {
    for (const img of page.querySelectorAll('img[data-src]')) {
      img.srcset = img.dataset.srcset;
      img.src = img.dataset.src;
      delete img.dataset.src;
      delete img.dataset.srcset;
    }
  }
}

// Runs `change` (which may build pages again) with the focused key, if any, focused again after it in its new
// place, or the key now where it was (it went: a favorite taken out), and the place moved to its page.
const listOf = (tab) => (tab === undefined ? results.pages : sections[tab].pages);
const keysIn = (list) => list.flatMap((page) => [...page.querySelectorAll('button.cell')]);
function keepingFocus(change) {
  const focused = document.activeElement?.closest?.('#pages button.cell');
  const tab = focused?.closest('.page').dataset.tab, at = focused ? keysIn(listOf(tab)).indexOf(focused) : -1;
  change();
  if (!focused || focused.isConnected) return;
  const list = listOf(tab), keys = keysIn(list), key = focused.item && keyOf(focused.item);
  const again = keys.find((b) => b.item && keyOf(b.item) === key) ?? keys[Math.min(at, keys.length - 1)];
  makeStop(again);
  again.focus({ preventScroll: true });
  place.page = list.indexOf(again.closest('.page'));
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

// Builds the tabs for the catalog's packs (again, when newer packs came) and shows Recent, or the first
// pack while Recent is empty. With no packs yet (a first visit whose packs failed), Recent and
// Favorites show and a line says why there is nothing more, until the packs come.
export function showPacks(catalogPacks) {
  packs = catalogPacks;
  tabs.replaceChildren();
  sections = [];
  results = null;
  waitingNote.hidden = packs.length > 0;
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
  selectTab(recents().length || !packs.length ? RECENT : FAVORITES + 1);
}

/** Shows the panel's lists again after Favorites or a tone changed: Favorites' pages built again if they
 *  changed, every emoji key with its tone, on the place it was on; the key that had the focus (a menu gives
 *  it back before its choice acts) focused again in its new place. Recent changes when a tab is chosen. */
export function refresh() {
  if (!sections.length) return;
  keepingFocus(() => {
    build(FAVORITES);  // Recent stays as it is while the panel is open
    retone([...sections.flatMap((s) => s.pages), ...(results?.pages ?? [])]);
  });
  if (!results) markTab();
  showPlace();
}

// The pages built again for a new number of columns (the window crossed 600 px), on the same place.
function changeColumns() {
  if (columnsNow() === columns) return;
  columns = columnsNow();
  if (!sections.length) return;  // nothing built yet
  keepingFocus(() => {
    if (results) {
      results.pages = gridPages(results.items, { ...resultNames(), columns });
      sections.forEach((_, i) => build(i, true));
      pages.replaceChildren(...results.pages);
    } else showStrip({ again: true });
  });
  markTab();
  showPlace();
}

// A switch of language: tabs, pages and keys renamed where they are, nothing built again.
function renameAll() {
  waitingNote.textContent = t('packsComing');
  if (!tabs.children.length) return;
  labelTabs();
  sections.forEach((s, i) => relabel(s.pages, tabNames(i)));
  if (results) {
    relabel(results.pages, resultNames());
    pages.setAttribute('aria-label', t('searchResults'));
  }
}

// onToggle(open): the panel opens or closes; onTab(): a tab is shown (the search's results go).
export function initPanel({ onToggle = () => {}, onTab = () => {} } = {}) {
  hooks = { onToggle, onTab };
  const $ = (id) => document.getElementById(id);
  panel = $('panel'); pages = $('pages'); tabs = $('tabs'); dots = $('dots'); toggle = $('toggle'); clear = $('clear-recents');
  waitingNote = document.createElement('p');
  waitingNote.className = 'panel-note';
  waitingNote.textContent = t('packsComing');
  pages.before(waitingNote);

  panel.addEventListener('transitionend', () => { if (!isOpen()) panel.hidden = true; });  // closed: out of the a11y tree
  toggle.addEventListener('click', () => setOpen(!isOpen()));
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && isOpen()) setOpen(false); });
  panel.addEventListener('pointerdown', (e) => { if (!e.target.closest('[role=tab], input')) e.preventDefault(); });  // keep the caret in the editor
  pages.addEventListener('scroll', onScroll);
  new ResizeObserver(() => { if (pages.clientWidth && pages.clientWidth !== placedWidth) showPlace(); }).observe(pages);
  wide.addEventListener('change', changeColumns);
  onLanguage(renameAll);
  initGridKeys(pages);

  tabs.addEventListener('click', (e) => { const x = e.target.closest('[role=tab]'); if (x) selectTab([...tabs.children].indexOf(x)); });
  clear.addEventListener('click', () => {
    clearRecents();
    selectTab(RECENT);
    say(t('recentsCleared'));
    focusKeepingCaret();
  });
  tabs.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    const i = (place.tab + d + tabs.children.length) % tabs.children.length;
    selectTab(i);
    tabs.children[i].focus();
  });
}

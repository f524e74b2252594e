// panel.js owns the sticker panel itself: opening and closing it in place of
// the system keyboard (focus and caret stay in the editor), and the strip of
// pages it shows: every tab's pages (tabs.js's tabs, grid-pages.js's pages)
// laid end to end, so that swiping past a pack's last page goes on to the next
// pack's first and the tab follows; only the shown tab's pages are live (the
// others inert). Where the person is, is a place: a tab and a page of it, not
// a scroll offset, so Favorites gaining or losing a page, a language switch
// (keys renamed in place) and a resize (pages built again for a new number of
// columns) leave them on that tab and page, or the nearest one left. A tab's
// pages are built once, and again only when what they show changed (Recent's
// and Favorites' entries, read again when a tab is chosen). Also the page
// dots, the pages near the place (whose images are fetched), Recent's clear
// button and the note while the packs have not come. The same strip shows the
// search's results (showResults; the field is sticker-search.js's). What a
// key does when pressed is press.js's; its menu, cell-menu.js's.

import { clearRecents, recents } from './recents.js';
import { keyOf } from './stored-list.js';
import { t, onLanguage, applyStrings } from '../shared/strings.js';
import { say } from '../shared/status.js';
import { gridPages, relabel, retone, keysOf, makeKeyStop, initGridKeys, fetchImagesOf } from './grid-pages.js';
import * as tabs from './tabs.js';

let panel, pages, dots, toggle, clear, waitingNote;
// The editor's field, as main.js hands it over (the panel imports nothing of the editor): focus() gives it the
// focus with its caret where it was, useSystemKeyboard(on) lets the system keyboard show or not.
let hooks = { onToggle: () => {}, onTab: () => {}, field: { focus: () => {}, useSystemKeyboard: () => {} } };

const wide = matchMedia('(min-width: 600px)');
const columnsNow = () => (wide.matches ? 9 : 7);
const resultNames = () => ({ label: t('searchResults'), hint: t('noneFound') });

let columns = columnsNow(); // what the pages were built with
let sections = []; // per tab: { pages (its page elements, in strip order), shows (the keys they were built from) }
let results = null; // while the search's results show in place of the strip: { items, pages }
let place = { tab: 0, page: 0 }; // where the person is; while results show, place.page is the results' page
let placedWidth = 0; // the strip's width when it was last scrolled to the place

export const isOpen = () => panel.classList.contains('open');

/** Opens the panel (true) or closes it. */
export function setOpen(open) {
  panel.hidden = false;
  requestAnimationFrame(() => panel.classList.toggle('open', open));
  toggle.setAttribute('aria-pressed', String(open));
  hooks.field.useSystemKeyboard(!open);
  hooks.onToggle(open);
  if (open) selectTab(place.tab);
  hooks.field.focus();
}

// The tab whose pages hold `page`, or -1 (a page of the search's results).
const tabOfPage = (page) => sections.findIndex((section) => section.pages.includes(page));

/** Where a grid cell is: 'recent', 'favorites', 'pack', or 'results' (the search's). */
export function placeOf(cell) {
  const tab = tabOfPage(cell.closest('.page'));
  return tab < 0 ? 'results' : tabs.kindOf(tab);
}

// The pages shown: the results, or every tab's end to end.
const shownPages = () => (results ? results.pages : sections.flatMap((section) => section.pages));
const firstPageOf = (tab) => sections.slice(0, tab).reduce((sum, section) => sum + section.pages.length, 0);
const pageCount = () => (results ? results.pages : sections[place.tab].pages).length;
// The place as an index into the pages shown.
const placeIndex = () => (results ? 0 : firstPageOf(place.tab)) + place.page;

// The tab and page of page `at` of the strip.
function placeAt(at) {
  let tab = 0;
  let first = 0;
  while (tab < sections.length - 1 && at >= first + sections[tab].pages.length) first += sections[tab++].pages.length;
  return { tab, page: at - first };
}

// Builds a tab's pages when what it shows is not what they show (all of them, with `again`: the columns changed).
function build(tab, again = false) {
  const items = tabs.itemsOf(tab);
  const shows = tabs.kindOf(tab) === 'pack' ? '' : items.map(keyOf).join('\n');
  if (!again && sections[tab]?.shows === shows) return;
  const built = gridPages(items, { ...tabs.namesOf(tab), columns });
  for (const page of built) page.dataset.tab = tabs.idOf(tab); // as on its tab's button
  const old = sections[tab]?.pages ?? [];
  if (!results && old[0]?.isConnected) {
    // in the strip: in their place
    old[0].replaceWith(...built);
    for (const page of old.slice(1)) page.remove();
  }
  sections[tab] = { pages: built, shows };
}

// Every tab's pages, built where needed, shown end to end (the results, if shown, go).
function showStrip({ again = false } = {}) {
  const back = Boolean(results);
  results = null;
  for (let tab = 0; tab < tabs.tabCount(); tab++) build(tab, again);
  if (back || !pages.contains(sections[0].pages[0])) pages.replaceChildren(...shownPages());
  pages.removeAttribute('aria-label');
}

// Shows tab `tab` on its first page (Recent and Favorites read again).
function selectTab(tab) {
  if (!tabs.tabCount()) return; // opened before the packs came: showPacks shows them
  hooks.onTab();
  showStrip();
  place = { tab, page: 0 };
  markTab();
  showPlace();
}

// The place's tab as the selected one: its tab, the tabpanel's name, its pages live, Recent's clear button.
function markTab() {
  tabs.markSelected(place.tab);
  if (results) return;
  pages.setAttribute('aria-labelledby', tabs.buttonOf(place.tab).id);
  sections.forEach((section, tab) => {
    for (const page of section.pages) page.inert = tab !== place.tab;
  });
  clear.hidden = place.tab !== tabs.RECENT || !recents().length;
}

// Scrolls to the place (its page kept in range: the nearest one left), and marks it.
function showPlace() {
  place.page = Math.min(place.page, pageCount() - 1);
  if (!pages.clientWidth) return; // closed: it is shown when the panel opens
  placedWidth = pages.clientWidth;
  pages.scrollLeft = placeIndex() * pages.clientWidth;
  markPage();
}

// The place's page: its dots, and the images of it and of the pages either side (the strip holds
// every pack, and only what may be seen next is fetched).
function markPage() {
  const count = pageCount();
  if (dots.children.length !== count)
    dots.replaceChildren(...Array.from({ length: count }, () => document.createElement('i')));
  [...dots.children].forEach((dot, index) => {
    dot.classList.toggle('on', index === place.page);
  });
  const at = placeIndex();
  fetchImagesOf(shownPages().slice(Math.max(0, at - 1), at + 2));
}

// The strip scrolled (a swipe): the place follows, and the tab when it went past a tab's first or last page.
// A scroll after the strip's width changed is the browser keeping pixels: the place holds instead.
function onScroll() {
  if (!pages.clientWidth) return;
  if (pages.clientWidth !== placedWidth) {
    showPlace();
    return;
  }
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

// Runs `change` (which may build pages again) with the focused key, if any, focused again after it in its new
// place, or the key now where it was (it went: a favorite taken out), and the place moved to its page.
const listOf = (tab) => (tab < 0 ? results.pages : sections[tab].pages);
const keysIn = (list) => list.flatMap(keysOf);
function keepingFocus(change) {
  const focused = document.activeElement?.closest?.('#pages button.cell');
  const tab = focused ? tabOfPage(focused.closest('.page')) : -1;
  const at = focused ? keysIn(listOf(tab)).indexOf(focused) : -1;
  change();
  if (!focused || focused.isConnected) return;
  const list = listOf(tab);
  const keys = keysIn(list);
  const key = focused.item && keyOf(focused.item);
  const again = keys.find((other) => other.item && keyOf(other.item) === key) ?? keys[Math.min(at, keys.length - 1)];
  makeKeyStop(again);
  again.focus({ preventScroll: true });
  place.page = list.indexOf(again.closest('.page'));
}

// Builds the tabs for the catalog's packs (again, when newer packs came) and shows Recent, or the first
// pack while Recent is empty. With no packs yet (a first visit whose packs failed), Recent and
// Favorites show and a line says why there is nothing more, until the packs come.
export function showPacks(catalogPacks) {
  tabs.setPacks(catalogPacks);
  sections = [];
  results = null;
  waitingNote.hidden = catalogPacks.length > 0;
  selectTab(recents().length || !catalogPacks.length ? tabs.RECENT : tabs.FIRST_PACK);
}

/** Shows the panel's lists again after Favorites or a tone changed: Favorites' pages built again if they
 *  changed, every emoji key with its tone, on the place it was on; the key that had the focus (a menu gives
 *  it back before its choice acts) focused again in its new place. Recent changes when a tab is chosen. */
export function refresh() {
  if (!sections.length) return;
  keepingFocus(() => {
    build(tabs.FAVORITES); // Recent stays as it is while the panel is open
    retone([...sections.flatMap((section) => section.pages), ...(results?.pages ?? [])]);
  });
  if (!results) markTab();
  showPlace();
}

// The pages built again for a new number of columns (the window crossed 600 px), on the same place.
function changeColumns() {
  if (columnsNow() === columns) return;
  columns = columnsNow();
  if (!sections.length) return; // nothing built yet
  keepingFocus(() => {
    if (results) {
      results.pages = gridPages(results.items, { ...resultNames(), columns });
      for (let tab = 0; tab < sections.length; tab++) build(tab, true);
      pages.replaceChildren(...results.pages);
    } else showStrip({ again: true });
  });
  markTab();
  showPlace();
}

// A switch of language: tabs, pages and keys renamed where they are, nothing built again.
function renameAll() {
  waitingNote.textContent = t('packsComing');
  if (!tabs.tabCount()) return;
  tabs.labelTabs();
  sections.forEach((section, tab) => {
    relabel(section.pages, tabs.namesOf(tab));
  });
  if (results) {
    relabel(results.pages, resultNames());
    pages.setAttribute('aria-label', t('searchResults'));
  }
}

// An element of the panel, labelled by data-i18n attributes as index.html's are (strings.js).
function element(tag, attributes, text = '') {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  made.textContent = text;
  return made;
}

// The panel's insides, built with the keyboard (the start's index.html holds only the empty panel): the search
// field, its status and Recent's clear button, the pages, dots, tabs and the caret swipe strip.
function buildPanel() {
  const find = element('div', { class: 'find' });
  find.append(
    element('input', {
      type: 'search',
      id: 'search',
      'data-i18n-label': 'search',
      'data-i18n-placeholder': 'searchPlaceholder',
      autocomplete: 'off',
      spellcheck: 'false',
      // What a phone's keyboard reads: no capital or correction of a tag typed (`xk`), a search key.
      autocapitalize: 'off',
      autocorrect: 'off',
      inputmode: 'search',
      enterkeyhint: 'search',
    }),
    element('p', { id: 'found', class: 'sr', role: 'status' }),
    element('button', { type: 'button', id: 'clear-recents', class: 'clear', 'data-i18n': 'clearRecents', hidden: '' }),
  );
  document
    .getElementById('panel')
    .replaceChildren(
      find,
      element('div', { id: 'pages', class: 'pages', role: 'tabpanel' }),
      element('div', { id: 'dots', class: 'dots', 'aria-hidden': 'true' }),
      element('div', { id: 'tabs', class: 'tabs', role: 'tablist', 'data-i18n-label': 'packs' }),
      element('div', { id: 'swipe', class: 'swipe', 'aria-hidden': 'true', 'data-i18n': 'swipe' }),
    );
  applyStrings();
}

// onToggle(open): the panel opens or closes; onTab(): a tab is shown (the search's results go); field: the editor's.
export function initPanel({ onToggle = () => {}, onTab = () => {}, field = hooks.field } = {}) {
  hooks = { onToggle, onTab, field };
  buildPanel();
  const byId = (id) => document.getElementById(id);
  panel = byId('panel');
  pages = byId('pages');
  dots = byId('dots');
  toggle = byId('toggle');
  clear = byId('clear-recents');
  tabs.initTabs(byId('tabs'), { choose: selectTab, selected: () => place.tab });
  waitingNote = document.createElement('p');
  waitingNote.className = 'panel-note';
  waitingNote.textContent = t('packsComing');
  pages.before(waitingNote);

  panel.addEventListener('transitionend', () => {
    if (!isOpen()) panel.hidden = true; // closed: out of the a11y tree
  });
  toggle.addEventListener('click', () => setOpen(!isOpen()));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) setOpen(false);
  });
  // A press keeps the caret in the editor.
  panel.addEventListener('pointerdown', (event) => {
    if (!event.target.closest('input')) event.preventDefault();
  });
  pages.addEventListener('scroll', onScroll);
  new ResizeObserver(() => {
    if (pages.clientWidth && pages.clientWidth !== placedWidth) showPlace();
  }).observe(pages);
  wide.addEventListener('change', changeColumns);
  onLanguage(renameAll);
  initGridKeys(pages);
  clear.addEventListener('click', () => {
    clearRecents();
    selectTab(tabs.RECENT);
    say(t('recentsCleared'));
    hooks.field.focus();
  });
}

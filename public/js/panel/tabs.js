// tabs.js owns the panel's tabs: what each one shows (Recent and Favorites,
// read afresh from their lists, each kept item shown as the packs have it
// now; then every pack), its name and its hint when empty, in the page's
// language; and the tab bar, a tablist of one button per tab (a pack's shows
// its cover, still), the selected one its Tab stop (roving.js) and scrolled
// into view, ← and → choosing the tab beside (wrapping). Which tab is shown,
// and on which page, is panel.js's.

import { recents } from './recents.js';
import { favorites } from './favorites.js';
import { keyOf } from './stored-list.js';
import { toneIn } from './skin-tones.js';
import { t, nameOf } from '../shared/strings.js';
import { stillOf, showFiles } from '../shared/sticker-files.js';
import { makeStop } from './roving.js';

// The tabs in order: Recent, Favorites, then the packs.
export const RECENT = 0;
export const FAVORITES = 1;
export const FIRST_PACK = 2;

let bar;
let packs = [];
let asThePacksHave = new Map(); // key → the catalog's item

/** How many tabs there are (none before the packs came). */
export const tabCount = () => bar.children.length;

/** The kind of tab `tab`: 'recent', 'favorites' or 'pack'. */
export const kindOf = (tab) => (tab === RECENT ? 'recent' : tab === FAVORITES ? 'favorites' : 'pack');

/** The tab's name for tests and readers of the DOM: 'recent', 'favorites' or the pack's id. */
export const idOf = (tab) => (tab >= FIRST_PACK ? packs[tab - FIRST_PACK].id : kindOf(tab));

/** The button of tab `tab`. */
export const buttonOf = (tab) => bar.children[tab];

const fresh = (items) => items.map((item) => asThePacksHave.get(keyOf(item)) ?? item);

/** The items tab `tab` shows now (Recent's and Favorites' read again). */
export function itemsOf(tab) {
  if (tab === RECENT) return fresh(recents());
  if (tab === FAVORITES) return fresh(favorites());
  return packs[tab - FIRST_PACK].stickers;
}

/** The tab's name and its hint when it shows nothing, in the page's language. */
export function namesOf(tab) {
  const label =
    tab === RECENT ? t('recent') : tab === FAVORITES ? t('favorites') : nameOf(packs[tab - FIRST_PACK].title);
  return { label, hint: tab === RECENT ? t('recentHint') : t('favoritesHint') };
}

function addButton(tab, cover) {
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('role', 'tab');
  button.id = `tab-${tab}`;
  button.dataset.tab = idOf(tab);
  button.setAttribute('aria-controls', 'pages');
  if (cover.image) {
    const img = document.createElement('img');
    showFiles(img, stillOf(cover.image));
    img.alt = '';
    button.appendChild(img);
  } else button.textContent = cover.emoji;
  bar.appendChild(button);
}

/** Names every tab in the page's language (at the start, and after a switch). */
export function labelTabs() {
  [...bar.children].forEach((button, tab) => {
    button.setAttribute('aria-label', namesOf(tab).label);
  });
}

/** The tabs for the catalog's packs (again, when newer packs came). */
export function setPacks(catalogPacks) {
  packs = catalogPacks;
  bar.replaceChildren();
  // An emoji's entry shows as the pack's plain form (with the tone chosen last), not a toned one the pack also has (👍🏽).
  asThePacksHave = new Map();
  for (const item of packs.flatMap((pack) => pack.stickers)) {
    if (!asThePacksHave.has(keyOf(item)) || (item.emoji && !toneIn(item.emoji))) asThePacksHave.set(keyOf(item), item);
  }
  addButton(RECENT, { emoji: '🕘' });
  addButton(FAVORITES, { emoji: '☆' });
  packs.forEach((pack, index) => {
    const cover =
      pack.stickers.find((sticker) => sticker.tag === pack.cover || sticker.emoji === pack.cover) || pack.stickers[0];
    addButton(FIRST_PACK + index, cover);
  });
  labelTabs();
}

/** Marks tab `tab` as the selected one: the bar's Tab stop, scrolled (only the bar) to show whole. */
export function markSelected(tab) {
  const buttons = [...bar.children];
  buttons.forEach((button, index) => {
    button.setAttribute('aria-selected', String(index === tab));
  });
  makeStop(buttons, buttons[tab]);
  const shown = bar.getBoundingClientRect();
  const box = buttons[tab].getBoundingClientRect();
  if (box.left < shown.left) bar.scrollLeft -= shown.left - box.left;
  else if (box.right > shown.right) bar.scrollLeft += box.right - shown.right;
}

/** The tab bar `element`; `choose(tab)` shows a tab clicked or reached by ← and → (`selected()`: the one shown). */
export function initTabs(element, { choose, selected }) {
  bar = element;
  bar.addEventListener('click', (event) => {
    const button = event.target.closest('[role=tab]');
    if (button) choose([...bar.children].indexOf(button));
  });
  bar.addEventListener('keydown', (event) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const tab = (selected() + step + tabCount()) % tabCount();
    choose(tab);
    buttonOf(tab).focus();
  });
}

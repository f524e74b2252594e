// cell-menu.js owns what a sticker's menu offers, on a key of the panel's
// grid and on a sticker in a sent message: add to or remove from Favorites,
// in Favorites move it earlier or later, and for an emoji that takes a skin
// tone the plain form and the five tones (the one chosen is inserted and
// remembered). What the choices change is favorites.js's and skin-tones.js's.

import { openMenu, isMenuKey } from './menu.js';
import { isFavorite, toggleFavorite, moveFavorite } from './favorites.js';
import { takesTone, withTone, toneOf, chooseTone, TONES } from './skin-tones.js';
import { t, nameOf } from '../shared/strings.js';
import { say } from '../shared/status.js';
import { placeOf, refresh } from './panel.js';

let deps;

/** Adds `item` to Favorites or takes it out, and says which. */
export function flipFavorite(item) {
  const name = nameOf(item.name);
  say(toggleFavorite(item) ? t('added', name) : t('removed', name));
  refresh();
}

/** Remembers `tone` for the emoji `item` and inserts it so. */
export function insertWithTone(item, tone) {
  chooseTone(item.emoji, tone);
  deps.insert(item);
  refresh();
}

function entries(item, where) {
  const list = [{ label: t(isFavorite(item) ? 'removeFavorite' : 'addFavorite'), choose: () => flipFavorite(item) }];
  if (where === 'favorites') {
    list.push(
      {
        label: t('moveEarlier'),
        choose: () => {
          moveFavorite(item, -1);
          refresh();
        },
      },
      {
        label: t('moveLater'),
        choose: () => {
          moveFavorite(item, 1);
          refresh();
        },
      },
    );
  }
  if (item.emoji && takesTone(item.emoji)) {
    const now = toneOf(item.emoji);
    list.push({
      group: t('tones'),
      entries: TONES.map((tone, index) => {
        const form = withTone(item.emoji, tone); // one row of six 44 px keys: the tone's name is its label and tooltip
        return {
          label: form,
          name: `${form} ${t('toneNames')[index]}`,
          checked: tone === now,
          choose: () => insertWithTone(item, tone),
        };
      }),
    });
  }
  return list;
}

// deps: { catalog() (the model's), insert(item), pressing() (a long press is previewing),
//         endPress() (the press under way became this menu: it inserts nothing) }.
export function initCellMenu(dependencies) {
  deps = dependencies;
  const pages = document.getElementById('pages');
  const open = (cell) => openMenu(cell, t('stickerMenu', nameOf(cell.item.name)), entries(cell.item, placeOf(cell)));
  pages.addEventListener('contextmenu', (event) => {
    const cell = event.target.closest('button.cell');
    if (!cell?.item) return;
    event.preventDefault();
    if (deps.pressing()) return; // a touch long press: the preview is open, with its own star
    deps.endPress();
    open(cell);
  });
  pages.addEventListener('keydown', (event) => {
    const cell = event.target.closest('button.cell');
    if (!cell?.item || !isMenuKey(event)) return;
    event.preventDefault();
    open(cell);
  });
}

/** Opens the menu of a sticker in a sent message (main.js listens, as the messages show before this loads). */
export function openStickerMenu(img) {
  const entry = deps.catalog()?.entry(img.alt);
  if (entry) openMenu(img, t('stickerMenu', nameOf(entry.sticker.name)), entries(entry.sticker, 'message'));
}

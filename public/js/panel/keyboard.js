// keyboard.js owns the sticker keyboard as one piece that main.js loads after
// startup (2 s after the page is ready, or at the first press of the toggle
// or a sticker's menu, whichever is first): it wires the panel, what a press
// on its keys does, the caret swipe strip, the sticker menus and the keyboard's
// way to a sent message's stickers together, loads the panel's search when
// the panel first opens, and brings their look (keyboard.css) with it.
// Showing the page and editing never wait for it.

import '../shared/late-strings.js'; // first: the keyboard's modules label themselves with them
import { initPanel, isOpen, setOpen, showPacks, showResults, showTab } from './panel.js';
import { initPress, pressing, endPress } from './press.js';
import { initSwipe } from './swipe.js';
import { initMenu } from './menu.js';
import { initCellMenu, flipFavorite, insertWithTone, openStickerMenu } from './cell-menu.js';
import { initMessageStickers } from './message-stickers.js';
import { stylesheet } from '../shared/stylesheet.js';

export { isOpen, setOpen, showPacks, openStickerMenu };

// This module is ready once its stylesheet is (or failed: the keys still work).
await stylesheet('keyboard.css');

// The panel's search field (sticker-search.js) loads when the panel first opens; a failed load is tried again.
let search = null;
let searchLoading = null;
let searchDeps = null;
export const loadSearch = () =>
  (searchLoading ??= import('./sticker-search.js').then(
    (module) => {
      module.initSearch(searchDeps);
      search = module;
    },
    () => {
      searchLoading = null;
    },
  ));

// deps: { edit(op, extra), insert(item), whenComposed(act) (editor.js's), catalog() (the model's, or null
//         before the packs came), field: { focus() (caret kept), useSystemKeyboard(on) } (the editor's field:
//         main.js's to hand over), onToggle(open), onRepeating(on) (the delete key's repeat) }.
export function initKeyboard({
  edit: editNow,
  insert: insertNow,
  whenComposed,
  catalog,
  field,
  onToggle,
  onRepeating,
}) {
  // A key pressed during a composition acts once it has ended: on a touch screen, after the commit the
  // keyboard sends after the tap, so the sticker goes after the characters chosen (whenComposed).
  const edit = (...args) => whenComposed(() => editNow(...args));
  const insert = (...args) => whenComposed(() => insertNow(...args));
  searchDeps = { catalog, showResults, showTab, insert, focusEditor: field.focus };
  initMenu();
  initPanel({
    onToggle: (open) => {
      onToggle(open);
      search?.resetSearch();
      if (open) loadSearch();
    },
    onTab: () => search?.resetSearch(),
    field,
  });
  initPress({ edit, insert, onRepeating, favorite: flipFavorite, insertWithTone });
  initCellMenu({ catalog, insert, pressing, endPress });
  initSwipe(edit);
  initMessageStickers(openStickerMenu);
  if (catalog()) showPacks(catalog().packs);
}

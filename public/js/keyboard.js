// keyboard.js owns the sticker keyboard as one piece that main.js loads after
// startup (2 s after the page is ready, or at the first press of the toggle
// or a sticker's menu, whichever is first): it wires the panel, what a press
// on its keys does, the caret swipe strip, the sticker menus and the keyboard's
// way to a sent message's stickers together, and brings their look
// (keyboard.css) with it. Showing the page and editing never wait for it.

import './late-strings.js';  // first: the keyboard's modules label themselves with them
import { initPanel, isOpen, setOpen, showPacks, showResults, showTab } from './panel.js';
import { initPress, pressing, endPress } from './press.js';
import { initSwipe } from './swipe.js';
import { initMenu } from './menu.js';
import { initCellMenu, flipFavorite, insertWithTone, openStickerMenu } from './cell-menu.js';
import { initMessageStickers } from './message-stickers.js';

export { isOpen, setOpen, showPacks, showResults, showTab, openStickerMenu };

// This module is ready once its stylesheet is (or failed: offline before the service worker kept it, the keys still work).
await new Promise((resolve) => {
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = new URL('../keyboard.css', import.meta.url).href;
  sheet.onload = sheet.onerror = resolve;
  document.head.appendChild(sheet);
});

// deps: { edit(op, extra), insert(item), catalog() (the model's, or null before the packs came),
//         onToggle(open), onTab(), onRepeating(on) (the delete key's repeat) }.
export function initKeyboard({ edit, insert, catalog, onToggle, onTab, onRepeating }) {
  initMenu();
  initPanel({ onToggle, onTab });
  initPress({ edit, insert, onRepeating, favorite: flipFavorite, insertWithTone });
  initCellMenu({ catalog, insert, pressing, endPress });
  initSwipe(edit);
  initMessageStickers(openStickerMenu);
  if (catalog()) showPacks(catalog().packs);
}

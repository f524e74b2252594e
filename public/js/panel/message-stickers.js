// message-stickers.js owns reaching a sent message's stickers from the
// keyboard, for their menu (cell-menu.js's, as a right click opens it): each
// message is one Tab stop on its stickers (roving.js: the one the
// arrow keys last moved to), ← and → (Home, End) move between them, Enter,
// Space, the ContextMenu key or Shift+F10 opens the sticker's menu (a right
// click's contextmenu is main.js's). Messages sent before the keyboard
// loaded are made reachable too. The editor's stickers are no Tab stops: the
// caret moves over them.

import { makeStop, stopFollowsFocus } from './roving.js';
import { isMenuKey } from './menu.js';

// open(img): opens the menu of the sticker `img`.
export function initMessageStickers(open) {
  const messages = document.getElementById('messages');
  const stickersOf = (message) => [...message.querySelectorAll('img.sticker')];
  const reachable = (message) => {
    const stickers = stickersOf(message);
    for (const img of stickers) {
      img.setAttribute('role', 'button');
      img.setAttribute('aria-haspopup', 'menu');
    }
    makeStop(stickers, stickers[0]);
  };

  for (const message of messages.querySelectorAll('.msg')) reachable(message);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        const message = node.nodeType === Node.ELEMENT_NODE && node.closest('.msg');
        if (message) reachable(message);
      }
    }
  }).observe(messages, { childList: true, subtree: true });

  messages.addEventListener('keydown', (event) => {
    const img = event.target.closest?.('.msg img.sticker');
    if (!img) return;
    const stickers = stickersOf(img.closest('.msg')),
      at = stickers.indexOf(img);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: stickers.length - 1 }[event.key];
    if (to !== undefined) stickers[to]?.focus();
    else if (event.key === 'Enter' || event.key === ' ' || isMenuKey(event)) open(img);
    else return;
    event.preventDefault();
  });
  // The sticker last moved to is the message's Tab stop, so Tab back into it returns there.
  stopFollowsFocus(messages, '.msg img.sticker', (img) => stickersOf(img.closest('.msg')));
}

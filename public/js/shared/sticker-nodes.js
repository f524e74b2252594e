// sticker-nodes.js owns text with sticker codes as DOM nodes, for the editor
// and the sent messages alike: text runs become text nodes with a <br> for
// each line break, each sticker the <img> the server renders. Built with DOM
// APIs only: user text only ever becomes text nodes, never markup. A
// sticker's aria-label is its name in the page's language, and follows a switch.

import { nameOf, onLanguage } from './strings.js';
import { showMayMove } from './sticker-files.js';

// The nodes of a text run: text, with each line break a <br>.
function appendRun(parent, text) {
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (index > 0) parent.appendChild(document.createElement('br'));
    if (line) parent.appendChild(document.createTextNode(line));
  });
}

// A sticker as the server renders it (one line high, alt = the code as typed,
// so copying gives the text back, aria-label = its name for screen readers,
// in the page's language; its files sticker-files.js's). One <img> even when animated, as the editor maps
// its DOM by counting them.
function stickerImage(entry) {
  const img = document.createElement('img');
  const image = entry.sticker.image;
  img.className = 'sticker';
  showMayMove(img, image);
  img.height = 20;
  img.width = Math.max(1, Math.round((image.width * 20) / image.height));
  img.alt = entry.code;
  img.title = entry.title;
  img.names = entry.sticker.name; // for a switch of language
  img.setAttribute('aria-label', nameOf(img.names));
  img.draggable = false;
  return img;
}

// A TextBackedString as a fragment of nodes.
export function nodesOf(string) {
  const fragment = document.createDocumentFragment();
  string.forEachItem((start, end, span) => {
    if (span) fragment.appendChild(stickerImage(span.entry));
    else appendRun(fragment, string.text.slice(start, end));
  });
  return fragment;
}

onLanguage(() => {
  for (const img of document.querySelectorAll('img.sticker'))
    if (img.names) img.setAttribute('aria-label', nameOf(img.names));
});

// press.js owns what pressing a grid cell does: a tap (or Enter/Space) inserts
// its sticker; a long press shows a magnified preview that follows the pointer
// from key to key and inserts what it shows when released (off the grid, or on
// an empty key, it closes and nothing is inserted), or, released on the
// preview's star, adds it to Favorites or takes it out; an emoji that
// takes a skin tone previews its six forms, and the one released on is
// inserted and remembered; the delete key deletes one unit and, held, repeats
// after 0.5 s, faster and faster, until released, cancelled or left. Only the
// primary button of a mouse, a touch or a pen presses (the right button is
// the menu's), and a press that becomes a menu inserts nothing.

import { nameOf } from '../shared/strings.js';
import { isFavorite } from './favorites.js';
import { takesTone, withTone, toned, TONES } from './skin-tones.js';
import { showMayMove } from '../shared/sticker-files.js';
import { placeNear } from './placement.js';

let preview;
let press = null,
  suppressClick = false,
  repeat = null;
let deps = { edit: () => {}, insert: () => {}, onRepeating: () => {}, favorite: () => {}, insertWithTone: () => {} };

/** Whether a long press is showing its preview. */
export const pressing = () => Boolean(press?.previewing);

/** The press under way became a menu (cell-menu.js opened one): it previews, repeats and inserts nothing. */
export function endPress() {
  if (!press) return;
  clearTimeout(press.timer);
  press.menu = true;
}

// A press is the primary button of a mouse, or a touch or a pen in contact (button 0 too), and the first
// pointer down: the right or middle button, or a second finger, presses nothing.
export const isPrimaryPress = (event) => event.isPrimary && event.button === 0;

// How far inside a key (px, on every side) the pointer must be for the preview to move to it. A finger on its
// way from its key to the preview's star or tones, which sit above, grazes the neighbouring key's corner or the
// seam between two keys (a page's padding, a sub-pixel gap beside a key: Firefox hit the slot there); the
// preview must stay under it, as it must on any spot of the grid that is no key's middle.
const KEY_EDGE = 8;

const wellInside = (el, pointX, pointY) => {
  const box = el.getBoundingClientRect();
  return (
    pointX >= box.left + KEY_EDGE &&
    pointX <= box.right - KEY_EDGE &&
    pointY >= box.top + KEY_EDGE &&
    pointY <= box.bottom - KEY_EDGE
  );
};

// Lights the preview's tone or star the pointer is on (`hit`), and only it: none when it is on neither.
const light = (hit) => {
  for (const el of preview.querySelectorAll('.tones b, .star')) el.classList.toggle('hot', el === hit);
};

function showPreview(cell) {
  if (!cell || !cell.item) {
    preview.hidden = true;
    return;
  }
  const box = cell.getBoundingClientRect(),
    item = cell.item;
  let big;
  if (item.image) {
    big = document.createElement('img');
    showMayMove(big, item.image); // the preview is where a sticker moves: the grid shows posters
    big.alt = '';
  } else {
    big = document.createElement('b');
    big.className = 'emoji';
    big.textContent = item.emoji;
  }
  preview.firstElementChild.replaceWith(big);
  preview.querySelector('.name').textContent = nameOf(item.name);
  preview.querySelector('.star').textContent = isFavorite(item) ? '★' : '☆';
  preview.querySelector('.tones')?.remove();
  if (item.emoji && takesTone(item.emoji)) {
    big.textContent = toned(item.emoji);
    const row = document.createElement('span');
    row.className = 'tones';
    row.append(
      ...TONES.map((tone) => {
        const b = document.createElement('b');
        b.textContent = withTone(item.emoji, tone);
        b.tone = tone;
        return b;
      }),
    );
    preview.insertBefore(row, preview.querySelector('.star'));
  }
  preview.cell = cell;
  light(null); // a new preview starts with nothing under the finger
  preview.hidden = false;
  placeNear(preview, box, -2); // over the key's edge: the finger goes from the key straight onto it
}

function startDelete() {
  stopDelete();
  deps.edit('deleteBackward');
  let delay = 150;
  const tick = () => {
    deps.edit('deleteBackward');
    delay = Math.max(40, delay * 0.85);
    repeat = setTimeout(tick, delay);
  };
  repeat = setTimeout(tick, 500);
  deps.onRepeating(true);
}

function stopDelete() {
  if (repeat) clearTimeout(repeat);
  repeat = null;
  deps.onRepeating(false);
}

// edit(op): editor.js's edit; insert(item): inserts a catalog item; onRepeating(bool): the delete key's repeat started or
// stopped; favorite(item): adds to Favorites or takes out; insertWithTone(item, tone): inserts an emoji with a tone, remembered.
export function initPress({ edit, insert, onRepeating, favorite, insertWithTone }) {
  deps = { edit, insert, onRepeating, favorite, insertWithTone };
  const pages = document.getElementById('pages');
  // The preview: the sticker (or emoji) large, its name, and the star of Favorites.
  preview = document.createElement('div');
  preview.id = 'preview';
  preview.className = 'preview';
  preview.hidden = true;
  const star = document.createElement('b');
  star.className = 'star';
  star.setAttribute('aria-hidden', 'true');
  star.textContent = '☆';
  const name = document.createElement('span');
  name.className = 'name';
  preview.append(document.createElement('img'), name, star);
  preview.firstChild.alt = '';
  document.getElementById('app').append(preview);

  // What the pointer is on in the open preview (it takes no pointer events itself): a tone, the star, or the preview.
  const onPreview = (pointX, pointY) => {
    const inside = (el) => {
      const box = el.getBoundingClientRect();
      return pointX >= box.left && pointX <= box.right && pointY >= box.top && pointY <= box.bottom;
    };
    const on = !preview.hidden && inside(preview);
    const hit = on ? [...preview.querySelectorAll('.tones b, .star')].find(inside) : null;
    light(hit);
    return on ? (hit ?? preview) : null;
  };

  pages.addEventListener('pointerdown', (event) => {
    const cell = event.target.closest('.cell');
    if (!cell || !isPrimaryPress(event)) return;
    if (cell.classList.contains('delete')) {
      startDelete();
      return;
    }
    if (!cell.item) return;
    press = {
      cell,
      previewing: false,
      timer: setTimeout(() => {
        press.previewing = true;
        showPreview(cell);
      }, 350),
    };
  });
  // The preview follows the pointer at (pointX, pointY), and what the pointer is on in it is returned (or
  // null): off the grid and the preview it closes; well inside a key it shows that key (closes on an empty
  // one); anywhere else on the grid it stays as it is.
  const follow = (pointX, pointY) => {
    const on = onPreview(pointX, pointY);
    if (on) return on;
    const under = document.elementFromPoint(pointX, pointY);
    if (!under || !pages.contains(under)) {
      preview.hidden = true;
      return null;
    }
    const cell = under.closest('.cell');
    if (cell && (preview.hidden || cell !== preview.cell) && wellInside(cell, pointX, pointY)) showPreview(cell);
    return null;
  };

  document.addEventListener('pointermove', (event) => {
    if (press?.previewing) follow(event.clientX, event.clientY);
  });
  document.addEventListener('pointerup', (event) => {
    stopDelete();
    if (!press) return;
    clearTimeout(press.timer);
    if (press.previewing) {
      // Released where it last moved (a release may come with no move before it): what the preview shows then.
      const on = follow(event.clientX, event.clientY),
        item = preview.cell?.item;
      if (on?.classList.contains('star')) deps.favorite(item);
      else if (on && on.tone !== undefined) deps.insertWithTone(item, on.tone);
      else if (!preview.hidden) insert(item);
    }
    if (press.previewing || press.menu) {
      // its click, which follows, inserts nothing more
      suppressClick = true;
      setTimeout(() => {
        suppressClick = false;
      }, 0);
    }
    preview.hidden = true;
    press = null;
  });
  // The finger of a long press moves over the preview and the grid: the pages must not take that move
  // for a swipe (the browser would scroll them and cancel the press). Not passive, so it can say so.
  pages.addEventListener(
    'touchmove',
    (event) => {
      if (press?.previewing && event.cancelable) event.preventDefault();
    },
    { passive: false },
  );
  document.addEventListener('pointercancel', () => {
    stopDelete();
    if (press) clearTimeout(press.timer);
    press = null;
    preview.hidden = true;
  });
  pages.addEventListener('click', (event) => {
    const cell = event.target.closest('.cell');
    if (!cell || suppressClick) return;
    if (cell.item) insert(cell.item);
    else if (cell.classList.contains('delete') && event.detail === 0) edit('deleteBackward'); // keyboard Enter/Space
  });
  pages.addEventListener('pointerout', (event) => {
    if (event.target.closest('.delete')) stopDelete();
  }); // leaving the key stops it
  window.addEventListener('blur', stopDelete);
}

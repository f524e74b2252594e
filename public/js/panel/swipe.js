// swipe.js owns the caret swipe strip under the tabs: dragging along it moves
// the caret after a 70 px dead zone, one unit per 12 px, two or three when fast.

import { isPrimaryPress } from './press.js';

// edit(op, extra): editor.js's edit.
export function initSwipe(edit) {
  const strip = document.getElementById('swipe');
  let swipe = null;
  strip.addEventListener('pointerdown', (event) => {
    if (!isPrimaryPress(event)) return;
    swipe = { x0: event.clientX, x: event.clientX, t: event.timeStamp, active: false };
    strip.setPointerCapture(event.pointerId);
  });
  strip.addEventListener('pointermove', (event) => {
    if (!swipe) return;
    if (!swipe.active) {
      if (Math.abs(event.clientX - swipe.x0) < 70) return;
      swipe.active = true;
      swipe.x = event.clientX;
      swipe.t = event.timeStamp;
      return;
    }
    const dx = event.clientX - swipe.x,
      speed = Math.abs(dx) / Math.max(1, event.timeStamp - swipe.t);
    const step = 12,
      units = Math.trunc(dx / step);
    if (!units) return;
    edit('moveCaret', { offset: units * (speed > 1.5 ? 3 : speed > 0.7 ? 2 : 1) });
    swipe.x += units * step;
    swipe.t = event.timeStamp;
  });
  const endSwipe = () => {
    swipe = null;
  };
  strip.addEventListener('pointerup', endSwipe);
  strip.addEventListener('pointercancel', endSwipe);
}

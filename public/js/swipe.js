// swipe.js owns the caret swipe strip under the tabs: dragging along it moves
// the caret after a 70 px dead zone, one unit per 12 px, two or three when fast.

import { isPrimaryPress } from './press.js';

// edit(op, extra): editor.js's edit.
export function initSwipe(edit) {
  const strip = document.getElementById('swipe');
  let swipe = null;
  strip.addEventListener('pointerdown', (e) => {
    if (!isPrimaryPress(e)) return;
    swipe = { x0: e.clientX, x: e.clientX, t: e.timeStamp, active: false };
    strip.setPointerCapture(e.pointerId);
  });
  strip.addEventListener('pointermove', (e) => {
    if (!swipe) return;
    if (!swipe.active) { if (Math.abs(e.clientX - swipe.x0) < 70) return; swipe.active = true; swipe.x = e.clientX; swipe.t = e.timeStamp; return; }
    const dx = e.clientX - swipe.x, speed = Math.abs(dx) / Math.max(1, e.timeStamp - swipe.t);
    const step = 12, units = Math.trunc(dx / step);
    if (!units) return;
    edit('moveCaret', { offset: units * (speed > 1.5 ? 3 : speed > 0.7 ? 2 : 1) });
    swipe.x += units * step;
    swipe.t = e.timeStamp;
  });
  const endSwipe = () => { swipe = null; };
  strip.addEventListener('pointerup', endSwipe);
  strip.addEventListener('pointercancel', endSwipe);
}

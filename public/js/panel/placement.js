// placement.js owns where the panel's pop-ups go (the long-press preview, a
// sticker's menu): next to what they belong to, above it when there is room,
// else below, centred on it, and always inside the visual viewport (what is on
// screen: an on-screen keyboard or a pinch zoom leaves less), from 320 px up.

const MARGIN = 4; // px kept free between a pop-up and the edge of the screen

const clamp = (value, low, high) => Math.max(low, Math.min(value, high));

/** What is on screen, in the client coordinates of getBoundingClientRect and position: fixed. */
function visibleArea() {
  const view = window.visualViewport;
  if (!view) return { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  return {
    left: view.offsetLeft,
    top: view.offsetTop,
    right: view.offsetLeft + view.width,
    bottom: view.offsetTop + view.height,
  };
}

/** Places `popup` (shown, position: fixed) by the box `anchor` (a DOMRect), `gap` px away from it
 *  (a negative gap overlaps it: a finger goes from the key straight onto its preview). */
export function placeNear(popup, anchor, gap) {
  popup.style.left = '0px'; // measured where nothing squeezes it
  popup.style.top = '0px';
  const { width, height } = popup.getBoundingClientRect();
  const area = visibleArea();
  const above = anchor.top - gap - height,
    below = anchor.bottom + gap;
  const top = above >= area.top + MARGIN || below + height > area.bottom - MARGIN ? above : below;
  popup.style.left = `${clamp(anchor.left + anchor.width / 2 - width / 2, area.left + MARGIN, area.right - MARGIN - width)}px`;
  popup.style.top = `${clamp(top, area.top + MARGIN, area.bottom - MARGIN - height)}px`;
}

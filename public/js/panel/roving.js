// roving.js owns the roving tabindex: a group of items that is one Tab stop,
// so that Tab enters the group once and the arrow keys move inside it; the
// stop is the item last moved to (or the one chosen), so that Tab back into
// the group returns there. The panel's pages of keys, its tab bar and each
// sent message's stickers are such groups.

/** Makes `stop` the one item of `items` that Tab reaches. */
export function makeStop(items, stop) {
  for (const item of items) item.tabIndex = item === stop ? 0 : -1;
}

/** In `container`, an item (`selector`) that takes the focus becomes the stop of its group, `groupOf(item)`. */
export function stopFollowsFocus(container, selector, groupOf) {
  container.addEventListener('focusin', (event) => {
    const item = event.target.closest?.(selector);
    if (item) makeStop(groupOf(item), item);
  });
}

// pinning.js owns the message list's place on screen: it stays pinned to
// its newest message while the panel or the on-screen keyboard (through
// visualViewport) takes height away, unless the user scrolled up.

export function initPinning(messages) {
  // "Pinned" follows the user's own scrolling; the scroll events our own
  // re-pinning causes arrive a frame late, after the list shrank further, so they are ignored.
  let pinned = true, ownScrollUntil = 0;
  messages.addEventListener('scroll', () => {
    if (performance.now() < ownScrollUntil) return;
    pinned = messages.scrollHeight - messages.scrollTop - messages.clientHeight < 4;
  });
  new ResizeObserver(() => {
    if (!pinned) return;
    ownScrollUntil = performance.now() + 150;
    messages.scrollTop = messages.scrollHeight;
  }).observe(messages);
  if (window.visualViewport) {
    const fit = () => document.documentElement.style.setProperty('--app-height', `${visualViewport.height}px`);
    visualViewport.addEventListener('resize', fit);
    fit();
  }
}

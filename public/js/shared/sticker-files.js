// sticker-files.js owns which files of a sticker's image show where. An
// animated sticker has a still poster: where many show at once (the panel's
// keys and tabs) the poster shows, as a page of moving keys is noise; where
// one is looked at (the editor, the messages, the long-press preview, a
// suggestion) it moves, unless the reader asks for reduced motion, as the
// server's <picture> chooses; a preference changed while the page is open
// applies at once to every such image shown.

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** The still files of a sticker's image (the image itself unless it moves). */
export const stillOf = (image) => image.poster ?? image;

/** The files of a sticker's image where it may move. */
const movingOrStill = (image) => (reducedMotion.matches ? stillOf(image) : image);

/** Shows `files` (`{src, srcset}`) in `img`. */
export function showFiles(img, { src, srcset }) {
  img.srcset = srcset;
  img.src = src;
}

/** Shows a sticker's `image` in `img` where it may move: moving, or its poster under reduced motion. */
export function showMayMove(img, image) {
  img.mayMove = image;
  showFiles(img, movingOrStill(image));
}

// Reduced motion turned on (or off) while the page is open: the images shown where they may move follow it
// at once (the messages', the editor's, a suggestion's, the preview's), not at their next drawing.
reducedMotion.addEventListener('change', () => {
  for (const img of document.images) if (img.mayMove) showFiles(img, movingOrStill(img.mayMove));
});

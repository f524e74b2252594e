// sticker-files.js owns which files of a sticker's image show where. An
// animated sticker has a still poster: where many show at once (the panel's
// keys and tabs) the poster shows, as a page of moving keys is noise; where
// one is looked at (the editor, the messages, the long-press preview, a
// suggestion) it moves, unless the reader asks for reduced motion, as the
// server's <picture> chooses.

const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

/** The still files of a sticker's image (the image itself unless it moves). */
export const stillOf = (image) => image.poster ?? image;

/** The files of a sticker's image where it may move. */
export const movingOrStill = (image) => (reducedMotion.matches ? stillOf(image) : image);

/** Shows `files` (`{src, srcset}`) in `img`. */
export function showFiles(img, { src, srcset }) {
  img.srcset = srcset;
  img.src = src;
}

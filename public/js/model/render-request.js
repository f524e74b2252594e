// Owns: the `POST /api/render` body for the JS model, validated as the server
// validates it (RenderOptions), and its response less the HTML (the page
// builds DOM nodes, never HTML strings). Apart from requests.js, whose
// fields reader it uses: the page never calls it, so startup does not load it.

import { TextBackedString } from './text-backed-string.js';
import { counts } from './counting.js';
import { unlimited } from './policy.js';
import { Fields, invalid, refuseNUL } from './requests.js';

/** `POST /api/render`: `{stickers, counts}` (the HTML is the server's; the page builds DOM). */
export function render(request, catalog) {
  const f = new Fields(request, '', ['text', 'options']);
  const text = f.requiredString('text');
  const options = f.object('options', ['baseURL', 'size', 'className', 'lineBreaks', 'wrapEmoji', 'lang']);
  if (options) checkRenderOptions(options);
  refuseNUL(text);
  const c = counts(new TextBackedString(text, catalog), unlimited);
  return { stickers: c.stickers, counts: c };
}

/** The languages of a rendered sticker's aria-label (RenderOptions.Language in Swift). */
const RenderLanguages = ['zh', 'en'];

/** The render options' rules (RenderOptions.validationProblem in Swift). */
function checkRenderOptions(o) {
  const baseURL = o.string('baseURL') ?? '/',
    size = o.int('size') ?? 20,
    className = o.string('className') ?? 'sticker';
  o.bool('lineBreaks');
  o.bool('wrapEmoji');
  o.choice('lang', RenderLanguages);
  if (size < 8 || size > 512) throw invalid('options.size must be between 8 and 512');
  if (!/^[A-Za-z0-9_ -]{1,64}$/.test(className))
    throw invalid('options.className must be 1–64 of A-Z a-z 0-9 - _ and spaces');
  const url = baseURL.toLowerCase();
  const schemeOK =
    url.startsWith('https://') || url.startsWith('http://') || (url.startsWith('/') && !url.startsWith('//'));
  if (
    !schemeOK ||
    new TextEncoder().encode(baseURL).length > 512 ||
    !/^[\x21-\x7E]*$/.test(baseURL) ||
    /["'<>\\`{}|^]/.test(baseURL)
  ) {
    throw invalid(
      'options.baseURL must be a path starting with / or an http(s):// URL, printable ASCII without quotes or angle brackets',
    );
  }
}

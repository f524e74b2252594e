// pasted-html.js owns reading a clipboard that holds HTML and no plain text
// (some apps copy only text/html): its text as a person reads it. A <br> and
// the edge of a block are line breaks, runs of white space are one space
// (not in <pre>), and an <img> is its alt, so a sticker copied from a page
// that renders codes (`<img alt="[微笑]">`) comes back as that sticker. The
// HTML is parsed into an inert document (DOMParser: no script runs, no image
// loads) and only text comes out of it; none of it is put into the page.
// One pass, without recursion (nesting depth is the sender's to choose).
// Loaded at the first such paste.

const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'DD',
  'DIV',
  'DL',
  'DT',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'TABLE',
  'TR',
  'UL',
]);
const UNSEEN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'TITLE', 'HEAD']);

/** The text of `html` as read; '' when it holds none. */
export function textOfHTML(html) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  let out = '';
  const lineBreak = () => {
    if (out && !out.endsWith('\n')) out += '\n';
  };
  // [node, leaving, inside <pre>]: a block's line break comes before and after it.
  const stack = [...[...body.childNodes].reverse().map((node) => [node, false, false])];
  while (stack.length) {
    const [node, leaving, pre] = stack.pop();
    if (leaving) {
      lineBreak();
      continue;
    }
    if (node.nodeType === Node.TEXT_NODE) {
      out += pre ? node.data : node.data.replace(/\s+/g, ' ');
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE || UNSEEN.has(node.nodeName)) continue;
    if (node.nodeName === 'BR') {
      out += '\n';
      continue;
    }
    if (node.nodeName === 'IMG') {
      out += node.alt;
      continue;
    }
    const block = BLOCKS.has(node.nodeName),
      inPre = pre || node.nodeName === 'PRE';
    if (block) {
      lineBreak();
      stack.push([node, true, inPre]);
    }
    for (let i = node.childNodes.length - 1; i >= 0; i--) stack.push([node.childNodes[i], false, inPre]);
  }
  // White space around a line break, and at the ends, is not read.
  return out.replace(/ *\n */g, '\n').trim();
}

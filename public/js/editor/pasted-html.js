// pasted-html.js owns reading a clipboard that holds HTML and no plain text
// (some apps copy only text/html): its text as a person reads it. A <br> and
// the edge of a block are line breaks, runs of white space are one space
// (not in <pre>), and an <img> is its alt, so a sticker copied from a page
// that renders codes (`<img alt="[微笑]">`) comes back as that sticker; an alt
// that is no code (a photo's description) comes in as words, which the
// answer says, for the note. The HTML is parsed into an inert document
// (DOMParser: no script runs, no image loads) and only text comes out of it;
// none of it is put into the page. Its <style> elements and style attributes
// are taken out first, by a tokenizer of HTML's own rules (withoutStyles):
// the parser would apply them as it parses, under the page's CSP, which
// refuses them (a violation logged at each such paste). Everything else, its
// text above all, goes to the parser as it came. Each step is one pass,
// without recursion (nesting depth is the sender's to choose). Loaded at the
// first such paste.

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
const CODE = /^\[[^[\]]+\]$/; // an alt shaped as a sticker's code

// Elements whose content is text up to their end tag (HTML's raw text and RCDATA): no tag inside one is a
// tag. Not <noscript>: DOMParser's document runs no script, so it parses its content as markup.
const TEXT_ONLY = new Set(['script', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);
const isSpace = (c) => c === ' ' || c === '\n' || c === '\t' || c === '\f' || c === '\r'; // HTML's, not \s
const isLetter = (c) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');

/** The tag that opens at `at` (`<` and a letter, or `</` and one), as the tokenizer reads it: its name,
 *  where it ends and its text without its style attributes. Attribute values are skipped whole, quoted
 *  ones to their quote, so a `>` or a `style=` inside one is not taken for markup. */
function tagAt(html, at) {
  const n = html.length;
  let i = html[at + 1] === '/' ? at + 2 : at + 1;
  while (i < n && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') i++;
  const name = html.slice(html[at + 1] === '/' ? at + 2 : at + 1, i).toLowerCase();
  let text = html.slice(at, i);
  while (i < n) {
    const c = html[i];
    if (c === '>') return { name, end: i + 1, text: `${text}>` };
    if (isSpace(c) || c === '/') {
      text += c;
      i++;
      continue;
    }
    // An attribute: its name (whose first character may be `=`), then `=` and a value if one follows.
    let end = i + 1;
    while (end < n && !isSpace(html[end]) && !'/>='.includes(html[end])) end++;
    const attribute = html.slice(i, end).toLowerCase();
    let j = end;
    while (j < n && isSpace(html[j])) j++;
    if (html[j] === '=') {
      j++;
      while (j < n && isSpace(html[j])) j++;
      if (html[j] === '"' || html[j] === "'") {
        const quote = html.indexOf(html[j], j + 1);
        end = quote < 0 ? n : quote + 1;
      } else {
        end = j;
        while (end < n && !isSpace(html[end]) && html[end] !== '>') end++;
      }
    }
    if (attribute !== 'style') text += html.slice(i, end);
    i = end;
  }
  return { name, end: n, text: html.slice(at) }; // a tag the text ends inside: the parser drops it, style and all
}

/** Where the first end tag `</name` (any case, then a space, `/` or `>`) at or after `from` starts; n if none. */
function endTagOf(html, name, from) {
  const pattern = new RegExp(`</${name}(?=[ \\n\\t\\f\\r/>])`, 'gi');
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? html.length;
}

/** `html` without its <style> elements and style attributes; the rest (text, comments, other markup)
 *  as it came. One pass: each character is read once, or once more by a search that the pass then skips. */
export function withoutStyles(html) {
  const n = html.length;
  let out = '',
    i = 0;
  while (i < n) {
    const open = html.indexOf('<', i);
    if (open < 0) break;
    out += html.slice(i, open);
    const next = html[open + 1] ?? '';
    let end;
    if (html.startsWith('<!--', open)) {
      // A comment: to `-->` or `--!>`; `<!-->` and `<!--->` end at once.
      const abrupt = /^<!--->|^<!-->/.exec(html.slice(open, open + 6));
      const close = /--!?>/g;
      close.lastIndex = open + 4;
      const found = abrupt ? null : close.exec(html);
      end = abrupt ? open + abrupt[0].length : found ? found.index + found[0].length : n;
    } else if (html.startsWith('<![CDATA[', open)) {
      const close = html.indexOf(']]>', open + 9); // in <svg> and <math>; left as it is elsewhere too
      end = close < 0 ? n : close + 3;
    } else if (next === '!' || next === '?' || (next === '/' && !isLetter(html[open + 2] ?? ''))) {
      const close = html.indexOf('>', open + 2); // a doctype, a bogus comment, `</>`
      end = close < 0 ? n : close + 1;
    } else if (isLetter(next) || next === '/') {
      const tag = tagAt(html, open);
      end = tag.end;
      if (next === '/') out += tag.text;
      else if (tag.name === 'style') end = tagAt(html, endTagOf(html, 'style', end)).end;
      else if (tag.name === 'plaintext') return out + tag.text + html.slice(end);
      else if (TEXT_ONLY.has(tag.name)) {
        const close = endTagOf(html, tag.name, end);
        out += tag.text + html.slice(end, close);
        end = close;
      } else out += tag.text;
      i = end;
      continue;
    } else end = open + 1; // a `<` that opens nothing is text
    out += html.slice(open, end);
    i = end;
  }
  return out + html.slice(i);
}

/** The text of `html` as read ('' when it holds none), and whether an image's alt that is no sticker code
 *  came in as words: `{text, altAsWords}`. */
export function readHTML(html) {
  const body = new DOMParser().parseFromString(withoutStyles(html), 'text/html').body;
  let out = '',
    altAsWords = false;
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
      if (node.alt.trim() && !CODE.test(node.alt.trim())) altAsWords = true;
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
  return { text: out.replace(/ *\n */g, '\n').trim(), altAsWords };
}

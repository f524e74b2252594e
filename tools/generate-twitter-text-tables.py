#!/usr/bin/env python3
"""Writes the data of twitter-text v3's URL rule once for the Swift core
(Sources/StickerText/Internal/TwitterTextTables.swift) and once for the page's JS
model (public/js/model/twitter-text-tables.js, loaded on demand), so both hold
the same tables. The one source is PyPI's twitter-text-parser 3.0.0 (a port of
twitter-text v3; tools/make-conformance-cases.py checks it against the official
conformance cases):

- the TLDs: the alternatives of its gTLD and ccTLD patterns, in order;
- every character class of its URL regex, evaluated with the regex's own flags
  (IGNORECASE) over all code points, as inclusive ranges;
- case folding for the literal parts (TLDs, http, xn--, t.co): which code points
  match which lowercase character under IGNORECASE.

A domain is checked as twitter-text's official JS build checks it (each
label's ASCII form, the punycode package's: IDNA.swift and urls.js), which
needs no table; not with IDNA 2003's nameprep, which the port runs
(tools/twitter_text_oracle.py).

The Unicode version (tools/unicode_sources.py's VERSION) does not reach these
tables: they are twitter-text v3's own character classes, and the one thing
in them that follows a Unicode version is IGNORECASE's case matching, which
is this Python's `re`, Unicode 14.0 in Python 3.11. Under 16.0's case
mappings and later one code point differs: U+A7DC LATIN CAPITAL LETTER
LAMBDA WITH STROKE (16.0), whose lowercase U+019B is in latin_accent_chars,
would join pathGeneral, pathEnding and asciiDomain (twitter-text's JS build
matches it in node 20, whose Unicode is 17.0). No registry here has 18.0's
case mappings as a file (unicodedata2 answers none; no package carries
UnicodeData.txt or CaseFolding.txt 18.0), so the tables stay as `re` makes
them.

Usage: python3 tools/generate-twitter-text-tables.py [--check]
Needs: pip install twitter-text-parser
"""
import os
import re
import sys

from twitter_text.regexp.cyrillic_letters_and_marks import cyrillic_letters_and_marks
from twitter_text.regexp.latin_accent_chars import latin_accent_chars
from twitter_text.regexp.valid_cctld import valid_cctld
from twitter_text.regexp.valid_domain_chars import valid_domain_chars
from twitter_text.regexp.valid_general_url_path_chars import valid_general_url_path_chars
from twitter_text.regexp.valid_gtld import valid_gtld
from twitter_text.regexp.valid_url_path_ending_chars import valid_url_path_ending_chars
from twitter_text.regexp.valid_url_preceding_chars import valid_url_preceding_chars
from twitter_text.regexp.valid_url_query_chars import valid_url_query_chars
from twitter_text.regexp.valid_url_query_ending_chars import valid_url_query_ending_chars

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALL = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]


def pattern(p):
    return p if isinstance(p, str) else p.pattern


def char_class(p):
    """The code points a one-character pattern matches, under the URL regex's IGNORECASE."""
    rx = re.compile(pattern(p), re.IGNORECASE)
    return [c for c in ALL if rx.fullmatch(chr(c))]


def ranges(points):
    out = []
    for c in sorted(points):
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return out


def alternatives(p):
    s = pattern(p)
    head, tail = '(?:(?:', ')(?=[^0-9a-zA-Z@+-]|$))'
    assert s.startswith(head) and s.endswith(tail), s[:20]
    return s[len(head):-len(tail)].split('|')


TLDS = alternatives(valid_gtld) + alternatives(valid_cctld)
assert all(t == t.lower() for t in TLDS)
# The matchers take the longest TLD that fits, which is the regex's choice only
# because no TLD comes before a longer one that it begins.
for i, a in enumerate(TLDS):
    assert not any(b.startswith(a) and b != a for b in TLDS[i + 1:]), a

latin = pattern(latin_accent_chars)
CLASSES = {
    # name: (code points, what it is)
    'preceding': (char_class(pattern(valid_url_preceding_chars).replace('|^', '')), 'may stand before a URL'),
    'domain': (char_class(valid_domain_chars), 'valid_domain_chars'),
    'pathGeneral': (char_class(valid_general_url_path_chars), 'valid_general_url_path_chars'),
    'pathEnding': (char_class(pattern(valid_url_path_ending_chars).split('|(?:')[0]), 'valid_url_path_ending_chars, but balanced parentheses'),
    'query': (char_class(valid_url_query_chars), 'valid_url_query_chars'),
    'queryEnding': (char_class(valid_url_query_ending_chars), 'valid_url_query_ending_chars'),
    'tldFollower': (char_class(r'[^0-9a-zA-Z@+-]'), 'may follow a TLD'),
    'asciiDomain': (char_class(r'[\-a-z0-9' + latin + ']'), 'a label of an ASCII-only domain'),
    'punycode': (char_class(r'[\-0-9a-z]'), 'after xn--'),
    'tcoSlug': (char_class(r'[a-z0-9]'), 'a t.co slug'),
}
assert set(CLASSES['queryEnding'][0]) <= set(CLASSES['query'][0])
assert set(CLASSES['pathEnding'][0]) <= set(CLASSES['pathGeneral'][0])
assert not {ord(c) for c in '()'} & set(CLASSES['pathGeneral'][0])
assert not {ord(c) for c in '.-_'} & set(CLASSES['domain'][0])
assert cyrillic_letters_and_marks  # in pathGeneral and pathEnding through their patterns

# Folding for the literals matched under IGNORECASE: code point -> the lowercase
# character it matches (identity pairs left out).
LITERAL_CHARS = sorted(set(''.join(TLDS)) | set('https://t.co/xn--'))
FOLD = {}
_any = re.compile('[' + ''.join(re.escape(x) for x in LITERAL_CHARS) + ']', re.IGNORECASE)
_each = {x: re.compile(re.escape(x), re.IGNORECASE) for x in LITERAL_CHARS}
for c in ALL:
    if chr(c) in LITERAL_CHARS or not _any.fullmatch(chr(c)):
        continue
    (x,) = [x for x, rx in _each.items() if rx.fullmatch(chr(c))]
    FOLD[c] = ord(x)

def rows(values, per_row, indent, fmt='0x%X'):
    out = []
    for i in range(0, len(values), per_row):
        out.append(indent + ', '.join(fmt % v for v in values[i:i + per_row]) + ',')
    return '\n'.join(out)


def flat(rs):
    return [v for r in rs for v in r]


def swift_string(s):
    return '"' + ''.join(ch if 0x20 <= ord(ch) < 0x7F and ch not in '"\\' else '\\u{%X}' % ord(ch) for ch in s) + '"'


def js_string(s):
    return "'" + ''.join(ch if 0x20 <= ord(ch) < 0x7F and ch not in "'\\" else '\\u{%X}' % ord(ch) for ch in s) + "'"


HEAD = ('Generated by tools/generate-twitter-text-tables.py from twitter-text-parser 3.0.0\n'
        "(twitter-text v3's URL rule). Do not edit.")


def tables():
    """The arrays both files hold, in order: (name, what it is, values, values per row)."""
    pairs = 'Inclusive [first, last] pairs: %s.'
    out = [(name, pairs % what, flat(ranges(points)), 8) for name, (points, what) in CLASSES.items()]
    out += [('fold', '[code point, the lowercase character it matches under IGNORECASE] pairs.', flat(sorted(FOLD.items())), 8)]
    return out


def swift():
    out = ['// ' + line for line in HEAD.split('\n')]
    out.append('enum TwitterTextTables {')
    out.append('    /// The gTLDs, then the ccTLDs, lowercase, separated by `|`.')
    out.append('    static let tlds = ' + swift_string('|'.join(TLDS)))
    for name, what, values, per_row in tables():
        out += ['    /// ' + what, '    static let %s: [UInt32] = [' % name, rows(values, per_row, '        '), '    ]']
    out.append('}')
    return '\n'.join(out) + '\n'


def js():
    out = ['// ' + line for line in HEAD.split('\n')]
    out.append('// Owns: the data of the twitter-text v3 URL rule (see urls.js), loaded on demand.')
    out.append('')
    out.append('/** The gTLDs, then the ccTLDs, lowercase, separated by `|`. */')
    out.append('export const tlds = ' + js_string('|'.join(TLDS)) + ';')
    for name, what, values, per_row in tables():
        out += ['/** %s */' % what, 'export const %s = [' % name, rows(values, per_row, '  '), '];']
    return '\n'.join(out) + '\n'


def main():
    files = {os.path.join(ROOT, 'Sources', 'StickerText', 'Internal', 'TwitterTextTables.swift'): swift(),
             os.path.join(ROOT, 'public', 'js', 'model', 'twitter-text-tables.js'): js()}
    stale = False
    for path, text in files.items():
        if '--check' in sys.argv[1:]:
            with open(path, encoding='utf-8') as f:
                if f.read() != text:
                    print('stale: ' + os.path.relpath(path, ROOT))
                    stale = True
        else:
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
            print('wrote %s' % os.path.relpath(path, ROOT))
    print('%d TLDs, %d folded code points' % (len(TLDS), len(FOLD)))
    sys.exit(1 if stale else 0)


if __name__ == '__main__':
    main()

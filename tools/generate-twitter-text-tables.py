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

The classes and the folding are twitter-text v3's own; the one thing in
them that follows a Unicode version is IGNORECASE's case matching, which
`re` does with its Python's case tables (Unicode 14.0 in Python 3.11). So
each is matched here as `re` matches it (its compiler's charset and literal
rules, and _sre's lowercase), with the case mappings of the Unicode version
tools/unicode_sources.py sets (unicodetype_db.h, CPython's case tables, from
unicodedata2's sdist); the same matching with this Python's own mappings
must give exactly what `re` gives, or the script stops. In 18.0 one code
point differs from `re`'s: U+A7DC LATIN CAPITAL LETTER LAMBDA WITH STROKE
(16.0), whose lowercase U+019B is in latin_accent_chars, is in pathGeneral,
pathEnding and asciiDomain (twitter-text's JS build matches it too in node
20, whose Unicode is 17.0).

Usage: python3 tools/generate-twitter-text-tables.py [--check]
Needs: pip install twitter-text-parser (and unicodedata2's sdist, which
tools/unicode_sources.py downloads and pins)
"""
import collections
import os
import re
import sys
from re import _constants as sre
from re import _parser

import _sre
import unicodedata
from re._casefix import _EXTRA_CASES

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

from unicode_sources import UNICODEDATA2_CASES, VERSION, fetch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALL = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
ALL_SET = set(ALL)


class Cases:
    """What `re`'s IGNORECASE reads of a Unicode version: each code point's lowercase and uppercase as
    _sre has them (the simple mapping, or the first code point of a longer full one), whether it is
    cased (its lowercase or uppercase is another), the extra cases (lowercases with one uppercase:
    re._casefix's) and, to look them up backwards, the code points of each lowercase. `upper` is
    None for this Python's own, which _sre does not show."""

    def __init__(self, lower, upper, cased, extra):
        self.lower, self.upper, self.cased, self.extra = lower, upper, cased, extra
        self.of_lower = collections.defaultdict(list)
        for c in ALL:
            self.of_lower[lower[c]].append(c)


def python_cases():
    """This Python's own, which `re` uses."""
    return Cases([_sre.unicode_tolower(c) for c in range(0x110000)], None,
                 [_sre.unicode_iscased(c) for c in range(0x110000)], _EXTRA_CASES)


def unicode_cases(header):
    """VERSION's, read from unicodetype_db.h as CPython's unicodectype.c reads it."""
    text = header.decode('utf-8')

    def array(name):
        return re.search(r'\b%s\[\] = \{(.*?)\};' % name, text, re.S).group(1)

    records = [[int(x) for x in r.split(',')] for r in re.findall(r'\{([-0-9, ]+)\}', array('_PyUnicode_TypeRecords'))]
    extended = [int(x, 0) for x in re.findall(r'0x[0-9A-Fa-f]+|[0-9]+', array('_PyUnicode_ExtendedCase'))]
    shift = int(re.search(r'#define SHIFT ([0-9]+)', text).group(1))
    index1 = [int(x) for x in re.findall(r'[0-9]+', array('index1'))]
    index2 = [int(x) for x in re.findall(r'[0-9]+', array('index2'))]
    lower, uppers, cased, by_upper = [], [], [], collections.defaultdict(set)
    for c in range(0x110000):
        upper, low, _, _, _, flags = records[index2[(index1[c >> shift] << shift) + (c & ((1 << shift) - 1))]]
        if flags & 0x4000:  # EXTENDED_CASE_MASK: offsets into the extended cases, a full mapping's length << 24
            lower.append(extended[low & 0xFFFF])
            full_upper = tuple(extended[(upper & 0xFFFF) + k] for k in range((upper >> 24) & 0xFF))
            simple_upper = extended[upper & 0xFFFF]
        else:
            lower.append(c + low)
            simple_upper = c + upper
            full_upper = (simple_upper,)
        uppers.append(simple_upper)
        cased.append(lower[c] != c or simple_upper != c)
        if not 0xD800 <= c <= 0xDFFF:
            by_upper[full_upper].add(lower[c])
    # As Python's Tools/build/generate_re_casefix.py: the lowercases that share one (full) uppercase.
    extra = {x: tuple(sorted(group - {x})) for group in by_upper.values() if len(group) > 1 for x in group}
    return Cases(lower, uppers, cased, extra)


def members(p, cases):
    """The code points the one-character pattern `p` matches under IGNORECASE with `cases`, as `re`'s
    compiler and _sre match them (literals, and sets of the BMP, in groups and branches)."""
    def matched(sub):
        (op, av), = list(sub)
        if op is sre.SUBPATTERN:
            return matched(av[-1])
        if op is sre.BRANCH:
            return set().union(*(matched(b) for b in av[1]))
        if op is sre.LITERAL:
            if not cases.cased[av]:
                return {av}
            keys = (cases.lower[av],) + cases.extra.get(cases.lower[av], ())
            return {c for k in keys for c in cases.of_lower[k]}
        if op is sre.IN:
            # _compiler._optimize_charset: a map of the BMP of each member's lowercase and its extra cases;
            # a member one of which is beyond the BMP goes, whole, to the set's tail, matched by the
            # lowercase (a range's, or its uppercase: RANGE_UNI_IGNORE).
            negate, charmap, cased, tail = False, set(), False, []
            for o, a in av:
                if o is sre.NEGATE:
                    negate = True
                    continue
                if o is sre.LITERAL:
                    points = [a]
                elif o is sre.RANGE:
                    points = range(a[0], a[1] + 1)
                else:
                    sys.exit('%r: %s in a set, which the matching here does not know' % (pattern(p), o))
                beyond = False
                for x in points:
                    for k in (cases.lower[x],) + cases.extra.get(cases.lower[x], ()):
                        if k > 0xFFFF:
                            beyond = True
                            break
                        charmap.add(k)
                    if beyond:
                        break
                if beyond:
                    if cases.upper is None:
                        sys.exit('%r: a set beyond the BMP with this Python\'s cases' % pattern(p))
                    tail.append((o, a))
                cased = cased or beyond or any(cases.cased[x] for x in points)
            if not cased:
                found = charmap
            else:  # IN_UNI_IGNORE: the code points whose lowercase is in the set
                found = {c for k in charmap for c in cases.of_lower[k]}
                for o, a in tail:
                    first, last = (a, a) if o is sre.LITERAL else a
                    found.update(c for c in ALL if first <= cases.lower[c] <= last or
                                 (o is sre.RANGE and first <= cases.upper[cases.lower[c]] <= last))
            return ALL_SET - found if negate else found & ALL_SET
        sys.exit('%r: %s, which the matching here does not know' % (pattern(p), op))
    return sorted(matched(_parser.parse(pattern(p), re.IGNORECASE)))


PYTHON_CASES = python_cases()
UNICODE_CASES = unicode_cases(fetch(UNICODEDATA2_CASES)['unicodetype_db.h'])


def as_re_matches(p):
    """`members` with this Python's cases, checked against `re` itself: the matching here is `re`'s."""
    rx = re.compile(pattern(p), re.IGNORECASE)
    by_re = [c for c in ALL if rx.fullmatch(chr(c))]
    if members(p, PYTHON_CASES) != by_re:
        sys.exit('%r: the matching here is not re\'s' % pattern(p))
    found = members(p, UNICODE_CASES)
    if found != by_re:
        CHANGED[pattern(p)] = sorted(set(found) ^ set(by_re))
    return found


# What VERSION's case mappings change from this Python's `re`, by pattern (the script says).
CHANGED = {}


def pattern(p):
    return p if isinstance(p, str) else p.pattern


def char_class(p):
    """The code points a one-character pattern matches, under the URL regex's IGNORECASE, in VERSION."""
    return as_re_matches(p)


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
_any = as_re_matches('[' + ''.join(re.escape(x) for x in LITERAL_CHARS) + ']')
_each = {x: set(as_re_matches(re.escape(x))) for x in LITERAL_CHARS}
for c in _any:
    if chr(c) in LITERAL_CHARS:
        continue
    (x,) = [x for x, matched in _each.items() if c in matched]
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
        "(twitter-text v3's URL rule), its IGNORECASE with Unicode %s's case mappings. Do not edit." % VERSION)


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
    # As swift-format lays it out (the line is longer than its 120 columns).
    out.append('    static let tlds =')
    out.append('        ' + swift_string('|'.join(TLDS)))
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
    print('%d TLDs, %d folded code points; Unicode %s' % (len(TLDS), len(FOLD), VERSION))
    for p, points in CHANGED.items():
        print('  %s: %s, not as this Python\'s re (Unicode %s)' % (
            p[:40] + ('...' if len(p) > 40 else ''), ' '.join('U+%04X' % c for c in points), unicodedata.unidata_version))
    sys.exit(1 if stale else 0)


if __name__ == '__main__':
    main()

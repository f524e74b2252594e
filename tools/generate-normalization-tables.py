#!/usr/bin/env python3
"""Writes the data of Unicode normalization (NFC and NFKC, UAX #15) from the
Unicode Character Database (the version tools/unicode_sources.py sets), once
for the Swift core (Sources/StickerText/Internal/NormalizationTable.swift) and
once for the page's JS model (public/js/model/normalization-table.js, with
NFKC's part in compatibility-table.js): the same three strings, which
Normalization.swift, normalization.js and compatibility.js read. Neither
Foundation's NFC (which on Linux cuts a scalar beyond U+FFFF to its low 16
bits before composing a mark after it, and leaves LV + T apart) nor a
browser's `normalize()` (its own ICU's Unicode version) decides.

- the canonical combining class of every code point that has one
  (UnicodeData.txt's field 3), as ranges;
- each canonical decomposition mapping (field 5 without a <tag>), marked as
  a primary composite (one that NFC composes back: `=`) or not (`>`: a
  singleton, a non-starter decomposition or a Full_Composition_Exclusion of
  CompositionExclusions.txt); Hangul syllables are left to the algorithm;
- each compatibility decomposition mapping (field 5 with a <tag>), for NFKC.
Mappings are one level deep, as the UCD has them; the readers expand them.

The data comes from PyPI, from two packages built apart from the UCD's
files, each checked against the other: unicodedata2's combining classes and
one-level mappings (UnicodeData.txt's fields, run in a subprocess) are
written; pyunormalize's data modules (read through `ast`, never run) must
agree with them: the same classes, the same full decompositions, the same
composition pairs once the exclusions are out, and the quick-check sets
DerivedNormalizationProps.txt states must be those the mappings imply. It is
checked too against what no PyPI file decides: every code point of Unicode
15.0 (Debian's unicode-data package, /usr/share/unicode/UnicodeData.txt and
CompositionExclusions.txt) must have the same combining class and
decomposition, as normalization stability requires; and every mark that NFC
reorders or composes must be one that never starts a grapheme cluster after
a letter (Grapheme_Cluster_Break Extend, SpacingMark, V or T), so that NFC
of a text is the NFC of each of its clusters.

It also copies Unicode's NormalizationTest.txt of the same version (which
pyunormalize's sdist carries) into Tests/unicode/, after unicodedata2's
normalize() has passed every line of it.

Usage: python3 tools/generate-normalization-tables.py [--check]
  --check: exit 1 if a written file differs from what it would write (make test runs it).
"""
import ast
import json
import os
import subprocess
import sys

from unicode_sources import CACHE, GRAPHEMEU, PYUNORMALIZE, ROOT, UNICODEDATA2, VERSION, fetch, records, write_or_check

DEBIAN = '/usr/share/unicode'
HANGUL = range(0xAC00, 0xD7A4)


def literals(source):
    """The module-level literals of one of pyunormalize's data modules, by name (sets may hold
    *range(a, b + 1))."""
    def value(node):
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            return value(node.left) + value(node.right)
        if isinstance(node, ast.List):
            return [value(e) for e in node.elts]
        if isinstance(node, ast.Tuple):
            return tuple(value(e) for e in node.elts)
        if isinstance(node, ast.Dict):
            return {value(k): value(v) for k, v in zip(node.keys, node.values)}
        if isinstance(node, ast.Set):
            out = set()
            for e in node.elts:
                if isinstance(e, ast.Starred):
                    call = e.value
                    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == 'range'):
                        raise ValueError('unexpected %s' % ast.dump(e))
                    out.update(range(*(value(a) for a in call.args)))
                else:
                    out.add(value(e))
            return out
        raise ValueError('unexpected %s' % ast.dump(node))

    out = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = value(node.value)
            except ValueError:
                pass  # derived values (a | b): not data
    return out


def debian_unicode_data():
    """{code point: (ccc, decomposition field)} of every code point UnicodeData.txt 15.0 assigns."""
    out = {}
    first = None
    with open(os.path.join(DEBIAN, 'UnicodeData.txt'), encoding='utf-8') as f:
        for line in f:
            fields = line.rstrip('\n').split(';')
            c = int(fields[0], 16)
            entry = (int(fields[3]), fields[5])
            if fields[1].endswith(', First>'):
                first = c
                continue
            if fields[1].endswith(', Last>'):
                for k in range(first, c + 1):
                    out[k] = entry
                continue
            out[c] = entry
    return out


def decomposition_field(c, canonical, compatibility, tags):
    """`c`'s decomposition as UnicodeData.txt's field 5 writes it (a <tag> first for a compatibility one)."""
    if c in canonical:
        return ' '.join('%04X' % x for x in canonical[c])
    if c in compatibility:
        return tags[c] + ' ' + ' '.join('%04X' % x for x in compatibility[c])
    return ''


def pyunormalize_data(files):
    """pyunormalize's data modules' literals, all in one dictionary."""
    data = {}
    for name in files:
        if name.startswith('pyunormalize-') and name.endswith('.py'):
            module = literals(files[name].decode('utf-8'))
            if module.get('UNICODE_VERSION') != VERSION:
                sys.exit('%s: pyunormalize data of Unicode %s' % (name, module.get('UNICODE_VERSION')))
            data.update(module)
    return data


def tables(files, ucd):
    """`ucd`: unicodedata2's [combining class, decomposition field] of every code point but the surrogates."""
    data = pyunormalize_data(files)
    ccc, canonical, compatibility, tags = {}, {}, {}, {}
    codes = [c for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    for c, (k, field) in zip(codes, ucd):
        if k:
            ccc[c] = k
        if not field or c in HANGUL:
            continue
        parts = field.split(' ')
        if parts[0].startswith('<'):
            tags[c] = parts[0]
            compatibility[c] = [int(x, 16) for x in parts[1:]]
        else:
            canonical[c] = [int(x, 16) for x in parts]
    if data['NON_ZERO_CCC_TABLE'] != ccc:
        sys.exit('combining classes: unicodedata2 and pyunormalize differ')
    def full(c, table):
        return [x for m in table.get(c, [c]) for x in (full(m, table) if m != c else [c])]
    if {c: list(m) for c, m in data['FULL_CDECOMP_BY_CHAR'].items()} != {c: full(c, canonical) for c in canonical}:
        sys.exit('canonical decompositions: unicodedata2 and pyunormalize differ')
    both = {**canonical, **compatibility}
    kdecomposed = {c: full(c, both) for c in both}
    if {c: list(m) for c, m in data['FULL_KDECOMP_BY_CHAR'].items()} != kdecomposed:
        sys.exit('compatibility decompositions: unicodedata2 and pyunormalize differ')
    # The primary composites: the pairs pyunormalize composes; any other pair is excluded (CompositionExclusions.txt
    # or a non-starter decomposition).
    composites = {c for c in data['COMPOSITE_BY_CDECOMP'].values()}
    if any(tuple(canonical.get(c, ())) != pair for pair, c in data['COMPOSITE_BY_CDECOMP'].items()):
        sys.exit('a composition pair of pyunormalize is not a canonical mapping of unicodedata2')
    exclusions = {c for c, m in canonical.items() if len(m) == 2 and c not in composites}

    # Full_Composition_Exclusion: the exclusions, singletons and non-starter decompositions.
    excluded = set(exclusions)
    for c, mapping in canonical.items():
        if len(mapping) == 1 or ccc.get(c, 0) or ccc.get(mapping[0], 0):
            excluded.add(c)
    pairs = {tuple(m): c for c, m in canonical.items() if c not in excluded}
    if any(len(m) != 2 for m in pairs):
        sys.exit('a primary composite that is not a pair')

    # The quick-check sets DerivedNormalizationProps.txt states are those the mappings imply.
    # Maybe: a scalar that composes with the one before it, or a composite that starts with one (since
    # 16.0: U+113C5 is U+113C2 U+113C2, and after U+1138B its first half composes with that instead).
    seconds = {b for _, b in pairs} | set(range(0x1161, 0x1176)) | set(range(0x11A8, 0x11C3))
    while True:
        more = {c for c, m in canonical.items() if c not in excluded and m[0] in seconds} - seconds
        if not more:
            break
        seconds |= more
    if data['NFC_QC_NO'] != excluded or data['NFC_QC_MAYBE'] != seconds:
        sys.exit('NFC_QC differs from what the mappings imply')
    compatible = {c for c in canonical if any(x in compatibility for x in full(c, canonical))}
    if data['NFKC_QC_NO'] != excluded | set(compatibility) | compatible or data['NFKC_QC_MAYBE'] != seconds:
        sys.exit('NFKC_QC differs from what the mappings imply')

    # Stability: every code point Unicode 15.0 assigns kept its class and decomposition.
    old = debian_unicode_data()
    for c, (old_ccc, old_field) in old.items():
        if c in HANGUL:
            continue
        field = decomposition_field(c, canonical, compatibility, tags)
        if (ccc.get(c, 0), field) != (old_ccc, old_field):
            sys.exit('U+%04X: %s in %s, %s in 15.0' % (c, (ccc.get(c, 0), field), VERSION, (old_ccc, old_field)))
    with open(os.path.join(DEBIAN, 'CompositionExclusions.txt'), 'rb') as f:
        old_exclusions = {c for first, last, _ in records(f.read()) for c in range(first, last + 1)}
    if not old_exclusions <= exclusions:
        sys.exit('an exclusion of 15.0 is not one of %s' % VERSION)

    # The readers keep flat tables below U+20000: above, only the CJK compatibility ideographs.
    for c in set(ccc) | set(canonical) | set(compatibility):
        if c >= 0x20000 and not (0x2F800 <= c <= 0x2FA1D and c in canonical and len(canonical[c]) == 1):
            sys.exit('U+%04X: normalization data above U+20000 the readers do not expect' % c)

    # NFC never joins or reorders across a grapheme cluster boundary.
    gcb = {}
    for first, last, fields in records(files['GraphemeBreakProperty.txt']):
        for c in range(first, last + 1):
            gcb[c] = fields[0]
    for c in ccc:
        if gcb.get(c) != 'Extend':
            sys.exit('U+%04X: a non-starter of Grapheme_Cluster_Break %s' % (c, gcb.get(c, 'Other')))
    for (_, b) in pairs:
        if gcb.get(b) not in ('Extend', 'SpacingMark', 'V', 'T'):
            sys.exit('U+%04X composes after a starter but is of Grapheme_Cluster_Break %s' % (b, gcb.get(b, 'Other')))
    return ccc, canonical, excluded, compatibility, tags, seconds


ORACLE = r'''
import json, sys, unicodedata2 as u
assert u.unidata_version == sys.argv[1], u.unidata_version
test = sys.stdin.read()
forms = ('NFC', 'NFD', 'NFKC', 'NFKD')
failures = []
for line in test.splitlines():
    body = line.split('#', 1)[0].strip()
    if not body or body.startswith('@'):
        continue
    c = [''.join(chr(int(x, 16)) for x in f.split()) for f in body.split(';')[:5]]
    # NFC: c2 = NFC(c1..c3), c4 = NFC(c4, c5); NFD: c3 = NFD(c1..c3), c5 = NFD(c4, c5);
    # NFKC: c4 = NFKC(c1..c5); NFKD: c5 = NFKD(c1..c5).
    want = {'NFC': [c[1]] * 3 + [c[3]] * 2, 'NFD': [c[2]] * 3 + [c[4]] * 2, 'NFKC': [c[3]] * 5, 'NFKD': [c[4]] * 5}
    if any(u.normalize(f, x) != y for f in forms for x, y in zip(c, want[f])):
        failures.append(body)
print(json.dumps({
    'data': [[u.combining(chr(c)), u.decomposition(chr(c))] for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF],
    'failures': failures,
}))
'''


def oracle(test):
    """unicodedata2's [combining class, decomposition field] of every code point but the surrogates, once its
    normalize() has passed every line of NormalizationTest.txt (`test`)."""
    run = subprocess.run([sys.executable, '-c', ORACLE, VERSION], input=test.decode('utf-8'), capture_output=True,
                         text=True, env=dict(os.environ, PYTHONPATH=CACHE))
    if run.returncode != 0:
        sys.exit('unicodedata2: ' + run.stderr)
    answer = json.loads(run.stdout)
    if answer['failures']:
        sys.exit('unicodedata2 %s fails %d lines of NormalizationTest.txt, first: %s'
                 % (VERSION, len(answer['failures']), answer['failures'][0]))
    return answer['data']


def class_ranges(ccc):
    out = []
    for c in sorted(ccc):
        if out and out[-1][1] == c - 1 and out[-1][2] == ccc[c]:
            out[-1][1] = c
        else:
            out.append([c, c, ccc[c]])
    return ' '.join(('%X' % a if a == b else '%X-%X' % (a, b)) + ':%d' % k for a, b, k in out)


def mappings(table, composing=lambda c: False):
    return ' '.join('%X%s%s' % (c, '=' if composing(c) else '>', '.'.join('%X' % x for x in table[c]))
                    for c in sorted(table))


HEAD = ('Generated by tools/generate-normalization-tables.py from the Unicode Character Database %s\n'
        "(UnicodeData.txt's combining classes and decomposition mappings, CompositionExclusions.txt),\n"
        "from PyPI's %s, checked against %s;\n"
        "the data is Unicode, Inc.'s, under the Unicode License v3 (Tests/unicode/README.md).\n"
        'Do not edit: run the script again.'
        % (VERSION, UNICODEDATA2[0].replace('==', ' '), PYUNORMALIZE[0].replace('==', ' ')))
FORMAT = [
    'combiningClasses: "first-last:class" (or "first:class"), hex code points, decimal classes;',
    'canonicalDecompositions: "code=mapping" for a primary composite (NFC composes the pair back),',
    '"code>mapping" for any other; compatibilityDecompositions: "code>mapping". Hex, a mapping\'s',
    "code points joined by '.', entries by spaces; one level deep, as the UCD has them.",
]


def wrapped(text, width):
    """`text` cut at spaces into lines of at most `width` characters, each but the last ending in a space."""
    lines, line = [], ''
    for word in text.split(' '):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line + ' ')
            line = word
        else:
            line = word if not line else line + ' ' + word
    return lines + [line]


def swift(strings):
    out = ['// ' + line for line in HEAD.split('\n')]
    out += ['', '/// The data of `Normalization` (NFC, NFKC), as the page\'s JS model has it too.',
            'enum NormalizationTable {', '    /// The Unicode version of the data.',
            '    static let unicodeVersion = "%s"' % VERSION]
    out += ['    // ' + line for line in FORMAT]
    for name, text in strings:
        out += ['    static let %s = """' % name]
        out += ['        ' + line.replace(' ', ' ') if False else '        ' + line.rstrip(' ') + (' \\' if line.endswith(' ') else '')
                for line in wrapped(text, 110)]
        out += ['        """']
    out += ['}']
    return '\n'.join(out) + '\n'


def js(strings, owns):
    out = ['// ' + line for line in HEAD.split('\n')]
    out += ['// Owns: ' + owns, '', "export const UNICODE_VERSION = '%s';" % VERSION, '']
    out += ['// ' + line for line in FORMAT]
    for name, text in strings:
        out += ['export const %s =' % name]
        lines = wrapped(text, 110)
        out += ["  '%s'%s" % (line, ' +' if k + 1 < len(lines) else ';') for k, line in enumerate(lines)]
    return '\n'.join(out) + '\n'


def main():
    check = '--check' in sys.argv[1:]
    files = fetch(PYUNORMALIZE, GRAPHEMEU, UNICODEDATA2)
    test = files['NormalizationTest.txt']
    if not test.startswith(('# NormalizationTest-%s.txt' % VERSION).encode()):
        sys.exit('NormalizationTest.txt is not version %s' % VERSION)
    ccc, canonical, excluded, compatibility, tags, seconds = tables(files, oracle(test))
    strings = [
        ('combiningClasses', class_ranges(ccc)),
        ('canonicalDecompositions', mappings(canonical, lambda c: c not in excluded)),
        ('compatibilityDecompositions', mappings(compatibility)),
    ]
    outputs = {
        os.path.join(ROOT, 'Sources', 'StickerText', 'Internal', 'NormalizationTable.swift'): swift(strings).encode(),
        # NFC's data apart from NFKC's, which only search and URLs' domains need: the weighted count loads less.
        os.path.join(ROOT, 'public', 'js', 'model', 'normalization-table.js'): js(strings[:2], (
            "the data of NFC (normalization.js reads it), the Swift core's\n// NormalizationTable with "
            'compatibility-table.js.')).encode(),
        os.path.join(ROOT, 'public', 'js', 'model', 'compatibility-table.js'): js(strings[2:], (
            "the compatibility decompositions of NFKC (compatibility.js reads them), the rest of the Swift\n"
            "// core's NormalizationTable.")).encode(),
        os.path.join(ROOT, 'Tests', 'unicode', 'NormalizationTest.txt'): test,
    }
    current = write_or_check(outputs, check, 'generate-normalization-tables.py')
    print('Unicode %s: %d combining classes, %d canonical mappings (%d composing), %d compatibility mappings'
          % (VERSION, len(ccc), len(canonical), sum(1 for c in canonical if c not in excluded), len(compatibility)))
    sys.exit(0 if current else 1)


if __name__ == '__main__':
    main()

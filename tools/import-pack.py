#!/usr/bin/env python3
"""Imports packs, with their search keys: a plist of the iOS originals, or
another system's emoji (Mastodon, Misskey, Pleroma, Matrix, Slack).

    python3 tools/import-pack.py --from lxweibo --id lx [--images DIR] [--out public/stickers] info.plist
    python3 tools/import-pack.py --from misskey --out public/stickers emojis.zip

Takes exactly the arguments of `stickertext import` (the Swift parser: one
reader of the plist formats), runs it, then gives every sticker of each pack
it wrote its pinyin and initials (tools/search_keys.py, pypinyin), so an
imported pack is searchable as the default packs are. The CLI is
$STICKERTEXT_CLI, else .build/release/stickertext, else `stickertext` on PATH.
"""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from search_keys import fill_file  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))


def cli():
    for candidate in (os.environ.get('STICKERTEXT_CLI'), os.path.join(ROOT, '.build', 'release', 'stickertext'),
                      shutil.which('stickertext')):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    sys.exit('import-pack: no stickertext CLI (make build, or set STICKERTEXT_CLI)')


def main():
    run = subprocess.run([cli(), 'import', *sys.argv[1:]], stdout=subprocess.PIPE, text=True)
    sys.stdout.write(run.stdout)
    if run.returncode != 0:
        sys.exit(run.returncode)
    # A dry run names the pack.json files it would write, and wrote none.
    if '--dry-run' in sys.argv[1:]:
        return
    # The CLI names each pack.json it wrote at the start of a line.
    for file in re.findall(r'^(.+/pack\.json): ', run.stdout, flags=re.M):
        written = fill_file(file)
        print(f'{file}: search keys of {written} stickers written')


if __name__ == '__main__':
    main()

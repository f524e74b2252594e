#!/usr/bin/env python3
"""The search keys of sticker packs: each sticker's full pinyin and initials.

A sticker's Chinese name is read as one word by PyPI pypinyin (its phrase
dictionary picks the reading: 哈哈 → haha, 长大 → zhangda), without tones,
ü written v; only the Han syllables count, lowercase ASCII a-z. The keys are
stored in pack.json (fields "pinyin" and "initials"), so the service needs no
dictionary at run time; a name without Han characters has no keys.

    python3 tools/search_keys.py PACK...           fill in or refresh the keys
    python3 tools/search_keys.py --check PACK...   exit 1 if any key is stale

PACK is a pack folder, its pack.json, or a folder of pack folders. Used by
tools/generate-default-packs.py and tools/import-pack.py.
"""
import argparse
import glob
import json
import os
import re
import sys

from pypinyin import Style, lazy_pinyin

HAN = re.compile(r'[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]')


def search_keys(name_zh):
    """{'pinyin': …, 'initials': …} for a Chinese name, or {} when it has no Han."""
    syllables = [s for s, c in zip(lazy_pinyin(name_zh, errors=lambda chars: ['?'] * len(chars)), name_zh)
                 if HAN.match(c)]
    syllables = [s.lower() for s in syllables if re.fullmatch(r'[a-zA-Z]+', s)]
    if not syllables:
        return {}
    return {'pinyin': ''.join(syllables), 'initials': ''.join(s[0] for s in syllables)}


def with_keys(sticker):
    """The sticker with its pinyin and initials as its Chinese name gives them."""
    out = {k: v for k, v in sticker.items() if k not in ('pinyin', 'initials')}
    out.update(search_keys(sticker['name']['zh']))
    return out


def pack_files(paths):
    for path in paths:
        if os.path.isfile(path):
            yield path
        elif os.path.isfile(os.path.join(path, 'pack.json')):
            yield os.path.join(path, 'pack.json')
        else:
            found = sorted(glob.glob(os.path.join(path, '*', 'pack.json')))
            if not found:
                sys.exit(f'{path}: no pack.json here or one folder down')
            yield from found


def write_pack(file, pack):
    with open(file, 'w', encoding='utf-8') as f:
        f.write(json.dumps(pack, ensure_ascii=False, indent=1) + '\n')


def fill_file(file):
    """Writes the keys into one pack.json; how many stickers changed."""
    with open(file, encoding='utf-8') as f:
        pack = json.load(f)
    stickers = [with_keys(s) for s in pack['stickers']]
    changed = sum(1 for s, old in zip(stickers, pack['stickers']) if s != old)
    if changed:
        write_pack(file, {**pack, 'stickers': stickers})
    return changed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--check', action='store_true', help='report stale keys, change nothing')
    parser.add_argument('packs', nargs='+')
    args = parser.parse_args()
    stale = 0
    for file in pack_files(args.packs):
        with open(file, encoding='utf-8') as f:
            pack = json.load(f)
        stickers = [with_keys(s) for s in pack['stickers']]
        changed = [(i, s) for i, (s, old) in enumerate(zip(stickers, pack['stickers'])) if s != old]
        if args.check:
            for i, s in changed:
                print(f'{file}: stickers[{i}] {s["name"]["zh"]}: pinyin/initials should be '
                      f'{s.get("pinyin")!r}/{s.get("initials")!r}')
            stale += len(changed)
        elif changed:
            print(f'{file}: search keys of {fill_file(file)} stickers written')
    sys.exit(1 if stale else 0)


if __name__ == '__main__':
    main()

"""Safe HTML, checked by a real HTML5 parser (html5lib): over a large
generated corpus, rendered output holds only the elements and attributes the
renderer writes, every URL is under the configured base, each sticker's
aria-label is its name in the lang asked for, and the text plus the alts give
back the input exactly. An animated sticker, and only one, is a <picture>
holding exactly one <source> (media for reduced motion, its poster's srcset)
and then its <img>, nothing else."""
import json
import os
import random

import html5lib
import pytest

from service import ROOT

SHARES_THE_MACHINE = True  # it measures no time: run.py runs it beside the engines' runs

ALLOWED_IMG = {'class', 'src', 'srcset', 'width', 'height', 'alt', 'title', 'aria-label', 'draggable'}
REDUCED_MOTION = '(prefers-reduced-motion: reduce)'


def packs():
    """Every code in the packs, with the name of its sticker ({'zh', 'en'}); and each animated
    sticker's code with its pack folder and poster files ({'1x', '2x', '3x'})."""
    names, posters = {}, {}
    for pack in sorted(os.listdir(os.path.join(ROOT, 'public', 'stickers'))):
        path = os.path.join(ROOT, 'public', 'stickers', pack, 'pack.json')
        if os.path.exists(path):
            for s in json.load(open(path, encoding='utf-8'))['stickers']:
                for code in ([s['tag']] if 'tag' in s else []) + s.get('aliases', []):
                    names[code] = s['name']
                    if s.get('image', {}).get('animated'):
                        posters[code] = (pack, s['image']['poster'])
    return names, posters


NAMES, POSTERS = packs()


def codes():
    return list(NAMES)


HOSTILE = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "' onmouseover='x", 'javascript:alert(1)',
           '&lt;', '&amp;', '&#x3C;', '&#0;', '&', '<', '>', '"', "'", '`', '</span>', '<br>', '<!--', '-->', ']]>',
           'onerror=', 'style="x"', '[', ']', '[[', ']]', '[微笑', '微笑]', '\n', '\r\n', '\r', '\t', '\x0c', '\x01',
           '\x1f', '\x7f', '\x85', '\u2028', '\ufeff', '\ufffe', 'é', 'e\u0301', '👨‍👩‍👧‍👦', '👍🏽', '🇨🇳', '#️⃣', '中文',
           '[smile', 'x[doge]y', '[没有]', '[a&b]', '<img alt="[微笑]">', '\x00']


def corpus(seed=20261121, n=2500):
    rng = random.Random(seed)
    known = codes()
    items = [c for c in known]  # every code in the packs, alone
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(0, 12)):
            r = rng.random()
            if r < 0.3:
                parts.append(rng.choice(known))
            elif r < 0.6:
                parts.append(rng.choice(HOSTILE))
            else:
                cp = rng.randint(1, 0x10FFFF)
                if 0xD800 <= cp <= 0xDFFF:
                    cp = 0xFFFD
                parts.append(chr(cp))
        items.append(''.join(parts))
    return items


def options(rng):
    base = rng.choice(['/', 'https://cdn.example.com/st/', 'http://127.0.0.1:9/x/'])
    return {'baseURL': base, 'size': rng.choice([16, 20, 48]), 'className': rng.choice(['sticker', 'emo big']),
            'lineBreaks': rng.random() < 0.7, 'wrapEmoji': rng.random() < 0.5, 'lang': rng.choice(['zh', 'en'])}


def check(html, text, opts):
    """Walks the parsed fragment; returns the text the reader sees (with alts)."""
    fragment = html5lib.parseFragment(html, treebuilder='etree', namespaceHTMLElements=False)
    out = [fragment.text or '']
    base = opts['baseURL'] if opts['baseURL'].endswith('/') else opts['baseURL'] + '/'

    def image(el):
        assert el.tag == 'img', el.tag
        assert set(el.attrib) <= ALLOWED_IMG and {'src', 'alt', 'aria-label'} <= set(el.attrib), el.attrib
        assert el.attrib['class'] == opts['className']
        assert el.attrib['aria-label'] == NAMES[el.attrib['alt']][opts.get('lang', 'zh')], el.attrib
        assert el.attrib['draggable'] == 'false'
        assert el.attrib['src'].startswith(base) and '/stickers/' in el.attrib['src']
        for candidate in el.attrib['srcset'].split(', '):
            url, density = candidate.rsplit(' ', 1)
            assert url.startswith(base) and density in ('2x', '3x')
        assert len(el) == 0 and not el.text
        out.append(el.attrib['alt'])

    def walk(el, depth):
        tag = el.tag
        if tag == 'img':
            assert el.attrib.get('alt') not in POSTERS, f'an animated sticker outside <picture>: {el.attrib}'
            image(el)
        elif tag == 'picture':
            # Exactly <picture><source media srcset><img …></picture>: no attributes, no text between.
            assert not el.attrib and not el.text and [c.tag for c in el] == ['source', 'img'], (el.attrib, [c.tag for c in el])
            source, img = el
            assert set(source.attrib) == {'media', 'srcset'} and source.attrib['media'] == REDUCED_MOTION, source.attrib
            assert len(source) == 0 and not source.text and not source.tail and not img.tail
            assert img.attrib.get('alt') in POSTERS, f'a still sticker in <picture>: {img.attrib}'
            pack, poster = POSTERS[img.attrib['alt']]
            folder = f'{base}stickers/{pack}/'
            assert source.attrib['srcset'] == f"{folder}{poster['1x']} 1x, {folder}{poster['2x']} 2x, {folder}{poster['3x']} 3x"
            image(img)
        elif tag == 'br':
            assert not el.attrib and len(el) == 0
            out.append('\n')
        elif tag == 'span':
            assert el.attrib == {'class': 'emoji'} and depth == 0 and opts['wrapEmoji']
            out.append(el.text or '')
            for child in el:
                walk(child, depth + 1)
        else:
            raise AssertionError(f'unexpected element <{tag}>')
        out.append(el.tail or '')

    for child in fragment:
        walk(child, 0)
    seen = ''.join(out)
    if not opts['lineBreaks']:
        assert '<br' not in html
    assert seen == text, (text, html)


def test_rendered_html_is_safe_and_gives_the_text_back(service):
    rng = random.Random(7)
    checked = refused = 0
    for text in corpus():
        opts = options(rng)
        r = service.post_json('/api/render', {'text': text, 'options': opts})
        if '\x00' in text:
            assert r.status == 400 and r.json()['error']['code'] == 'invalid_request'
            refused += 1
            continue
        assert r.status == 200, (text, r.body[:200])
        check(r.json()['html'], text, opts)
        checked += 1
    print(f'{checked} renders checked by html5lib, {refused} with NUL refused')
    assert checked > 2000 and refused > 0


def test_the_embeddable_fragment_is_as_safe(service):
    from urllib.parse import quote
    for text in corpus(seed=5, n=300):
        if '\x00' in text:
            continue
        r = service.request('GET', '/api/render?text=' + quote(text, safe=''))
        assert r.status == 200
        check(r.text, text, {'baseURL': '/', 'className': 'sticker', 'lineBreaks': True, 'wrapEmoji': False})
    # Every code in both languages, a few dozen per request (a URL over 8 KiB is 414).
    known = codes()
    for lang in ('zh', 'en'):
        for start in range(0, len(known), 40):
            text = ''.join(known[start:start + 40])
            r = service.request('GET', '/api/render?text=' + quote(text, safe='') + '&lang=' + lang)
            assert r.status == 200
            check(r.text, text, {'baseURL': '/', 'className': 'sticker', 'lineBreaks': True, 'wrapEmoji': False, 'lang': lang})


SPIN_SOURCE = (f'<source media="{REDUCED_MOTION}" srcset="/stickers/motion/spin-poster.png 1x, '
               '/stickers/motion/spin-poster@2x.png 2x, /stickers/motion/spin-poster@3x.png 3x">')
SPIN_IMG = ('<img class="sticker" src="/stickers/motion/spin.png" srcset="/stickers/motion/spin@2x.png 2x, '
            '/stickers/motion/spin@3x.png 3x" width="20" height="20" alt="[转圈]" title="转圈" aria-label="转圈" draggable="false">')
SMILE_IMG = ('<img class="sticker" src="/stickers/weibo/smile.png" srcset="/stickers/weibo/smile@2x.png 2x, '
             '/stickers/weibo/smile@3x.png 3x" width="20" height="20" alt="[微笑]" title="微笑" aria-label="微笑" draggable="false">')


def test_the_checker_passes_an_animated_sticker_as_the_renderer_writes_it():
    check(f'a<picture>{SPIN_SOURCE}{SPIN_IMG}</picture>{SMILE_IMG}', 'a[转圈][微笑]',
          {'baseURL': '/', 'className': 'sticker', 'lineBreaks': True, 'wrapEmoji': False})


@pytest.mark.parametrize('html,text', [
    ('<b>x</b>', 'x'),  # an element the renderer never writes
    ('<img class="sticker" src="javascript:alert(1)" srcset="/a 2x, /b 3x" alt="[微笑]" draggable="false">', '[微笑]'),
    ('<img class="sticker" src="/stickers/a.png" srcset="/a 2x, /b 3x" alt="[微笑]" draggable="false" onerror="x">', '[微笑]'),
    ('<img class="sticker" src="/stickers/a.png" srcset="/a 2x, /b 3x" alt="[微笑]" draggable="false">', '[微笑]'),  # no aria-label
    ('<img class="sticker" src="/stickers/a.png" srcset="/a 2x, /b 3x" alt="[微笑]" aria-label="smile" draggable="false">',
     '[微笑]'),  # the name in another lang
    ('<img class="sticker" src="/stickers/a.png" srcset="/a 2x, /b 3x" alt="[微笑]" aria-label="微笑" role="button" '
     'draggable="false">', '[微笑]'),  # an attribute besides aria-label
    ('a&amp;b', 'a&&b'),  # text that does not give the input back
    ('<br title="x">', '\n'),
    # An animated sticker: anything but exactly <picture><source media srcset><img></picture> fails.
    (SPIN_IMG, '[转圈]'),  # not in a picture
    (f'<picture>{SPIN_IMG}</picture>', '[转圈]'),  # no source
    (f'<picture>{SPIN_SOURCE}{SPIN_SOURCE}{SPIN_IMG}</picture>', '[转圈]'),  # two sources
    (f'<picture>{SPIN_IMG}{SPIN_SOURCE}</picture>', '[转圈]'),  # source after the img
    (f'<picture class="x">{SPIN_SOURCE}{SPIN_IMG}</picture>', '[转圈]'),
    (f'<picture>{SPIN_SOURCE} {SPIN_IMG}</picture>', '[转圈] '),  # text inside
    (f'<picture>{SPIN_SOURCE}{SPIN_IMG}x</picture>', '[转圈]x'),
    (f'<picture>{SPIN_SOURCE.replace(REDUCED_MOTION, "all")}{SPIN_IMG}</picture>', '[转圈]'),
    ('<picture>' + SPIN_SOURCE.replace('srcset', 'type="image/png" srcset') + f'{SPIN_IMG}</picture>', '[转圈]'),
    (f'<picture>{SPIN_SOURCE.replace("/stickers/motion/spin-poster.png", "javascript:x")}{SPIN_IMG}</picture>', '[转圈]'),
    (f'<picture>{SPIN_SOURCE.replace("spin-poster.png", "hop-poster.png")}{SPIN_IMG}</picture>', '[转圈]'),  # another poster
    (f'<picture>{SPIN_SOURCE}{SMILE_IMG}</picture>', '[微笑]'),  # a still sticker in a picture
    (f'<span class="emoji"><picture>{SPIN_SOURCE}{SPIN_IMG}</picture></span>', '[转圈]'),
])
def test_the_checker_catches_what_it_must(html, text):
    with pytest.raises(AssertionError):
        check(html, text, {'baseURL': '/', 'className': 'sticker', 'lineBreaks': True, 'wrapEmoji': False})

#!/usr/bin/env python3
"""Generates the default sticker packs.

Writes public/stickers/<pack>/pack.json and the 1x/2x/3x PNGs of every picture
sticker (APNGs and still poster PNGs for the animated pack), drawn from Google's Noto Color Emoji font (Debian: fonts-noto-color-emoji,
SIL Open Font License 1.1), and Sources/StickerText/Internal/DefaultPacks.swift,
which embeds the same packs in the library as Swift values, so it runs with no
files and the core reads no pack.json (the transport does, StickerTextJSON);
it is formatted with the toolchain's swift-format, as `make format` would.

Every sticker also gets its search keys: pinyin and initials from its Chinese
name (tools/search_keys.py, PyPI pypinyin) and the keywords below.

Needs python3-pil, fonts-noto-color-emoji and pypinyin. Run: python3 tools/generate-default-packs.py
(--json-only rewrites the pack.json files and DefaultPacks.swift and leaves the images as they are).
The output is committed: a fresh clone runs without generating.
"""
import json
import os
import sys

from search_keys import with_keys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf'
SIZE_1X = 32  # pixels of the 1x image; 2x and 3x are double and triple

# (simplified tag, traditional alias or None, English alias, English name, emoji drawn)
PACKS = [
    ('weibo', '微博表情', 'Weibo faces', '[微笑]', [
        ('微笑', None, 'smile', 'smile', '🙂'),
        ('哈哈', None, 'haha', 'haha', '😄'),
        ('笑哭', None, 'lol', 'laughing to tears', '😂'),
        ('嘻嘻', None, 'hehe', 'hehe', '😁'),
        ('开心', '開心', 'happy', 'happy', '😃'),
        ('可爱', '可愛', 'cute', 'cute', '🥰'),
        ('害羞', None, 'shy', 'shy', '😊'),
        ('偷笑', None, 'snicker', 'snicker', '🤭'),
        ('思考', None, 'think', 'thinking', '🤔'),
        ('疑问', '疑問', 'puzzled', 'puzzled', '😕'),
        ('白眼', None, 'eyeroll', 'eye roll', '🙄'),
        ('酷', None, 'cool', 'cool', '😎'),
        ('亲亲', '親親', 'kiss', 'kiss', '😘'),
        ('色', None, 'heart-eyes', 'heart eyes', '😍'),
        ('哭', None, 'cry', 'crying', '😭'),
        ('泪', '淚', 'tear', 'tear', '😢'),
        ('怒', None, 'angry', 'angry', '😠'),
        ('愤怒', '憤怒', 'rage', 'rage', '😡'),
        ('抓狂', None, 'crazy', 'going crazy', '😫'),
        ('生病', None, 'sick', 'sick', '🤒'),
        ('吃惊', '吃驚', 'shocked', 'shocked', '😲'),
        ('困', '睏', 'sleepy', 'sleepy', '😪'),
        ('睡', None, 'sleep', 'asleep', '😴'),
        ('汗', None, 'sweat', 'cold sweat', '😓'),
        ('衰', None, 'unlucky', 'unlucky', '😞'),
        ('晕', '暈', 'dizzy', 'dizzy', '😵'),
        ('闭嘴', '閉嘴', 'zip-it', 'lips sealed', '🤐'),
        ('吐', None, 'vomit', 'vomit', '🤮'),
        ('嘘', '噓', 'shush', 'shush', '🤫'),
        ('鄙视', '鄙視', 'scorn', 'scorn', '😒'),
        ('委屈', None, 'wronged', 'wronged', '😣'),
        ('失望', None, 'disappointed', 'disappointed', '😔'),
        ('打哈欠', None, 'yawn', 'yawn', '🥱'),
        ('馋嘴', '饞嘴', 'drool', 'drooling', '🤤'),
        ('挤眼', '擠眼', 'wink', 'wink', '😉'),
        ('钱', '錢', 'money', 'money', '🤑'),
        ('阴险', '陰險', 'sly', 'sly', '😏'),
        ('黑线', '黑線', 'speechless', 'speechless', '😑'),
        ('悲伤', '悲傷', 'sad', 'sad', '😟'),
        ('傻眼', None, 'stunned', 'stunned', '😳'),
    ]),
    ('things', '手势与心', 'Hands & hearts', '[心]', [
        ('心', None, 'heart', 'heart', '❤️'),
        ('伤心', '傷心', 'heartbreak', 'broken heart', '💔'),
        ('赞', '讚', 'like', 'thumbs up', '👍'),
        ('弱', None, 'dislike', 'thumbs down', '👎'),
        ('拜拜', None, 'bye', 'bye', '👋'),
        ('握手', None, 'handshake', 'handshake', '🤝'),
        ('好的', None, 'ok', 'OK', '👌'),
        ('耶', None, 'yeah', 'victory', '✌️'),
        ('拳头', '拳頭', 'fist', 'fist', '✊'),
        ('鼓掌', None, 'clap', 'applause', '👏'),
        ('作揖', None, 'pray', 'thanks', '🙏'),
        ('加油', None, 'strong', 'keep going', '💪'),
        ('抱抱', None, 'hug', 'hug', '🤗'),
        ('左边', '左邊', 'left', 'left', '👈'),
        ('右边', '右邊', 'right', 'right', '👉'),
        ('向上', None, 'up', 'up', '👆'),
        ('火', None, 'fire', 'fire', '🔥'),
        ('星星', None, 'star', 'star', '⭐'),
        ('闪电', '閃電', 'lightning', 'lightning', '⚡'),
        ('礼物', '禮物', 'gift', 'gift', '🎁'),
        ('蛋糕', None, 'cake', 'birthday cake', '🎂'),
        ('鲜花', '鮮花', 'rose', 'rose', '🌹'),
        ('月亮', None, 'moon', 'moon', '🌙'),
        ('太阳', '太陽', 'sun', 'sun', '☀️'),
        ('彩虹', None, 'rainbow', 'rainbow', '🌈'),
        ('干杯', '乾杯', 'cheers', 'cheers', '🍻'),
        ('咖啡', None, 'coffee', 'coffee', '☕'),
        ('便便', None, 'poop', 'poop', '💩'),
        ('炸弹', '炸彈', 'bomb', 'bomb', '💣'),
        ('满分', '滿分', 'hundred', 'one hundred', '💯'),
        ('庆祝', '慶祝', 'party', 'party', '🎉'),
        ('气球', '氣球', 'balloon', 'balloon', '🎈'),
        ('闹钟', '鬧鐘', 'alarm', 'alarm clock', '⏰'),
        ('烟花', '煙花', 'fireworks', 'fireworks', '🎆'),
        ('吃瓜', None, 'melon', 'eating melon', '🍉'),
        ('奶茶', None, 'bubble-tea', 'bubble tea', '🧋'),
        ('红包', '紅包', 'red-packet', 'red packet', '🧧'),
    ]),
    ('animals', '萌宠', 'Cute animals', '[doge]', [
        ('doge', None, None, 'doge', '🐶'),
        ('喵', None, 'meow', 'cat', '🐱'),
        ('二哈', None, 'husky', 'husky', '🐺'),
        ('熊猫', '熊貓', 'panda', 'panda', '🐼'),
        ('猪头', '豬頭', 'pig', 'pig', '🐷'),
        ('兔子', None, 'rabbit', 'rabbit', '🐰'),
        ('老鼠', None, 'mouse', 'mouse', '🐭'),
        ('老虎', None, 'tiger', 'tiger', '🐯'),
        ('猴子', None, 'monkey', 'monkey', '🐵'),
        ('小鸡', '小雞', 'chick', 'chick', '🐤'),
        ('企鹅', '企鵝', 'penguin', 'penguin', '🐧'),
        ('青蛙', None, 'frog', 'frog', '🐸'),
        ('狐狸', None, 'fox', 'fox', '🦊'),
        ('熊', None, 'bear', 'bear', '🐻'),
        ('考拉', None, 'koala', 'koala', '🐨'),
        ('狮子', '獅子', 'lion', 'lion', '🦁'),
        ('奶牛', None, 'cow', 'cow', '🐮'),
        ('独角兽', '獨角獸', 'unicorn', 'unicorn', '🦄'),
        ('章鱼', '章魚', 'octopus', 'octopus', '🐙'),
        ('鲸鱼', '鯨魚', 'whale', 'whale', '🐳'),
        ('海豚', None, 'dolphin', 'dolphin', '🐬'),
        ('乌龟', '烏龜', 'turtle', 'turtle', '🐢'),
        ('蛇', None, 'snake', 'snake', '🐍'),
        ('蜗牛', '蝸牛', 'snail', 'snail', '🐌'),
        ('蝴蝶', None, 'butterfly', 'butterfly', '🦋'),
        ('蜜蜂', None, 'bee', 'bee', '🐝'),
        ('马', '馬', 'horse', 'horse', '🐴'),
        ('羊', None, 'sheep', 'sheep', '🐑'),
        ('鸭子', '鴨子', 'duck', 'duck', '🦆'),
        ('猫头鹰', '貓頭鷹', 'owl', 'owl', '🦉'),
        ('恐龙', '恐龍', 'dinosaur', 'dinosaur', '🦖'),
    ]),
]

# The animated pack: each glyph moves in a few frames, written as APNG with a
# still poster (its rest frame) of the same size.
# (simplified tag, traditional alias or None, English alias, English name, emoji drawn, motion)
ANIMATED = ('motion', '动起来', 'In motion', '[转圈]', [
    ('转圈', '轉圈', 'spin', 'spinning', '😆', 'spin'),
    ('心跳', None, 'heartbeat', 'heartbeat', '❤️', 'pulse'),
    ('蹦跶', '蹦躂', 'hop', 'hopping', '🐰', 'hop'),
    ('摇摆', '搖擺', 'sway', 'swaying', '🐧', 'sway'),
    ('闪闪', '閃閃', 'twinkle', 'twinkling', '✨', 'twinkle'),
])
FRAMES = 6
FRAME_MS = 120

# The emoji pack: the emoji text itself is inserted. (emoji, Chinese name, English name)
EMOJI = [
    ('😀', '笑脸', 'grinning face'), ('😃', '大笑', 'big smile'), ('😄', '眯眼笑', 'smiling eyes'),
    ('😁', '露齿笑', 'beaming'), ('😆', '斜眼笑', 'squinting laugh'), ('😅', '苦笑', 'sweat smile'),
    ('🤣', '笑翻', 'rolling on the floor'), ('😂', '喜极而泣', 'tears of joy'), ('🙂', '微微笑', 'slight smile'),
    ('🙃', '倒脸', 'upside-down face'), ('😉', '眨眼', 'winking'), ('😊', '羞涩', 'blushing'),
    ('😇', '天使', 'halo'), ('🥰', '爱心脸', 'smiling with hearts'), ('😍', '花痴', 'heart eyes'),
    ('🤩', '崇拜', 'star-struck'), ('😘', '飞吻', 'blowing a kiss'), ('😋', '好吃', 'yum'),
    ('😛', '吐舌', 'tongue out'), ('😜', '调皮', 'winking tongue'), ('🤪', '疯狂', 'zany'),
    ('🤑', '发财', 'money mouth'), ('🤗', '拥抱', 'hugging'), ('🤭', '捂嘴', 'hand over mouth'),
    ('🤫', '安静', 'shushing'), ('🤔', '想一想', 'thinking'), ('🤐', '拉链嘴', 'zipper mouth'),
    ('🤨', '挑眉', 'raised eyebrow'), ('😐', '面无表情', 'neutral'), ('😑', '无语', 'expressionless'),
    ('😶', '沉默', 'no mouth'), ('😏', '得意', 'smirk'), ('😒', '不爽', 'unamused'),
    ('🙄', '翻白眼', 'rolling eyes'), ('😬', '尴尬', 'grimacing'), ('😌', '释然', 'relieved'),
    ('😔', '沉思', 'pensive'), ('😪', '犯困', 'sleepy'), ('🤤', '流口水', 'drooling'),
    ('😴', '睡着', 'sleeping'), ('😷', '口罩', 'face mask'), ('🤒', '发烧', 'thermometer'),
    ('🤕', '受伤', 'bandage'), ('🤢', '恶心', 'nauseated'), ('🤮', '呕吐', 'vomiting'),
    ('🥵', '好热', 'hot face'), ('🥶', '好冷', 'cold face'), ('😵', '晕了', 'dizzy'),
    ('🤯', '爆炸头', 'mind blown'), ('🤠', '牛仔', 'cowboy'), ('🥳', '派对', 'partying'),
    ('😎', '墨镜', 'sunglasses'), ('🤓', '书呆子', 'nerd'), ('😕', '困惑', 'confused'),
    ('😟', '担心', 'worried'), ('😮', '哦', 'open mouth'), ('😲', '震惊', 'astonished'),
    ('😳', '脸红', 'flushed'), ('🥺', '求求', 'pleading'), ('😢', '流泪', 'crying'),
    ('😭', '大哭', 'loudly crying'), ('😱', '惊恐', 'screaming'), ('😤', '生气', 'huffing'),
    ('😡', '愤怒', 'pouting'), ('🤬', '骂人', 'cursing'), ('😈', '坏笑', 'smiling devil'),
    ('💀', '骷髅', 'skull'), ('💩', '大便', 'pile of poo'), ('🤡', '小丑', 'clown'),
    ('👻', '幽灵', 'ghost'), ('👽', '外星人', 'alien'), ('🤖', '机器人', 'robot'),
    ('👍', '点赞', 'thumbs up'), ('👍🏽', '点赞(中等肤色)', 'thumbs up: medium skin tone'),
    ('👎', '踩', 'thumbs down'), ('👏', '拍手', 'clapping'), ('🙏', '合十', 'folded hands'),
    ('💪', '肌肉', 'flexed biceps'), ('👋', '挥手', 'waving hand'), ('✌️', '胜利', 'victory hand'),
    ('❤️', '红心', 'red heart'), ('💔', '心碎', 'broken heart'), ('🔥', '火焰', 'fire'),
    ('✨', '闪亮', 'sparkles'), ('🎉', '彩带', 'party popper'), ('🌹', '玫瑰', 'rose'),
    ('👨‍👩‍👧‍👦', '一家人', 'family'), ('🇨🇳', '中国国旗', 'flag: China'), ('#️⃣', '井号键', 'keycap: #'),
]


def render_glyph(font, emoji, size):
    from PIL import Image, ImageDraw
    canvas = Image.new('RGBA', (160, 160), (0, 0, 0, 0))
    ImageDraw.Draw(canvas).text((80, 80), emoji, font=font, embedded_color=True, anchor='mm')
    box = canvas.getbbox()
    glyph = canvas.crop(box)
    side = max(glyph.size)
    square = Image.new('RGBA', (side, side), (0, 0, 0, 0))
    square.paste(glyph, ((side - glyph.width) // 2, (side - glyph.height) // 2))
    return square.resize((size, size), Image.LANCZOS)


def motion_frame(glyph, motion, k):
    """Frame k of FRAMES of a glyph moving; frame 0 is the rest pose, the poster."""
    from PIL import Image
    import math
    size = glyph.width
    phase = k / FRAMES
    wave = math.sin(2 * math.pi * phase)  # there and back: -1 to 1
    bump = math.sin(math.pi * phase)  # out and back: 0 to 1
    scale, angle, dy, alpha = 0.84, 0.0, 0.0, 1.0  # room to move within the square
    if motion == 'spin':
        angle = -360 * phase
    elif motion == 'pulse':
        scale = 0.84 - 0.16 * bump
    elif motion == 'hop':
        dy = -0.14 * bump
    elif motion == 'sway':
        angle = 18 * wave
    elif motion == 'twinkle':
        scale, alpha = 0.84 - 0.1 * bump, 1 - 0.55 * bump
    side = max(1, round(size * scale))
    small = glyph.resize((side, side), Image.LANCZOS)
    if alpha < 1:
        small.putalpha(small.getchannel('A').point(lambda a: round(a * alpha)))
    frame = Image.new('RGBA', (size, size), (0, 0, 0, 0))
    frame.alpha_composite(small, ((size - side) // 2, (size - side) // 2 + round(dy * size)))
    return frame.rotate(angle, resample=Image.BICUBIC) if angle else frame


def one_palette(frames):
    """The frames as palette images (with alpha) sharing one palette: about half
    the bytes of RGBA, no visible loss at sticker size."""
    from PIL import Image
    size = frames[0].width
    strip = Image.new('RGBA', (size * len(frames), size))
    for k, frame in enumerate(frames):
        strip.paste(frame, (k * size, 0))
    strip = strip.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    return [strip.crop((k * size, 0, (k + 1) * size, size)) for k in range(len(frames))]


def animated_pack(font, json_only, order):
    pack_id, title_zh, title_en, cover, rows = ANIMATED
    folder = os.path.join(ROOT, 'public', 'stickers', pack_id)
    os.makedirs(folder, exist_ok=True)
    stickers = []
    for zh, cht, en, name_en, emoji, motion in rows:
        files, poster = {}, {}
        for scale, suffix in ((1, ''), (2, '@2x'), (3, '@3x')):
            name, still = f'{en}{suffix}.png', f'{en}-poster{suffix}.png'
            if not json_only:
                glyph = render_glyph(font, emoji, SIZE_1X * scale)
                frames = one_palette([motion_frame(glyph, motion, k) for k in range(FRAMES)])
                # Each frame replaces the last (no disposal, no blending): transparent pixels stay transparent.
                frames[0].save(os.path.join(folder, name), save_all=True, append_images=frames[1:],
                               duration=FRAME_MS, loop=0, disposal=0, blend=0, optimize=True)
                frames[0].save(os.path.join(folder, still), optimize=True)
            files[f'{scale}x'], poster[f'{scale}x'] = name, still
        stickers.append(with_keys({
            'tag': f'[{zh}]',
            'aliases': [f'[{a}]' for a in (cht, en) if a],
            'name': {'zh': zh, 'en': name_en},
            'image': {**files, 'width': SIZE_1X, 'height': SIZE_1X, 'animated': True, 'poster': poster},
        }))
    pack = {'id': pack_id, 'title': {'zh': title_zh, 'en': title_en}, 'cover': cover, 'kind': 'image',
            'order': order, 'stickers': stickers, 'license': LICENSE, 'homepage': HOMEPAGE}
    return write_pack(folder, pack)


# The terms of the pictures (public/stickers/LICENSE.md), carried by each picture pack's pack.json
# to the formats with room for them (Pleroma's license and homepage, Misskey's license, Matrix's attribution).
LICENSE = 'OFL-1.1: drawn from Noto Color Emoji, © 2013–2017 Google Inc. (see LICENSE.md)'
HOMEPAGE = 'https://github.com/googlefonts/noto-emoji'


# Words people search a sticker by that neither its names nor its codes hold
# (folded as searches fold them: lowercase).
KEYWORDS = {
    '笑哭': ['笑死', 'xswl'],
    '赞': ['点赞', 'good'],
    'doge': ['狗', 'dog'],
    '吃瓜': ['围观'],
    '红包': ['hongbao'],
}


def main():
    json_only = '--json-only' in sys.argv[1:]
    font = None
    if not json_only:
        from PIL import ImageFont
        if not os.path.exists(FONT):
            sys.exit(f'{FONT} is missing: apt-get install fonts-noto-color-emoji')
        font = ImageFont.truetype(FONT, 109)
    packs = []
    for order, (pack_id, title_zh, title_en, cover, rows) in enumerate(PACKS, start=1):
        folder = os.path.join(ROOT, 'public', 'stickers', pack_id)
        os.makedirs(folder, exist_ok=True)
        stickers = []
        for zh, cht, en, name_en, emoji in rows:
            base = (en or zh).replace(' ', '-')
            files = {}
            for scale, suffix in ((1, ''), (2, '@2x'), (3, '@3x')):
                name = f'{base}{suffix}.png'
                if not json_only:
                    render_glyph(font, emoji, SIZE_1X * scale).save(os.path.join(folder, name), optimize=True)
                files[f'{scale}x'] = name
            aliases = [f'[{a}]' for a in (cht, en) if a]
            if zh == 'doge':
                aliases = ['[狗头]', '[狗頭]']
            sticker = {
                'tag': f'[{zh}]',
                'aliases': aliases,
                'name': {'zh': zh if zh != 'doge' else '狗头', 'en': name_en},
                'image': {**files, 'width': SIZE_1X, 'height': SIZE_1X},
            }
            if zh in KEYWORDS:
                sticker['keywords'] = KEYWORDS[zh]
            stickers.append(with_keys(sticker))
        pack = {'id': pack_id, 'title': {'zh': title_zh, 'en': title_en}, 'cover': cover, 'kind': 'image',
                'order': order, 'stickers': stickers, 'license': LICENSE, 'homepage': HOMEPAGE}
        packs.append(write_pack(folder, pack))
    folder = os.path.join(ROOT, 'public', 'stickers', 'emoji')
    os.makedirs(folder, exist_ok=True)
    pack = {'id': 'emoji', 'title': {'zh': 'Emoji', 'en': 'Emoji'}, 'cover': '😀', 'kind': 'emoji', 'order': len(PACKS) + 1,
            'stickers': [with_keys({'name': {'zh': zh, 'en': en}, 'emoji': e}) for e, zh, en in EMOJI]}
    packs.append(write_pack(folder, pack))
    # After the emoji, so the tabs people know keep their places.
    packs.append(animated_pack(font, json_only, order=len(PACKS) + 2))

    write_swift(packs, os.path.join(ROOT, 'Sources', 'StickerText', 'Internal', 'DefaultPacks.swift'))
    print(f'{sum(len(p[4]) for p in PACKS)} picture stickers in {len(PACKS)} packs, {len(ANIMATED[4])} animated, {len(EMOJI)} emoji')


def write_pack(folder, pack):
    with open(os.path.join(folder, 'pack.json'), 'w', encoding='utf-8') as f:
        f.write(json.dumps(pack, ensure_ascii=False, indent=1) + '\n')
    return pack


def swift_string(text):
    """A Swift string literal of text (escapes for `\\`, `"` and control characters)."""
    out = []
    for ch in text:
        if ch in '\\"':
            out.append('\\' + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append('\\u{%x}' % ord(ch))
        else:
            out.append(ch)
    return '"' + ''.join(out) + '"'


def swift_call(name, arguments):
    """`name(label: value, …)` of the arguments that are present (None and [] are the defaults)."""
    present = [f'{label}: {value}' for label, value in arguments if value is not None]
    return f'{name}(' + ', '.join(present) + ')'


def swift_optional(value, write):
    return None if value is None else write(value)


def swift_strings(values):
    return None if not values else '[' + ', '.join(swift_string(v) for v in values) + ']'


def swift_name(name):
    return swift_call('LocalizedName', [('zh', swift_string(name['zh'])), ('en', swift_string(name['en']))])


def swift_image(image):
    poster = image.get('poster')
    return swift_call('StickerImage', [
        ('x1', swift_string(image['1x'])), ('x2', swift_string(image['2x'])), ('x3', swift_string(image['3x'])),
        ('width', str(image['width'])), ('height', str(image['height'])),
        # A poster is a still image of its animation's size.
        ('poster', swift_optional(poster, lambda p: swift_call('StickerImage', [
            ('x1', swift_string(p['1x'])), ('x2', swift_string(p['2x'])), ('x3', swift_string(p['3x'])),
            ('width', str(image['width'])), ('height', str(image['height']))]))),
    ])


def swift_sticker(sticker):
    return swift_call('Sticker', [
        ('tag', swift_string(sticker['tag']) if 'tag' in sticker else 'nil'),
        ('aliases', swift_strings(sticker.get('aliases'))),
        ('name', swift_name(sticker['name'])),
        ('image', swift_optional(sticker.get('image'), swift_image)),
        ('emoji', swift_optional(sticker.get('emoji'), swift_string)),
        ('pinyin', swift_optional(sticker.get('pinyin'), swift_string)),
        ('initials', swift_optional(sticker.get('initials'), swift_string)),
        ('keywords', swift_strings(sticker.get('keywords'))),
    ])


def write_swift(packs, path):
    """DefaultPacks.swift: the packs as Swift values (one `static let` a pack,
    so that no expression is large for the type checker), formatted by swift-format."""
    import shutil
    import subprocess
    lines = ['// Generated by tools/generate-default-packs.py from the packs of public/stickers. Do not edit.',
             '// DefaultPacksTests checks that they are still those files.',
             'enum DefaultPacks {',
             '    static let packs: [StickerPack] = [' + ', '.join(p['id'] for p in packs) + ']']
    for pack in packs:
        stickers = ',\n'.join('            ' + swift_sticker(s) for s in pack['stickers'])
        call = swift_call('StickerPack', [
            ('id', swift_string(pack['id'])), ('title', swift_name(pack['title'])),
            ('cover', swift_string(pack['cover'])), ('kind', '.' + pack['kind']),
            ('order', swift_optional(pack.get('order'), str)),
            ('stickers', '[\n' + stickers + ',\n        ]'),
            ('license', swift_optional(pack.get('license'), swift_string)),
            ('homepage', swift_optional(pack.get('homepage'), swift_string)),
        ])
        lines += ['', f'    private static let {pack["id"]} = ' + call]
    with open(path, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n}\n')
    swift = shutil.which('swift') or '/opt/swift/usr/bin/swift'
    subprocess.run([swift, 'format', 'format', '--in-place', path], check=True, cwd=ROOT)


if __name__ == '__main__':
    main()

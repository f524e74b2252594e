// The panel's own lists in localStorage (public/js/panel/stored-list.js, recents.js,
// favorites.js) and the tone each emoji was given (skin-tones.js): one entry
// per sticker or emoji whatever its tone, lists kept by an earlier version
// that split an emoji by tone read as one, a toned emoji inserted as it is
// making its tone the one chosen. Run against an in-memory localStorage.
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';

const store = new Map();
globalThis.localStorage = {
  getItem: (key) => (store.has(key) ? store.get(key) : null),
  setItem: (key, value) => {
    store.set(key, String(value));
  },
  removeItem: (key) => {
    store.delete(key);
  },
};
const { recents, remember } = await import('../../public/js/panel/recents.js');
const { favorites, toggleFavorite, isFavorite } = await import('../../public/js/panel/favorites.js');
const { toneOf, toned, chooseTone, keepToneOf } = await import('../../public/js/panel/skin-tones.js');

const thumbs = { emoji: '👍', name: { zh: '点赞', en: 'thumbs up' } };
const thumbsMedium = { emoji: '👍🏽', name: { zh: '点赞：中等肤色', en: 'thumbs up: medium skin tone' } };
const smile = { tag: '[微笑]', name: { zh: '微笑', en: 'smile' } };

beforeEach(() => store.clear());

test('Recent keeps one entry per emoji, whatever tone it went in with, most recent first', () => {
  remember(thumbs);
  remember(smile);
  remember(thumbsMedium);
  assert.deepEqual(
    recents().map((r) => r.emoji ?? r.tag),
    ['👍🏽', '[微笑]'],
  );
});

test('Favorites take an emoji in any tone as the same favorite', () => {
  assert.equal(toggleFavorite(thumbs), true);
  assert.equal(isFavorite(thumbsMedium), true);
  assert.equal(toggleFavorite(thumbsMedium), false); // taken out: it was the same one
  assert.deepEqual(favorites(), []);
});

test('lists an earlier version split by tone read as one entry, the first kept', () => {
  store.set('stickertext.recents', JSON.stringify([thumbsMedium, smile, thumbs, 'junk', null]));
  assert.deepEqual(
    recents().map((r) => r.emoji ?? r.tag),
    ['👍🏽', '[微笑]'],
  );
  store.set('stickertext.favorites', '{not json');
  assert.deepEqual(favorites(), []);
});

test('a toned emoji inserted as it is makes its tone the one chosen, for every form of that emoji', () => {
  keepToneOf('👍🏽');
  assert.equal(toneOf('👍'), '\u{1F3FD}');
  assert.equal(toned('👍'), '👍🏽');
  keepToneOf('😀'); // takes none: nothing kept
  assert.equal(store.get('stickertext.tones'), JSON.stringify({ '👍': '\u{1F3FD}' }));
  chooseTone('✌️', '\u{1F3FB}');
  assert.equal(toned('✌️'), '✌🏻');
  chooseTone('👍', '');
  assert.equal(toned('👍'), '👍');
});

test('a tone kept by an earlier version under the emoji itself is still read, and moved on a new choice', () => {
  store.set('stickertext.tones', JSON.stringify({ '✌️': '\u{1F3FF}' }));
  assert.equal(toned('✌️'), '✌🏿');
  chooseTone('✌️', '\u{1F3FC}');
  assert.deepEqual(JSON.parse(store.get('stickertext.tones')), { '✌': '\u{1F3FC}' });
});

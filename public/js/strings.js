// strings.js owns the interface's language: the strings the page itself shows
// or announces, in Chinese and in English (the notes when something did not
// go as asked are notes.js's), which of the two is in use (the user's switch, remembered, else
// navigator.language), sticker names in that
// language, and the page's static labels (data-i18n attributes in
// index.html). Modules ask t(key) when they build; those that built with the
// other language rebuild on onLanguage(). Strings are only ever set as text
// or attribute values, never parsed as markup.

const KEY = 'stickertext.lang';

const STRINGS = {
  zh: {
    htmlLang: 'zh-CN',
    messages: '消息',
    message: '输入消息',
    stickers: '表情',
    send: '发送',
    keyboard: '表情键盘',
    packs: '表情包',
    search: '搜索表情',
    searchPlaceholder: '搜索表情',
    searchResults: '搜索结果',
    found: (n) => `${n} 个结果`,
    recent: '最近',
    recentHint: '最近使用的表情会出现在这里',
    clearRecents: '清除最近',
    recentsCleared: '已清除最近使用的表情',
    favorites: '收藏',
    favoritesHint: '长按或右键点击表情即可收藏',
    noneFound: '没有找到表情',
    delete: '删除',
    swipe: '⇠ 在这里滑动移动光标 ⇢',
    embed: '嵌入',
    api: 'API',
    language: 'English',
    languageLabel: 'Switch to English',
    dark: '深色模式',
    enterSends: '按 Enter 发送',
    addFavorite: '添加到收藏',
    removeFavorite: '取消收藏',
    moveEarlier: '前移',
    moveLater: '后移',
    added: (name) => `已收藏“${name}”`,
    removed: (name) => `已取消收藏“${name}”`,
    tones: '肤色',
    toneNames: ['默认', '浅肤色', '中浅肤色', '中等肤色', '中深肤色', '深肤色'],
    stickerMenu: (name) => `“${name}”菜单`,
    pending: '等待发送',
    retry: '重试',
    refusedMessage: '服务器没有接受',
    putBack: '放回输入框',
    newVersion: '有新版本',
    reload: '重新载入',
  },
  en: {
    htmlLang: 'en',
    messages: 'Messages',
    message: 'Message',
    stickers: 'Stickers',
    send: 'Send',
    keyboard: 'Sticker keyboard',
    packs: 'Sticker packs',
    search: 'Search stickers',
    searchPlaceholder: 'Search',
    searchResults: 'Search results',
    found: (n) => `${n} found`,
    recent: 'Recent',
    recentHint: 'Recently used stickers appear here',
    clearRecents: 'Clear recents',
    recentsCleared: 'Recently used stickers cleared',
    favorites: 'Favorites',
    favoritesHint: 'Long-press or right-click a sticker to add it here',
    noneFound: 'No stickers found',
    delete: 'Delete',
    swipe: '⇠ swipe here to move the caret ⇢',
    embed: 'embed',
    api: 'API',
    language: '中文',
    languageLabel: '切换到中文',
    dark: 'Dark mode',
    enterSends: 'Enter sends',
    addFavorite: 'Add to favorites',
    removeFavorite: 'Remove from favorites',
    moveEarlier: 'Move earlier',
    moveLater: 'Move later',
    added: (name) => `“${name}” added to favorites`,
    removed: (name) => `“${name}” removed from favorites`,
    tones: 'Skin tone',
    toneNames: ['Default', 'Light', 'Medium-light', 'Medium', 'Medium-dark', 'Dark'],
    stickerMenu: (name) => `${name} menu`,
    pending: 'Waiting to send',
    retry: 'Retry',
    refusedMessage: 'Not taken by the server',
    putBack: 'Back to the field',
    newVersion: 'A new version is ready',
    reload: 'Reload',
  },
};

function initial() {
  try {
    const chosen = localStorage.getItem(KEY);
    if (chosen in STRINGS) return chosen;
  } catch { /* storage disabled: follow the browser */ }
  return /^zh\b/i.test(navigator.language || '') ? 'zh' : 'en';
}

let current = initial();
const listeners = [];

export const language = () => current;

/** The string `key` in the current language; a function's result for `args`. */
export function t(key, ...args) {
  const s = STRINGS[current][key];
  return typeof s === 'function' ? s(...args) : s;
}

/** A sticker's (or pack's) `{zh, en}` name in the current language. */
export const nameOf = (names) => names[current] || names.en || names.zh;

/** Calls `f()` after each switch of language. */
export const onLanguage = (f) => listeners.push(f);

/** Labels every element marked data-i18n="key" (its text),
 *  data-i18n-label (aria-label), data-i18n-placeholder, data-i18n-title. */
export function applyStrings() {
  document.documentElement.lang = t('htmlLang');
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel));
  for (const el of document.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of document.querySelectorAll('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle);
}

/** Switches to `lang` ('zh' or 'en'), remembered for the next visit. */
export function setLanguage(lang) {
  if (!(lang in STRINGS) || lang === current) return;
  current = lang;
  try { localStorage.setItem(KEY, lang); } catch { /* not remembered */ }
  applyStrings();
  for (const f of listeners) f(lang);
}

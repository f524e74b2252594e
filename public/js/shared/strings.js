// strings.js owns the interface's language: the strings the page itself shows
// or announces, in Chinese and in English (the notes when something did not
// go as asked are notes.js's; those of what loads after the start are
// late-strings.js's), which of the two is in use (the user's switch,
// remembered, else navigator.language), sticker names in that language, and
// the page's static labels (data-i18n attributes in index.html). Modules ask t(key) when they build; those that built with the
// other language rebuild on onLanguage(). Strings are only ever set as text
// or attribute values, never parsed as markup.

import { KEYS, readText, store } from './storage.js';

const STRINGS = {
  zh: {
    htmlLang: 'zh-CN',
    messages: '消息',
    message: '输入消息',
    placeholder: '说点什么… 输入 [ 找表情',
    stickers: '表情',
    send: '发送',
    embed: '嵌入',
    api: 'API',
    language: 'English',
    languageLabel: 'Switch to English',
    dark: '深色模式',
    enterSends: '按 Enter 发送',
  },
  en: {
    htmlLang: 'en',
    messages: 'Messages',
    message: 'Message',
    placeholder: 'Say something… type [ to find a sticker',
    stickers: 'Stickers',
    send: 'Send',
    embed: 'embed',
    api: 'API',
    language: '中文',
    languageLabel: '切换到中文',
    dark: 'Dark mode',
    enterSends: 'Enter sends',
  },
};

function initial() {
  const chosen = readText(KEYS.language);
  if (chosen in STRINGS) return chosen;
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
export const onLanguage = (listener) => listeners.push(listener);

/** Labels every element marked data-i18n="key" (its text),
 *  data-i18n-label (aria-label), data-i18n-placeholder (a field's, or aria-placeholder), data-i18n-title; a key whose strings come
 *  later (the keyboard's) waits for them. */
export function applyStrings() {
  document.documentElement.lang = t('htmlLang');
  const label = (attribute, set) => {
    for (const el of document.querySelectorAll(`[data-${attribute}]`)) {
      const text = t(el.getAttribute(`data-${attribute}`));
      if (text !== undefined) set(el, text);
    }
  };
  label('i18n', (el, text) => {
    el.textContent = text;
  });
  label('i18n-label', (el, text) => el.setAttribute('aria-label', text));
  label('i18n-placeholder', (el, text) => {
    if ('placeholder' in el) el.placeholder = text;
    else el.setAttribute('aria-placeholder', text); // the editor's: app.css shows it while the field is empty
  });
  label('i18n-title', (el, text) => {
    el.title = text;
  });
}

/** Adds the strings of a part of the page that loads later (`{zh: {...}, en: {...}}`), and labels its elements. */
export function addStrings(more) {
  for (const lang of Object.keys(STRINGS)) Object.assign(STRINGS[lang], more[lang]);
  applyStrings();
}

/** Switches to `lang` ('zh' or 'en'), remembered for the next visit. */
export function setLanguage(lang) {
  if (!(lang in STRINGS) || lang === current) return;
  current = lang;
  store(KEYS.language, lang);
  applyStrings();
  for (const listener of listeners) listener(lang);
}

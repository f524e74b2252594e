// chat.js owns the chat view: sending the editor's text into the message
// list once POST /api/render has taken it (empty input never sends), shown
// as the model's DOM nodes (server HTML is never parsed into the page; a sticker
// list that differs from the server's is reported as a difference), and
// keeping the list pinned to its newest message while the panel or the
// on-screen keyboard takes height away. Not needed to show the page or edit
// (the list starts empty): main.js loads it after startup.

import { postJSON, APIError } from './api.js';
import { say } from './status.js';
import { noteText } from './notes.js';
import { reportDifference } from './authority.js';

const RETRY_MS = 5000;

// editor: { flush() (the server's check of the field), state(), message(text), clear() }.
// Returns send(): sends what the field holds.
export function initChat(editor) {
  const messages = document.getElementById('messages');
  const composer = document.getElementById('composer');
  let retry = null;

  function show(text, server) {
    const { nodes, stickers } = editor.message(text);
    if (JSON.stringify(stickers) !== JSON.stringify(server.stickers)) {
      reportDifference({ request: { text }, differ: ['stickers'], page: stickers, server: server.stickers });
    }
    const div = document.createElement('div');
    div.className = 'msg';
    div.appendChild(nodes);
    messages.appendChild(div);
    messages.scrollTop = messages.scrollHeight;
  }

  // Sends what the field holds. Until the server has rendered it the text stays
  // in the field (and in the saved draft): nothing typed is lost offline.
  async function send() {
    clearTimeout(retry);
    retry = null;
    await editor.flush();
    const { text } = editor.state();
    if (!text.trim()) return;  // empty input never sends
    composer.dataset.pending = '1';
    try {
      const r = await postJSON('/api/render', { text });
      delete composer.dataset.pending;
      show(text, r);
      // Only what was sent leaves the field; text typed meanwhile stays.
      if (editor.state().text === text) editor.clear();
    } catch (error) {
      if (error instanceof APIError && error.status < 500 && error.status !== 429) {
        delete composer.dataset.pending;
        console.warn('stickertext: not sent:', error.code, error.message);
        say(noteText('notTaken'));
        return;
      }
      say(noteText('notSent'));
      retry = setTimeout(send, RETRY_MS);
    }
  }

  window.addEventListener('online', () => { if (composer.dataset.pending) send(); });

  // "Pinned" follows the user's own scrolling; the scroll events our own
  // re-pinning causes arrive a frame late, after the list shrank further, so they are ignored.
  let pinned = true, ownScrollUntil = 0;
  messages.addEventListener('scroll', () => {
    if (performance.now() < ownScrollUntil) return;
    pinned = messages.scrollHeight - messages.scrollTop - messages.clientHeight < 4;
  });
  new ResizeObserver(() => {
    if (!pinned) return;
    ownScrollUntil = performance.now() + 150;
    messages.scrollTop = messages.scrollHeight;
  }).observe(messages);
  return send;
}

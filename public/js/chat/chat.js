// chat.js owns the chat view. Send takes what the field holds (empty input
// never sends) into the message list at once, as the model's DOM nodes, and
// frees the field for the next message; the message is pending until
// POST /api/render has taken it. Pending messages wait in the outbox
// (outbox.js: a reload loses none) and go out in order, one request at a
// time, each once whichever tab sends it: at once, when the network comes
// back, on a message's retry button, and with backoff. Offline, pending is
// one steady state: the messages are marked in the list and a lasting note
// says why until they are sent; nothing moves or is announced again. A
// message the server refuses is marked so, with why (too large: put it back
// and split it), and stays so in the outbox, a reload too, until its text is
// put back into the field. The messages the server took are kept (sent-history.js: the
// last 200) and shown again at the next visit, above those still waiting;
// a button over the list clears them. Server HTML is never parsed into the page
// (a sticker list that differs from the server's is reported as a
// difference). The list stays pinned to its newest message while the panel
// or the on-screen keyboard takes height away. Not needed to show the page or
// edit: main.js loads it after startup or at the first Send.

import { postJSON, APIError } from '../shared/api.js';
import { say, sayLasting } from '../shared/status.js';
import { noteText } from '../shared/notes.js';
import { t, onLanguage } from '../shared/strings.js';
import '../shared/late-strings.js';
import {
  keep,
  messageOf,
  refusalOf,
  waitingMessages,
  refusedMessages,
  refuse,
  forget,
  onForgotten,
  alone,
} from './outbox.js';
import { sentMessages, keepSent, clearSent } from './sent-history.js';
import { stylesheet } from '../shared/stylesheet.js';
import { TextBackedString } from '../model/text-backed-string.js';
import { counts } from '../model/counting.js';
import { unlimited } from '../model/policy.js';
import { nodesOf } from '../shared/sticker-nodes.js';

stylesheet('chat.css'); // a message's states; not awaited: sending never waits on a look

const FIRST_RETRY_MS = 2000;

/** Whether a refusal's code says the message is too large to send (nginx's 413, or the service's). */
const tooLarge = (code) => /too_large|body_limit/.test(code ?? '');
const MAX_RETRY_MS = 60_000;

// editor: { flush() (starts the server's check of the edits so far), liveState(), catalog(), clear(), edit(op, extra),
//          reportDifference(details) (a difference from the server, counted with the check's: authority.js) }.
// Returns send(): sends what the field holds.
export function initChat(editor) {
  const messages = document.getElementById('messages');
  const shown = new Map(); // id -> {div, message}: the messages shown that are not sent yet
  let sending = false,
    retryTimer = null,
    retryDelay = FIRST_RETRY_MS,
    waiting = false;
  /** Whether messages wait for the network: said by a lasting note while they do. */
  const setWaiting = (now) => {
    waiting = now;
    sayLasting('outbox', waiting ? noteText('notSent') : '');
  };

  /** A button of a message's status line, labelled in the page's language. */
  function actionButton(key, onPress) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'msg-action';
    button.dataset.i18n = key;
    button.textContent = t(key);
    button.addEventListener('click', onPress);
    return button;
  }

  /** The status line under a pending or refused message (`code`: why the server refused it). */
  function statusLine(state, id, code) {
    const line = document.createElement('span');
    line.className = 'msg-status';
    const label = document.createElement('span');
    label.dataset.i18n = state === 'pending' ? 'pending' : tooLarge(code) ? 'refusedTooLarge' : 'refusedMessage';
    label.textContent = t(label.dataset.i18n);
    line.append(label, ' ');
    if (state === 'pending')
      line.append(
        actionButton('retry', () => {
          retryDelay = FIRST_RETRY_MS;
          pump();
        }),
      );
    else line.append(actionButton('putBack', () => putBack(id)));
    return line;
  }

  function mark(id, state, code) {
    const { div } = shown.get(id);
    if (state === 'sent') shown.delete(id);
    div.classList.toggle('pending', state === 'pending');
    div.classList.toggle('refused', state === 'refused');
    div.querySelector('.msg-status')?.remove();
    if (state !== 'sent') div.append(statusLine(state, id, code));
  }

  // Clears the messages kept and shown as sent (not those waiting or refused); shown while there are any.
  const clearHistory = actionButton('clearHistory', () => {
    clearSent();
    for (const div of messages.querySelectorAll('.msg:not(.pending, .refused)')) div.remove();
    clearHistory.hidden = true;
    say(t('historyCleared'));
  });
  clearHistory.classList.add('clear-history');
  clearHistory.hidden = true;
  messages.prepend(clearHistory);

  // A message into the list: at its end, or before `before`.
  function showMessage(message, state = 'pending', before = null) {
    const { id, text } = message;
    const div = document.createElement('div');
    div.className = 'msg';
    const body = document.createElement('span');
    body.className = 'msg-text';
    body.appendChild(nodesOf(new TextBackedString(text, editor.catalog())));
    div.appendChild(body);
    messages.insertBefore(div, before);
    shown.set(id, { div, message });
    mark(id, state, message.refused);
    if (state === 'sent') clearHistory.hidden = false;
    messages.scrollTop = messages.scrollHeight;
  }

  /** A refused message's text back into the field: the message leaves the list, and the outbox, once all of it
   *  is in. */
  function putBack(id) {
    const entry = shown.get(id);
    const pasted = entry && editor.edit('paste', { string: entry.message.text });
    if (!pasted || pasted.truncated || pasted.rejected) return;
    entry.div.remove();
    shown.delete(id);
    forget(entry.message, 'putBack');
  }

  /** Sends the outbox's messages in order, one request at a time, until it is empty or the network fails. */
  async function pump() {
    clearTimeout(retryTimer);
    retryTimer = null;
    if (sending) return;
    sending = true;
    try {
      await alone(drain);
    } finally {
      sending = false;
    }
  }

  // What a site stores a browser may evict under storage pressure; persistent storage it keeps until
  // the user clears it. Asked once a page, as the first message goes out (the user has shown what the
  // page is for), where the browser offers it: Chromium grants it by the site's engagement, Firefox
  // asks the user, Safari decides alone. Whatever the answer, nothing here changes. Here, not in
  // outbox.js, which the start carries.
  let persistenceAsked = false;
  const askForPersistence = () => {
    if (persistenceAsked) return;
    persistenceAsked = true;
    navigator.storage?.persist?.().catch(() => {});
  };

  async function drain() {
    for (let [message] = await waitingMessages(); message; [message] = await waitingMessages()) {
      askForPersistence();
      let answer;
      try {
        answer = await postJSON('/api/render', { text: message.text });
      } catch (error) {
        if (error instanceof APIError && error.status < 500 && error.status !== 429) {
          console.warn('stickertext: not sent:', error.code, error.message);
          const refused = await refuse(message, error.status === 413 ? 'too_large' : error.code);
          if (shown.has(message.id)) {
            shown.get(message.id).message = refused;
            mark(message.id, 'refused', refused.refused);
          }
          say(noteText(tooLarge(refused.refused) ? 'tooLargeToSend' : 'notTaken'));
          continue;
        }
        if (!waiting) setWaiting(true); // said once, not at every retry
        retryTimer = setTimeout(pump, retryDelay);
        retryDelay = Math.min(2 * retryDelay, MAX_RETRY_MS);
        return;
      }
      // The stickers as /api/render lists them.
      const { stickers } = counts(new TextBackedString(message.text, editor.catalog()), unlimited);
      if (JSON.stringify(stickers) !== JSON.stringify(answer.stickers)) {
        editor.reportDifference({
          request: { text: message.text },
          differ: ['stickers'],
          page: stickers,
          server: answer.stickers,
        });
      }
      await forget(message, 'sent');
      const unkept = await keepSent(message);
      if (unkept) say(noteText(unkept));
      if (shown.has(message.id)) mark(message.id, 'sent');
      clearHistory.hidden = false;
      retryDelay = FIRST_RETRY_MS;
    }
    if (waiting) setWaiting(false);
  }

  // Sends what the field holds: into the list and the outbox, the field emptied for the next message.
  // The message is the text Send found, and the field is emptied before anything is awaited: what
  // is typed next is the next message. (Waiting here for the server's check, up to 500 ms, sent the
  // letters typed meanwhile with this message.) The check of the edits up to Send starts now; a
  // difference it finds is reported, never taken into the message or the emptied field.
  async function send() {
    const { text } = editor.liveState();
    if (!text.trim()) return; // empty input never sends
    const refusal = refusalOf(text); // over a cap of the outbox: the field keeps it
    if (refusal) return void say(noteText(refusal));
    editor.flush();
    const message = messageOf(text);
    const kept = keep(message); // in the journal now, before the field empties (outbox.js)
    editor.clear();
    showMessage(message);
    const said = await kept;
    if (said) say(noteText(said));
    pump();
  }

  // Left by an earlier visit: those sent, those refused, then those waiting, which go out first.
  sentMessages()
    .then((kept) => {
      const first = clearHistory.nextSibling; // above any message sent before they came
      for (const message of kept) showMessage(message, 'sent', first);
      return refusedMessages();
    })
    .then((refused) => {
      for (const message of refused) if (!shown.has(message.id)) showMessage(message, 'refused');
      return waitingMessages();
    })
    .then((left) => {
      for (const message of left) if (!shown.has(message.id)) showMessage(message);
      if (left.length) pump();
    });
  // Another tab took out of the outbox what this one shows as pending, or put a refused one back.
  onForgotten(({ id, outcome, code }) => {
    if (!shown.has(id)) return;
    if (outcome !== 'putBack') return void mark(id, outcome, code);
    shown.get(id).div.remove();
    shown.delete(id);
  });
  window.addEventListener('online', () => {
    retryDelay = FIRST_RETRY_MS;
    pump();
  });
  onLanguage(() => {
    for (const el of messages.querySelectorAll('.msg-status [data-i18n]')) el.textContent = t(el.dataset.i18n);
    if (waiting) setWaiting(true);
  });

  // "Pinned" follows the user's own scrolling; the scroll events our own
  // re-pinning causes arrive a frame late, after the list shrank further, so they are ignored.
  let pinned = true,
    ownScrollUntil = 0;
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

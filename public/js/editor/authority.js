// authority.js owns the server's word on the page's edits. The page edits
// locally (editor.js); after the user pauses (300 ms) and before Send, the
// edits made since the last check go to POST /api/edit as they were made, in
// parallel, with one more request for the field's final text and selection.
// Where the server's answer differs from the model's, the server wins: the
// field takes the server's state, a console warning says what differed, and
// `stats.differences` (read by the tests) goes up. Any difference is a bug in
// one of the two implementations, for the conformance corpus to catch.
// Offline, or with no answer in 10 s, the edits wait and are checked when the
// network is back. A refusal (a 4xx: the text too large for the server's
// body limit, a request it cannot take) is no answer about the text: the
// page's text stays, and the user is told the server did not check it.

import { postJSON, APIError } from '../shared/api.js';
import { EDIT_FIELDS } from '../model/requests.js';

const PAUSE_MS = 300;
const TIMEOUT_MS = 10000; // no answer by then: checked again later
const KEEP = 32; // edits kept for checking; older ones are covered by the final-state check only
const STATE_FIELDS = ['text', 'selection', 'counts'];

export const stats = { checked: 0, differences: 0, unchecked: 0, failures: 0, refused: 0 };

let log = [];
let timer = null,
  running = null,
  generation = 0;
// Moves on when the field is emptied by Send: a check under way then reports, but adopts nothing.
let epoch = 0;
let editor; // { modelRecord() -> {text, selection, counts}, adopt(state), onRefused(refusal), policyJSON }

/** The model leaves `gb18030` (and `weighted` for text that may hold a URL or a long cluster)
 * null until its table loads (the page's policy never needs them). */
function comparable(field, local, server) {
  if (field !== 'counts' || !local || !server) return [local, server];
  const unknown = ['gb18030', 'weighted'].filter((mode) => local[mode] === null);
  return [local, { ...server, ...Object.fromEntries(unknown.map((mode) => [mode, null])) }];
}

function differing(fields, local, server) {
  return fields.filter((field) => {
    const [ours, theirs] = comparable(field, local[field], server[field]);
    return JSON.stringify(ours) !== JSON.stringify(theirs);
  });
}

/** Counts and warns about one answer where the server and the page's model differ. */
export function reportDifference(details) {
  stats.differences += 1;
  stats.lastDifference = details; // for the tests to show
  console.warn("stickertext: the server answers differently from the page's model; the server wins.", details);
}

/** Records one local edit: its request and the model's answer. `replacesText`:
 *  the edit puts its own text in place (an undo, a restored draft), so that a
 *  replay keeps its text rather than the server's before it. */
export function record(request, response, { replacesText = false } = {}) {
  generation += 1;
  log.push({ request, response, replacesText, epoch });
  if (log.length > KEEP) {
    stats.unchecked += log.length - KEEP;
    log = log.slice(-KEEP);
  }
  clearTimeout(timer);
  timer = setTimeout(check, PAUSE_MS);
}

/** Checks the recorded edits and the final state; settles when done or when the network failed. */
export function check() {
  clearTimeout(timer);
  if (!running)
    running = run().finally(() => {
      running = null;
    });
  return running;
}

async function run() {
  const batch = log,
    startedAt = generation,
    startedIn = epoch,
    final = editor.modelRecord();
  log = [];
  const finalRequest = {
    text: final.text,
    selection: final.selection,
    unit: 'utf16',
    op: 'select',
  };
  let answers;
  try {
    answers = await Promise.all([...batch, { request: finalRequest }].map((entry) => ask(entry.request)));
  } catch {
    stats.failures += 1;
    log = [...batch, ...log].slice(-KEEP); // offline or failing: checked at the next pause or when back online
    return;
  }
  const refusal = answers.find((answer) => answer.refused)?.refused;
  if (refusal) {
    // Not an answer about the text: nothing is compared, nothing adopted, and the user is told.
    stats.refused += 1;
    editor.onRefused(refusal.status === 413 ? 'notCheckedTooLarge' : 'notChecked');
    return;
  }
  stats.checked += answers.length;
  let first = -1;
  answers.forEach((server, index) => {
    const local = index < batch.length ? batch[index].response : final;
    const diff = differing(index < batch.length ? EDIT_FIELDS : STATE_FIELDS, local, server);
    if (!diff.length) return;
    reportDifference({
      request: index < batch.length ? batch[index].request : finalRequest,
      differ: diff,
      page: local,
      server,
    });
    // The server's state is taken from the first difference in the field's present text only.
    if (first < 0 && (index === batch.length ? startedIn === epoch : batch[index].epoch === epoch)) first = index;
  });
  if (first < 0) return;
  const state = first < batch.length ? await replay(batch, answers[first], first) : answers[first];
  if (!state) return;
  if (generation === startedAt) {
    editor.adopt({ text: state.text, selection: state.selection });
    return;
  }
  // Edits were made on the page's state while the check ran: keep this batch, so that the
  // next pause replays it with them on the server's text.
  log = [...batch, ...log].slice(-KEEP);
  timer = setTimeout(check, PAUSE_MS);
}

/** The server's answer to an edit, or `{refused: {status, code}}` when it refused the request (a
 *  4xx): never taken for the text's state. Rejects when there was no answer (network, 5xx, 429, no
 *  answer in TIMEOUT_MS). */
async function ask(request) {
  try {
    return await postJSON('/api/edit', { ...request, policy: editor.policyJSON }, { timeout: TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof APIError) || error.status >= 500 || error.status === 429) throw error;
    return { refused: { status: error.status, code: error.code } };
  }
}

/** The server's state after the recorded edits from `from` on: each later edit is asked
 *  again on the server's text, with the caret where the server left it unless the user
 *  had moved it. */
async function replay(batch, answer, from) {
  let state = answer;
  try {
    for (let index = from + 1; index < batch.length; index++) {
      const { request, replacesText } = batch[index];
      const moved = JSON.stringify(request.selection) !== JSON.stringify(batch[index - 1].response.selection);
      state = await ask(
        replacesText
          ? request
          : { ...request, text: state.text, selection: moved ? request.selection : state.selection },
      );
      if (state.refused) return null;
    }
  } catch {
    return null;
  }
  return state;
}

/** The field was emptied (a message sent): the edits made so far are of a text that is gone. They
 *  are still checked, and a difference reported, but the server's state is never taken from them. */
export function reset() {
  epoch += 1;
}

/** `deps`: { modelRecord() -> {text, selection, counts}, adopt({text, selection}), onRefused(note
 *  code), policyJSON }. */
export function initAuthority(deps) {
  editor = deps;
  window.addEventListener('online', () => {
    if (log.length) check();
  });
}

// status.js owns the composer's counter ("37/140", red when over) and the
// note line: why a paste was cut short or an action failed, for a few
// seconds or until what it says is no longer so (takeBack); else a note that
// lasts while its cause does (no packs yet).

const NOTE_MS = 4000;
let counter,
  note,
  noteTimer = null,
  saidFor = null; // the cause of the passing note shown
const lasting = new Map(); // cause -> note; the newest shows
const lastingNote = () => [...lasting.values()].at(-1) ?? '';

export function initStatus() {
  counter = document.getElementById('counter');
  note = document.getElementById('note');
}

// counts: { length, maxLength, valid }, as /api/edit reports them.
export function updateCounter(counts) {
  counter.textContent = `${counts.length}/${counts.maxLength}`;
  counter.classList.toggle('over', !counts.valid);
}

function show(text) {
  if (note.textContent !== text) note.textContent = text; // not announced again
  note.hidden = !text;
}

function endPassing() {
  clearTimeout(noteTimer);
  noteTimer = null;
  saidFor = null;
  show(lastingNote());
}

/** Shows `message` for a few seconds; `cause` names what it is about, for takeBack. */
export function say(message, cause = null) {
  show(message);
  saidFor = cause;
  clearTimeout(noteTimer);
  noteTimer = setTimeout(endPassing, NOTE_MS);
}

/** The passing note said for `cause` goes now (a later edit made it stale). */
export function takeBack(cause) {
  if (noteTimer !== null && saidFor === cause) endPassing();
}

/** The note of `cause`, shown when no other is, until taken back (''). */
export function sayLasting(cause, message) {
  if (message) lasting.set(cause, message);
  else lasting.delete(cause);
  if (noteTimer === null) show(lastingNote());
}

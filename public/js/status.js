// status.js owns the composer's counter ("37/140", red when over) and the
// note line: why a paste was cut short or an action failed, for a few
// seconds; else a note that lasts while its cause does (no packs yet).

const NOTE_MS = 4000;
let counter,
  note,
  noteTimer = null;
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

export function say(message) {
  show(message);
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => {
    noteTimer = null;
    show(lastingNote());
  }, NOTE_MS);
}

/** The note of `cause`, shown when no other is, until taken back (''). */
export function sayLasting(cause, message) {
  if (message) lasting.set(cause, message);
  else lasting.delete(cause);
  if (noteTimer === null) show(lastingNote());
}

// status.js owns the composer's counter ("37/140", red when over) and the
// note line that says, for a few seconds, why a paste was cut short or an
// action failed.

let counter, note, noteTimer;

export function initStatus() {
  counter = document.getElementById('counter');
  note = document.getElementById('note');
}

// counts: { length, maxLength, valid }, as /api/edit reports them.
export function updateCounter(c) {
  counter.textContent = `${c.length}/${c.maxLength}`;
  counter.classList.toggle('over', !c.valid);
}

export function say(message) {
  note.textContent = message;
  note.hidden = false;
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => { note.hidden = true; }, 4000);
}

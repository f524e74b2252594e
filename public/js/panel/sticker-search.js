// sticker-search.js owns the panel's search field: while it holds text, the
// stickers it finds (searched locally over the packs document with the
// server's ranking, no network) replace the tab's pages, and a status line
// says how many. Enter inserts the first where the editor's caret was (the
// field never moves it); ↓ goes into the results grid and ↑ from its first
// row back; Escape clears the field, a second Escape returns to the editor.

import { searchStickers, MAX_LIMIT } from '../model/search.js';
import { t, onLanguage } from '../shared/strings.js';
import '../shared/late-strings.js';

let field, found, pages, deps;
let results = [];

/** Empties the field (a tab is shown, the panel opens or closes). */
export function resetSearch() {
  field.value = '';
  results = [];
  found.textContent = '';
}

function run() {
  if (!field.value.trim()) {
    deps.showTab();
    return;
  }
  results = searchStickers(deps.catalog(), field.value, MAX_LIMIT).map((result) => result.sticker);
  deps.showResults(results);
  found.textContent = t('found', results.length);
}

// deps: { catalog() (the model's), showResults(items), showTab() (panel.js's), insert(item), focusEditor() }.
export function initSearch(dependencies) {
  deps = dependencies;
  field = document.getElementById('search');
  found = document.getElementById('found');
  pages = document.getElementById('pages');
  field.addEventListener('input', run);
  onLanguage(() => {
    if (field.value.trim()) found.textContent = t('found', results.length);
  }); // the results stay (panel.js renames them)
  if (field.value) run(); // typed before this module arrived
  field.addEventListener('keydown', (event) => {
    if (event.isComposing || event.keyCode === 229) return;
    if (event.key === 'Enter') {
      if (results.length && field.value.trim()) deps.insert(results[0]);
    } else if (event.key === 'Escape') {
      if (field.value) deps.showTab();
      else deps.focusEditor();
    } else if (event.key === 'ArrowDown' && field.value.trim()) pages.querySelector('button.cell')?.focus();
    else return;
    event.preventDefault();
    event.stopPropagation(); // Escape here is the field's, not the panel's
  });
  // ↑ on the results' first row goes back to the field (panel.js moves within the grid).
  pages.addEventListener('keydown', (event) => {
    const row = event.target.closest('[role=row]');
    if (
      event.key === 'ArrowUp' &&
      !event.defaultPrevented &&
      field.value.trim() &&
      row &&
      !row.previousElementSibling
    ) {
      event.preventDefault();
      field.focus();
    }
  });
}

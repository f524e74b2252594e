// Owns: the text model's public face. The model is pure (no DOM, no
// network) and runs in node; it follows the Swift core's rules exactly, which
// the conformance corpus (Tests/conformance) and the differential test prove.
// Sticker search is search.js's own face: only the page's finders, loaded
// after startup, need it.

export { Catalog } from './catalog.js';
export { scanCodes } from './scanner.js';
export { TextBackedString, OffsetUnit } from './text-backed-string.js';
export { InputPolicy, unlimited } from './policy.js';
export { applyEdit, EditError } from './editing.js';
export { counts } from './counting.js';
export { loadGB18030, hasGB18030, loadURLs, hasURLs } from './lengths.js';
export { edit, count, render, parsePolicy } from './requests.js';
export { changeBetween } from './text-diff.js';
// history.js (the editor's undo) is imported on its own: it loads after startup.

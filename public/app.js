'use strict';
// stickertext page: a chat view with a sticker keyboard. Every edit goes
// through POST /api/edit, so the caret and text rules are the server's.
(() => {
  const $ = (id) => document.getElementById(id);
  const editor = $('editor'), panel = $('panel'), pages = $('pages'), tabs = $('tabs'), dots = $('dots');
  const messages = $('messages'), counter = $('counter'), note = $('note'), preview = $('preview');
  const policy = { maxLength: 140, countMode: 'graphemes', stickerWeight: 1 };
  const RECENT_KEY = 'stickertext.recents', RECENT_MAX = 20;
  let state = { text: '', selection: { location: 0, length: 0 } };
  let lastSel = state.selection, queue = Promise.resolve(), packs = [], tab = 0, recentSnapshot = [];

  async function post(path, body) {
    const r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const json = await r.json();
    if (!r.ok) throw new Error(json.error ? json.error.message : r.statusText);
    return json;
  }

  // ---- The editor's DOM <-> plain text and NSRange-style offsets (an <img> or <br> counts 1).
  const unitLength = (n) => n.nodeType === 3 ? n.data.length : (n.nodeName === 'IMG' || (n.nodeName === 'BR' && !n.dataset.end)) ? 1 : 0;
  function plainOf(root) {
    let s = '';
    for (const n of root.childNodes) {
      if (n.nodeType === 3) s += n.data;
      else if (n.nodeName === 'IMG') s += n.alt;
      else if (n.nodeName === 'BR') s += n.dataset.end ? '' : '\n';
      else s += plainOf(n);
    }
    return s;
  }
  function offsetOf(node, offset) {  // display offset of a DOM boundary point inside the editor
    let total = 0;
    const walk = (parent) => {
      for (let i = 0; i < parent.childNodes.length; i++) {
        const n = parent.childNodes[i];
        if (parent === node && i === offset) return true;
        if (n === node) { total += offset; return true; }
        if (n.nodeType === 1 && n.childNodes.length && n.nodeName !== 'IMG') { if (walk(n)) return true; } else total += unitLength(n);
      }
      return parent === node;
    };
    walk(editor);
    return total;
  }
  function pointAt(offset) {  // DOM boundary point for a display offset
    let left = offset;
    for (let i = 0; i < editor.childNodes.length; i++) {
      const n = editor.childNodes[i], len = unitLength(n);
      if (n.nodeType === 3 && left <= len) return [n, left];
      if (n.nodeType !== 3 && left < len) return [editor, i];
      if (n.nodeType !== 3 && left === 0) return [editor, i];
      left -= len;
    }
    return [editor, editor.childNodes.length - (editor.lastChild && editor.lastChild.dataset && editor.lastChild.dataset.end ? 1 : 0)];
  }
  function readSelection() {
    const s = getSelection();
    if (!s.rangeCount || !editor.contains(s.anchorNode)) return lastSel;
    const r = s.getRangeAt(0), a = offsetOf(r.startContainer, r.startOffset), b = offsetOf(r.endContainer, r.endOffset);
    return { location: a, length: b - a };
  }
  function writeSelection(sel) {
    const r = document.createRange();
    r.setStart(...pointAt(sel.location));
    r.setEnd(...pointAt(sel.location + sel.length));
    const s = getSelection();
    s.removeAllRanges();
    s.addRange(r);
    lastSel = sel;
  }
  document.addEventListener('selectionchange', () => {
    const s = getSelection();
    if (s.rangeCount && editor.contains(s.anchorNode)) lastSel = readSelection();
  });

  function show(html, sel) {
    editor.innerHTML = html;
    if (state.text.endsWith('\n')) editor.insertAdjacentHTML('beforeend', '<br data-end="1">');  // lets the last empty line show
    if (document.activeElement === editor || panel.classList.contains('open')) writeSelection(sel); else lastSel = sel;
  }

  // Edits run one after another, each on the latest text and selection.
  function edit(op, extra = {}) {
    queue = queue.then(async () => {
      const text = plainOf(editor), selection = readSelection();
      const r = await post('/api/edit', { text, selection, unit: 'utf16', op, policy, ...extra });
      state = { text: r.text, selection: r.selection };
      show(r.html, r.selection);
      updateCounter(r.counts);
      if (r.message) say(r.message);
      return r;
    }).catch((e) => say(e.message));
    return queue;
  }
  window.stickertext = { edit, state: () => ({ text: plainOf(editor), selection: readSelection() }), idle: () => queue };

  function updateCounter(c) {
    counter.textContent = `${c.length}/${c.maxLength}`;
    counter.classList.toggle('over', !c.valid);
  }
  let noteTimer;
  function say(message) {
    note.textContent = message;
    note.hidden = false;
    clearTimeout(noteTimer);
    noteTimer = setTimeout(() => { note.hidden = true; }, 4000);
  }

  editor.addEventListener('beforeinput', (e) => {
    if (e.isComposing) return;  // IME: left alone until it commits
    const text = e.data ?? (e.dataTransfer ? e.dataTransfer.getData('text/plain') : null);
    switch (e.inputType) {
      case 'insertText': case 'insertReplacementText': e.preventDefault(); if (text) edit('insert', { string: text }); break;
      case 'insertParagraph': case 'insertLineBreak': e.preventDefault(); edit('insert', { string: '\n' }); break;
      case 'deleteContentBackward': e.preventDefault(); edit('deleteBackward'); break;
      case 'deleteContentForward': e.preventDefault(); edit('deleteForward'); break;
      case 'insertFromDrop': case 'deleteByDrag': case 'formatBold': case 'formatItalic': case 'formatUnderline': e.preventDefault(); break;
      default: break;  // word and line deletions: let the browser do them, then resync
    }
  });
  editor.addEventListener('input', (e) => { if (!e.isComposing) edit('select'); });
  editor.addEventListener('compositionend', () => edit('select'));
  editor.addEventListener('paste', (e) => { e.preventDefault(); edit('paste', { string: e.clipboardData.getData('text/plain') }); });
  function copyOut(e) {
    const s = getSelection();
    if (!s.rangeCount) return;
    const box = document.createElement('div');
    box.appendChild(s.getRangeAt(0).cloneContents());
    e.clipboardData.setData('text/plain', plainOf(box));
    e.preventDefault();
  }
  editor.addEventListener('copy', copyOut);
  editor.addEventListener('cut', (e) => { copyOut(e); edit('cut'); });
  editor.addEventListener('dragstart', (e) => e.preventDefault());

  // ---- Sending
  $('composer').addEventListener('submit', async (e) => {
    e.preventDefault();
    await queue;
    const text = plainOf(editor);
    if (!text.trim()) return;  // empty input never sends
    try {
      const r = await post('/api/render', { text });
      const div = document.createElement('div');
      div.className = 'msg';
      div.innerHTML = r.html;  // escaped by the server: only <img class="sticker"> and <br> are markup
      messages.appendChild(div);
      messages.scrollTop = messages.scrollHeight;
      state = { text: '', selection: { location: 0, length: 0 } };
      show('', state.selection);
      updateCounter({ length: 0, maxLength: policy.maxLength, valid: true });
    } catch (err) { say(err.message); }
  });

  // ---- Keep the newest message in view while the panel or the on-screen keyboard opens.
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
  if (window.visualViewport) {
    const fit = () => document.documentElement.style.setProperty('--app-height', `${visualViewport.height}px`);
    visualViewport.addEventListener('resize', fit);
    fit();
  }

  // ---- The panel
  function setPanel(open) {
    panel.hidden = false;
    requestAnimationFrame(() => panel.classList.toggle('open', open));
    $('toggle').setAttribute('aria-pressed', String(open));
    editor.inputMode = open ? 'none' : '';  // the sticker panel replaces the system keyboard
    if (open) { selectTab(tab); }
    editor.focus();
    writeSelection(lastSel);
  }
  panel.addEventListener('transitionend', () => { if (!panel.classList.contains('open')) panel.hidden = true; });  // closed: out of the a11y tree
  $('toggle').addEventListener('click', () => setPanel(!panel.classList.contains('open')));
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && panel.classList.contains('open')) setPanel(false); });
  panel.addEventListener('pointerdown', (e) => { if (!e.target.closest('[role=tab]')) e.preventDefault(); });  // keep the caret in the editor

  const recents = () => { try { return JSON.parse(localStorage.getItem(RECENT_KEY)) || []; } catch { return []; } };
  function remember(item) {
    const key = item.tag || item.emoji;
    const list = [item, ...recents().filter((r) => (r.tag || r.emoji) !== key)].slice(0, RECENT_MAX);
    localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  }
  function insertItem(item) {
    remember({ tag: item.tag, emoji: item.emoji, name: item.name, image: item.image });
    return item.tag ? edit('insertSticker', { tag: item.tag }) : edit('insert', { string: item.emoji });
  }

  const columns = () => (matchMedia('(min-width: 600px)').matches ? 9 : 7);
  function cellFor(item) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'cell';
    b.setAttribute('aria-label', `${item.name.zh} ${item.name.en}`);
    if (item.image) {
      const img = document.createElement('img');
      img.src = item.image.src;
      img.srcset = item.image.srcset;
      img.alt = '';
      img.loading = 'lazy';
      img.draggable = false;
      b.appendChild(img);
    } else b.textContent = item.emoji;
    b.item = item;
    return b;
  }
  function deleteCell() {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'cell delete';
    b.setAttribute('aria-label', 'Delete');
    b.textContent = '⌫';
    return b;
  }
  function selectTab(index) {
    tab = index;
    [...tabs.children].forEach((t, i) => { t.setAttribute('aria-selected', String(i === index)); t.tabIndex = i === index ? 0 : -1; });
    const items = index === 0 ? (recentSnapshot = recents()) : packs[index - 1].stickers;
    const per = columns() * 3 - 1;
    pages.textContent = '';
    const count = Math.max(1, Math.ceil(items.length / per));
    for (let p = 0; p < count; p++) {
      const page = document.createElement('div');
      page.className = 'page';
      page.style.setProperty('--cols', columns());
      page.setAttribute('role', 'grid');
      const slice = items.slice(p * per, (p + 1) * per);
      slice.forEach((item) => page.appendChild(cellFor(item)));
      if (!items.length) { const h = document.createElement('p'); h.className = 'hint'; h.textContent = '最近使用的表情会出现在这里 · Recently used stickers appear here'; page.appendChild(h); }
      for (let k = slice.length + (items.length ? 0 : columns() * 2); k < per; k++) page.appendChild(Object.assign(document.createElement('span'), { className: 'cell' }));
      page.appendChild(deleteCell());
      pages.appendChild(page);
    }
    pages.scrollLeft = 0;  // a new tab starts on its first page
    dots.innerHTML = '<i></i>'.repeat(count);
    markDot();
  }
  const markDot = () => { const i = Math.round(pages.scrollLeft / Math.max(1, pages.clientWidth)); [...dots.children].forEach((d, k) => d.classList.toggle('on', k === i)); };
  pages.addEventListener('scroll', markDot);

  tabs.addEventListener('click', (e) => { const t = e.target.closest('[role=tab]'); if (t) selectTab([...tabs.children].indexOf(t)); });
  tabs.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    const i = (tab + d + tabs.children.length) % tabs.children.length;
    selectTab(i);
    tabs.children[i].focus();
  });

  // Taps insert; a long press shows a preview that follows the finger and inserts where it is released.
  let press = null, suppressClick = false;
  const cellAt = (x, y) => { const el = document.elementFromPoint(x, y); return el && el.closest('.cell'); };
  function showPreview(cell) {
    if (!cell || !cell.item) { preview.hidden = true; return; }
    const r = cell.getBoundingClientRect(), item = cell.item;
    preview.firstElementChild.replaceWith(item.image ? Object.assign(document.createElement('img'), { src: item.image.src, srcset: item.image.srcset, alt: '' })
      : Object.assign(document.createElement('b'), { className: 'emoji', textContent: item.emoji }));
    preview.lastElementChild.textContent = `${item.name.zh} · ${item.name.en}`;
    preview.style.left = `${r.left + r.width / 2}px`;
    preview.style.top = `${r.top - 4}px`;
    preview.hidden = false;
  }
  pages.addEventListener('pointerdown', (e) => {
    const cell = e.target.closest('.cell');
    if (!cell) return;
    if (cell.classList.contains('delete')) { startDelete(); return; }
    if (!cell.item) return;
    press = { cell, previewing: false, timer: setTimeout(() => { press.previewing = true; showPreview(cell); }, 350) };
  });
  document.addEventListener('pointermove', (e) => { if (press && press.previewing) showPreview(cellAt(e.clientX, e.clientY)); });
  document.addEventListener('pointerup', (e) => {
    stopDelete();
    if (!press) return;
    clearTimeout(press.timer);
    if (press.previewing) {
      const cell = cellAt(e.clientX, e.clientY);
      if (cell && cell.item) insertItem(cell.item);
      suppressClick = true;
      setTimeout(() => { suppressClick = false; }, 0);
    }
    preview.hidden = true;
    press = null;
  });
  document.addEventListener('pointercancel', () => { stopDelete(); if (press) clearTimeout(press.timer); press = null; preview.hidden = true; });
  pages.addEventListener('click', (e) => {
    const cell = e.target.closest('.cell');
    if (!cell || suppressClick) return;
    if (cell.item) insertItem(cell.item);
    else if (cell.classList.contains('delete') && e.detail === 0) edit('deleteBackward');  // keyboard Enter/Space
  });
  pages.addEventListener('keydown', (e) => {
    const cells = [...e.target.closest('.page').querySelectorAll('button.cell')], i = cells.indexOf(e.target), cols = columns();
    const d = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols }[e.key];
    if (d && cells[i + d]) { e.preventDefault(); cells[i + d].focus(); }
  });

  // The delete key deletes one whole unit; held, it repeats after 0.5 s, faster and faster, until released.
  let repeat = null;
  function startDelete() {
    stopDelete();
    edit('deleteBackward');
    let delay = 150;
    const tick = () => { edit('deleteBackward'); delay = Math.max(40, delay * 0.85); repeat = setTimeout(tick, delay); };
    repeat = setTimeout(tick, 500);
    window.stickertext.repeating = true;
  }
  function stopDelete() { if (repeat) clearTimeout(repeat); repeat = null; if (window.stickertext) window.stickertext.repeating = false; }
  pages.addEventListener('pointerout', (e) => { if (e.target.closest('.delete')) stopDelete(); });  // leaving the key stops it
  window.addEventListener('blur', stopDelete);

  // Caret swipe on the bottom strip: after a 70 px dead zone, one unit per 12 px, more when fast.
  let swipe = null;
  $('swipe').addEventListener('pointerdown', (e) => { swipe = { x0: e.clientX, x: e.clientX, t: e.timeStamp, active: false }; $('swipe').setPointerCapture(e.pointerId); });
  $('swipe').addEventListener('pointermove', (e) => {
    if (!swipe) return;
    if (!swipe.active) { if (Math.abs(e.clientX - swipe.x0) < 70) return; swipe.active = true; swipe.x = e.clientX; swipe.t = e.timeStamp; return; }
    const dx = e.clientX - swipe.x, speed = Math.abs(dx) / Math.max(1, e.timeStamp - swipe.t);
    const step = 12, units = Math.trunc(dx / step);
    if (!units) return;
    edit('moveCaret', { offset: units * (speed > 1.5 ? 3 : speed > 0.7 ? 2 : 1) });
    swipe.x += units * step;
    swipe.t = e.timeStamp;
  });
  const endSwipe = () => { swipe = null; };
  $('swipe').addEventListener('pointerup', endSwipe);
  $('swipe').addEventListener('pointercancel', endSwipe);

  // ---- Start
  fetch('/api/packs').then((r) => r.json()).then((catalog) => {
    packs = catalog.packs;
    const mk = (label, content) => {
      const t = document.createElement('button');
      t.type = 'button';
      t.setAttribute('role', 'tab');
      t.setAttribute('aria-label', label);
      if (content.src) t.appendChild(Object.assign(document.createElement('img'), { src: content.src, alt: '' })); else t.textContent = content;
      tabs.appendChild(t);
    };
    mk('最近 Recent', '🕘');
    for (const p of packs) {
      const cover = p.stickers.find((s) => s.tag === p.cover || s.emoji === p.cover) || p.stickers[0];
      mk(`${p.title.zh} ${p.title.en}`, cover.image ? cover.image : cover.emoji);
    }
    selectTab(recents().length ? 0 : 1);
    document.body.dataset.ready = '1';
  }).catch((e) => say(`Could not load stickers: ${e.message}`));
  updateCounter({ length: 0, maxLength: policy.maxLength, valid: true });
})();

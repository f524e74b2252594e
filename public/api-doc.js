// api-doc.js owns the API's page (api.html): the service's contract,
// openapi.yaml (our own file, from this origin), shown to read rather than
// downloaded. The document is cut into its parts by its lines, in one pass:
// the introduction (info's summary and description, as paragraphs), one
// section per path (its methods with their summaries, then the document's
// own lines for it) and the shared schemas and answers. No YAML is
// interpreted beyond that; every piece of it goes into the page as text
// (textContent), never as markup.
(() => {
  const out = document.getElementById('doc');
  const element = (name, text, attributes = {}) => {
    const el = document.createElement(name);
    if (text !== undefined) el.textContent = text;
    for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, value);
    return el;
  };
  const anchorOf = (path) => `path${path.replace(/[^A-Za-z0-9]+/g, '-')}`;

  /** The document's parts: {summary, description: [paragraph], paths: [{path, operations: [{method, summary}], lines}], rest: [line]}. */
  function partsOf(yaml) {
    const doc = { summary: '', description: [], paths: [], rest: [] };
    let where = 'intro',
      block = null, // the lines of info's description while it is read
      path = null,
      operation = null;
    for (const line of yaml.split('\n')) {
      if (/^\S/.test(line)) {
        block = null;
        where = line.startsWith('paths:') ? 'paths' : where === 'intro' ? 'intro' : 'rest';
        if (where === 'rest') doc.rest.push(line);
        continue;
      }
      if (where === 'intro') {
        if (block && (line.startsWith('    ') || !line.trim())) block.push(line.trim());
        else block = null;
        const summary = /^ {2}summary: (.*)$/.exec(line);
        if (summary) doc.summary = summary[1];
        if (/^ {2}description: [|>]/.test(line)) block = doc.description;
      } else if (where === 'paths') {
        const opened = /^ {2}(\/\S*):\s*$/.exec(line);
        if (opened) {
          path = { path: opened[1], operations: [], lines: [] };
          doc.paths.push(path);
        }
        if (!path) continue;
        path.lines.push(line);
        const method = /^ {4}(get|put|post|delete|options|head|patch|trace):\s*$/.exec(line);
        if (method) {
          operation = { method: method[1].toUpperCase(), summary: '' };
          path.operations.push(operation);
        }
        const summary = /^ {6}summary: (.*)$/.exec(line);
        if (summary && operation) operation.summary = summary[1];
      } else doc.rest.push(line);
    }
    // Paragraphs: runs of lines between blank ones.
    doc.description = doc.description
      .join('\n')
      .split(/\n{2,}/)
      .map((p) => p.replace(/\n/g, ' ').trim())
      .filter(Boolean);
    return doc;
  }

  function show(yaml) {
    const doc = partsOf(yaml);
    const parts = [];
    if (doc.summary) parts.push(element('p', doc.summary, { class: 'summary' }));
    for (const paragraph of doc.description) parts.push(element('p', paragraph));
    const contents = element('ul', undefined, { 'aria-label': 'Endpoints' });
    for (const { path, operations } of doc.paths) {
      const item = element('li');
      item.append(element('a', path, { href: `#${anchorOf(path)}` }));
      item.append(` ${operations.map((o) => o.method).join(', ')}`);
      contents.append(item);
    }
    parts.push(element('h2', 'Endpoints'), contents);
    for (const { path, operations, lines } of doc.paths) {
      const section = element('section', undefined, {
        id: anchorOf(path),
        'aria-labelledby': `${anchorOf(path)}-title`,
      });
      section.append(element('h2', path, { id: `${anchorOf(path)}-title` }));
      for (const { method, summary } of operations) {
        const title = element('h3');
        title.append(element('code', `${method} ${path}`), summary ? ` ${summary}` : '');
        section.append(title);
      }
      const details = element('details');
      details.append(element('summary', 'In openapi.yaml'), element('pre', lines.join('\n'), { tabindex: '0' }));
      section.append(details);
      parts.push(section);
    }
    if (doc.rest.length) {
      const details = element('details');
      details.append(
        element('summary', 'Schemas and shared answers'),
        element('pre', doc.rest.join('\n'), { tabindex: '0' }),
      );
      parts.push(element('h2', 'Schemas and shared answers'), details);
    }
    out.replaceChildren(...parts);
  }

  fetch('openapi.yaml')
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`HTTP ${response.status}`))))
    .then(show)
    .catch((error) => out.replaceChildren(element('p', `openapi.yaml could not be loaded (${error.message}).`)));
})();

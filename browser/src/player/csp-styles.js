// Lets a recording keep its styles under a Content-Security-Policy without 'unsafe-inline' (the
// console's: style-src 'self'). rrweb rebuilds the page in an about:blank iframe, which inherits the
// console's policy, with inline <style> elements and style="" attributes. The policy refuses both,
// and Chromium logs an error for every <style> connected to the document, whatever its type or
// text. CSSOM is not subject to the policy, so: style attributes are set through element.style, and
// a <style> is never connected: it is held where rrweb put it (rrweb's mirror and its later changes
// to the element stay as recorded) and its text becomes a constructed stylesheet adopted by the
// iframe's document, in the order the styles came.

// what rrweb's Replayer injects with insertRule on a <style> of its own, in a sheet of ours from the start
const replayerRules = blockClass => [
  `.${blockClass} { background: currentColor }`,
  'noscript { display: none !important; }',
  'html.rrweb-paused *, html.rrweb-paused *:before, html.rrweb-paused *:after { animation-play-state: paused !important; }',
];

const PATCHED = Symbol.for('engagement.replay.cspStyles');
const isStyle = node => Boolean(node) && node.nodeType === 1 && node.localName === 'style'; // HTML's and SVG's

/**
 * Watches the replayer's iframe and keeps its styles applied; returns {sync(), rebuilt(), destroy()}.
 * Where the policy lets inline styles through it changes nothing that shows: a constructed sheet
 * holds what the <style> would, and a style attribute set through CSSOM is the same style. Does
 * nothing where the browser has no constructable stylesheets.
 */
export function adaptStyles(iframe, { blockClass = 'rr-block' } = {}) {
  const win = iframe.contentWindow;
  const inert = { active: false, sync() {}, rebuilt() {}, destroy() {} };
  if (!win || !iframe.contentDocument || typeof win.CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in iframe.contentDocument)) return inert;

  const sheets = new WeakMap(); // held <style> element -> { sheet, text }
  const ours = new Set();
  const base = new win.CSSStyleSheet();
  replayerRules(blockClass).forEach((rule, i) => { try { base.insertRule(rule, i); } catch { /* a selector this engine lacks */ } });
  ours.add(base);

  function refresh(element) {
    let entry = sheets.get(element);
    if (!entry) {
      const media = element.getAttribute('media');
      entry = { sheet: new win.CSSStyleSheet(media ? { media } : undefined), text: null };
      sheets.set(element, entry);
      ours.add(entry.sheet);
    }
    const text = element.textContent || '';
    if (entry.text !== text) {
      // as a browser does when a <style>'s text changes: the sheet is parsed anew
      try { entry.sheet.replaceSync(text); } catch { /* unparsable text leaves the sheet empty */ }
      entry.text = text;
    }
    return entry.sheet;
  }

  function restyle(element) {
    const text = element.getAttribute('style');
    if (text && element.style && !element.style.cssText) element.style.cssText = text;
  }

  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    Promise.resolve().then(sync);
  };
  const held = patch(win, { sheetOf: refresh, changed: schedule });

  function sync() {
    scheduled = false;
    const doc = iframe.contentDocument;
    if (!doc) return;
    const adopted = [base];
    for (const [style, parent] of held.parents) {
      // a style whose place went with an earlier document (a full snapshot rebuilt it) is gone
      if (parent.isConnected && parent.ownerDocument === doc) adopted.push(refresh(style));
      else held.release(style);
    }
    // sheets the recording adopted itself (the page's constructed stylesheets) stay, after ours
    const foreign = Array.from(doc.adoptedStyleSheets || []).filter(sheet => !ours.has(sheet));
    doc.adoptedStyleSheets = adopted.concat(foreign);
    // style attributes the parser or an unpatched path wrote were refused: apply them again
    for (const element of doc.querySelectorAll('[style]')) restyle(element);
  }

  const observer = new win.MutationObserver(records => {
    for (const record of records) {
      if (record.type === 'attributes') {
        restyle(record.target);
        continue;
      }
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.hasAttribute('style')) restyle(node);
        for (const styled of node.querySelectorAll('[style]')) restyle(styled);
      }
    }
  });
  const observe = () => iframe.contentDocument && observer.observe(iframe.contentDocument,
    { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
  observe();
  sync();
  return {
    active: true,
    sync,
    /** After rrweb rebuilt the document (a full snapshot): watch it again and restyle it at once. */
    rebuilt() {
      observe();
      sync();
    },
    destroy() {
      observer.disconnect();
      held.observer.disconnect();
    },
  };
}

/**
 * Patches the iframe's realm once: a <style> inserted anywhere in it is held instead (its place
 * kept, itself watched while detached), a held one's `sheet` (where rrweb applies recorded CSSOM
 * changes such as insertRule) is its constructed sheet, removing it releases it, and
 * `setAttribute('style', ...)` goes through CSSOM, which the policy does not govern. Returns the
 * held styles: `parents` (style -> where it was put, in the order they came), `release`, `observer`.
 */
function patch(win, { sheetOf, changed }) {
  if (win[PATCHED]) return win[PATCHED];
  const parents = new Map();
  const observer = new win.MutationObserver(changed);
  const sheetOfHeld = element => (parents.has(element) ? sheetOf(element) : null);

  const proto = win.HTMLStyleElement.prototype;
  let owner = proto;
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'sheet')) owner = Object.getPrototypeOf(owner);
  const descriptor = owner ? Object.getOwnPropertyDescriptor(owner, 'sheet') : null;
  Object.defineProperty(proto, 'sheet', {
    configurable: true,
    get() {
      return sheetOfHeld(this) || (descriptor && descriptor.get ? descriptor.get.call(this) : null);
    },
  });

  function hold(style, parent) {
    // rrweb's Replayer makes its own <style> in the host page's realm, whose `sheet` is not ours
    if (!(style instanceof win.HTMLStyleElement) && !Object.prototype.hasOwnProperty.call(style, 'sheet')) {
      Object.defineProperty(style, 'sheet', { configurable: true, get: () => sheetOfHeld(style) });
    }
    parents.delete(style);
    parents.set(style, parent);
    observer.observe(style, { subtree: true, childList: true, characterData: true, attributes: true });
    changed();
    return style;
  }
  function release(style) {
    if (parents.delete(style)) changed();
  }

  const { insertBefore, appendChild, removeChild } = win.Node.prototype;
  win.Node.prototype.insertBefore = function patchedInsertBefore(node, child) {
    if (isStyle(node)) return hold(node, this);
    // before a held style, which has no place among the children: at the end
    return insertBefore.call(this, node, parents.has(child) ? null : child);
  };
  win.Node.prototype.appendChild = function patchedAppendChild(node) {
    return isStyle(node) ? hold(node, this) : appendChild.call(this, node);
  };
  win.Node.prototype.removeChild = function patchedRemoveChild(node) {
    if (parents.has(node)) {
      release(node);
      return node;
    }
    return removeChild.call(this, node);
  };
  const { remove } = win.Element.prototype;
  win.Element.prototype.remove = function patchedRemove() {
    release(this);
    return remove.call(this);
  };
  const setAttribute = win.Element.prototype.setAttribute;
  win.Element.prototype.setAttribute = function patchedSetAttribute(name, value) {
    if (typeof name === 'string' && name.toLowerCase() === 'style' && this.style) {
      this.style.cssText = String(value);
      return undefined;
    }
    return setAttribute.call(this, name, value);
  };
  win[PATCHED] = { parents, release, observer };
  return win[PATCHED];
}

// Lets a recording keep its styles under a Content-Security-Policy without 'unsafe-inline' (the
// console's: style-src 'self'). rrweb rebuilds the page in an about:blank iframe, which inherits the
// console's policy, with inline <style> elements and style="" attributes, both of which that policy
// refuses. CSSOM is not subject to it, so: style attributes are set through element.style, and each
// refused <style> element's text becomes a constructed stylesheet adopted by the iframe's document.

// what rrweb's Replayer injects with insertRule on a <style> of its own, refused alike
const replayerRules = blockClass => [
  `.${blockClass} { background: currentColor }`,
  'noscript { display: none !important; }',
  'html.rrweb-paused *, html.rrweb-paused *:before, html.rrweb-paused *:after { animation-play-state: paused !important; }',
];

const PATCHED = Symbol.for('engagement.replay.cspStyles');

/**
 * Watches the replayer's iframe and keeps its styles applied; returns {sync(), rebuilt(), destroy()}.
 * Where the policy lets inline styles through it changes nothing that shows: every <style> has its
 * own sheet then, and a style attribute set through CSSOM is the same style. Inert where the
 * browser has no constructable stylesheets.
 */
export function adaptStyles(iframe, { blockClass = 'rr-block' } = {}) {
  const win = iframe.contentWindow;
  const inert = { active: false, sync() {}, rebuilt() {}, destroy() {} };
  if (!win || !iframe.contentDocument || typeof win.CSSStyleSheet !== 'function' || !('adoptedStyleSheets' in iframe.contentDocument)) return inert;

  const sheets = new WeakMap(); // refused <style> element -> { sheet, text }
  const ours = new Set();
  const base = new win.CSSStyleSheet();
  replayerRules(blockClass).forEach((rule, i) => { try { base.insertRule(rule, i); } catch { /* a selector this engine lacks */ } });
  ours.add(base);

  function refresh(element) {
    let entry = sheets.get(element);
    if (!entry) {
      entry = { sheet: new win.CSSStyleSheet(element.media ? { media: element.media } : undefined), text: null };
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

  const native = patch(win, element => {
    const entry = sheets.get(element);
    return entry ? entry.sheet : refresh(element);
  });

  function restyle(element) {
    const text = element.getAttribute('style');
    if (text && element.style && !element.style.cssText) element.style.cssText = text;
  }

  let scheduled = false;
  function sync() {
    scheduled = false;
    const doc = iframe.contentDocument;
    if (!doc) return;
    const adopted = [base];
    for (const element of doc.querySelectorAll('style')) if (!native.sheet(element)) adopted.push(refresh(element));
    // sheets the recording adopted itself (the page's constructed stylesheets) stay, after ours
    const foreign = Array.from(doc.adoptedStyleSheets || []).filter(sheet => !ours.has(sheet));
    doc.adoptedStyleSheets = adopted.concat(foreign);
    // style attributes the parser or an unpatched path wrote were refused: apply them again
    for (const element of doc.querySelectorAll('[style]')) restyle(element);
  }
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    Promise.resolve().then(sync);
  };

  const touchesStyle = node => node.nodeType === 1 && (node.nodeName === 'STYLE' || Boolean(node.querySelector && node.querySelector('style')));
  const observer = new win.MutationObserver(records => {
    for (const record of records) {
      if (record.type === 'attributes') {
        restyle(record.target);
        continue;
      }
      const target = record.target;
      if (target.nodeName === 'STYLE' || (target.parentNode && target.parentNode.nodeName === 'STYLE')
        || [...record.addedNodes].some(touchesStyle) || [...record.removedNodes].some(touchesStyle)) {
        schedule();
      }
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        if (node.hasAttribute('style')) restyle(node);
        for (const styled of node.querySelectorAll('[style]')) restyle(styled);
      }
    }
  });
  const observe = () => iframe.contentDocument && observer.observe(iframe.contentDocument,
    { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['style'] });
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
    },
  };
}

/**
 * Patches the iframe's realm once: a refused <style>'s `sheet` (where rrweb applies recorded CSSOM
 * changes such as insertRule) is the constructed one, and `setAttribute('style', ...)` goes through
 * CSSOM, which the policy does not govern. Returns the native `sheet` getter.
 */
function patch(win, constructedSheet) {
  if (win[PATCHED]) return win[PATCHED];
  const proto = win.HTMLStyleElement.prototype;
  let owner = proto;
  while (owner && !Object.getOwnPropertyDescriptor(owner, 'sheet')) owner = Object.getPrototypeOf(owner);
  const descriptor = owner ? Object.getOwnPropertyDescriptor(owner, 'sheet') : null;
  const native = { sheet: element => (descriptor && descriptor.get ? descriptor.get.call(element) : null) };
  Object.defineProperty(proto, 'sheet', {
    configurable: true,
    get() {
      const sheet = native.sheet(this);
      return sheet || !this.isConnected ? sheet : constructedSheet(this);
    },
  });
  const setAttribute = win.Element.prototype.setAttribute;
  win.Element.prototype.setAttribute = function patchedSetAttribute(name, value) {
    if (typeof name === 'string' && name.toLowerCase() === 'style' && this.style) {
      this.style.cssText = String(value);
      return undefined;
    }
    return setAttribute.call(this, name, value);
  };
  win[PATCHED] = native;
  return native;
}

// What the widget keeps in the visitor's browser, one entry per public key so two sites (or two
// organizations on one site) never share a visitor. Storage can be missing or throw (private
// modes, sandboxed frames, blocked cookies): the widget then lives for the page's lifetime only.

export const visitorKey = (publicKey) => `engagement.widget.${publicKey}`;
export const outboxKey = (publicKey) => `engagement.widget.${publicKey}.outbox`;

export function localStore() {
  try {
    return window.localStorage;
  } catch (blocked) {
    return null;
  }
}

export function readJson(storage, key) {
  try {
    return JSON.parse(storage.getItem(key));
  } catch (unreadable) {
    return null;
  }
}

export function writeJson(storage, key, value) {
  try {
    if (value == null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch (full) {
    // a full or blocked storage only costs persistence across reloads
  }
}

/** Whether this browser has talked to the widget before: then the loader wakes the panel at once. */
export function hasVisitorState(publicKey) {
  const storage = localStore();
  const visitor = readJson(storage, visitorKey(publicKey));
  const outbox = readJson(storage, outboxKey(publicKey));
  return Boolean((visitor && visitor.visitor_token) || (outbox && outbox.length));
}

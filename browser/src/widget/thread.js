// The messages the panel shows: the server's, ordered by seq, then the visitor's not yet stored
// ones (no seq, a client_id) in the order typed. A message can reach the widget up to three
// times: as the answer to its POST, live over the socket, and again in a resume or a page of
// history. It is one message when it has the same seq, or the same client_id.

const isStored = (message) => message.seq != null;

function same(a, b) {
  return (isStored(a) && a.seq === b.seq) || (a.client_id != null && a.client_id === b.client_id);
}

function place(thread, message) {
  const stored = thread.filter(isStored);
  const pending = thread.filter((shown) => !isStored(shown));
  if (!isStored(message)) return stored.concat(pending, [message]);
  return stored.concat([message]).sort((a, b) => a.seq - b.seq).concat(pending);
}

/**
 * The thread with `message` in it; `added` when it was not shown in any form before (not a copy,
 * not the stored version of a message the visitor typed here).
 */
export function merge(thread, message) {
  if (message.private) return { thread, added: false };
  const index = thread.findIndex((shown) => same(shown, message));
  if (index < 0) return { thread: place(thread, message), added: true };
  const shown = thread[index];
  // a stored message never changes, and is never replaced by a pending copy of itself
  if (isStored(shown) || !isStored(message)) return { thread, added: false };
  return { thread: place(thread.filter((_, i) => i !== index), message), added: false };
}

export const mergeAll = (thread, messages) => messages.reduce((current, message) => merge(current, message).thread, thread);

export const isVisitors = (message) => Boolean(message.sender && message.sender.type === 'visitor');

/** The seq of the last stored message shown, what a resume starts after (0 before any). */
export const lastSeq = (thread) => thread.reduce((last, message) => (isStored(message) ? Math.max(last, message.seq) : last), 0);

/** Messages for the visitor (agent, bot or system) after the last one they read. */
export const unreadCount = (thread, readSeq) => thread.filter((message) => isStored(message) && message.seq > readSeq && !isVisitors(message)).length;

export const hasBotAnswer = (thread) => thread.some((message) => message.sender && message.sender.type === 'bot');

/** The pending ones, to keep across a change of conversation (they are the visitor's words). */
export const pendingOnly = (thread) => thread.filter((message) => !isStored(message));

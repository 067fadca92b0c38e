/**
 * The visitor's messages not yet stored by the server, oldest first, saved on every change so a
 * reload (or a crash) while offline keeps them. They leave one at a time and in order: the
 * second waits for the first, which may be the one that starts the conversation. Each keeps its
 * client_id for every attempt, and the server stores a client_id once, so a retry after a lost
 * answer never doubles a message.
 *
 * `send(entry)` delivers one entry; when it fails with an error `isRetryable` accepts, the entry
 * stays first in line and `flush` resolves false; any other failure gives it up to `onFailed`.
 */
export function createOutbox({ load, save, send, isRetryable, onFailed }) {
  let entries = load() || [];
  let running = null;
  let again = false;

  function add(entry) {
    entries.push(entry);
    save(entries);
  }

  function update(entry) {
    save(entries);
    return entry;
  }

  function remove(entry) {
    entries = entries.filter((queued) => queued !== entry);
    save(entries);
  }

  /** Resolves true once every entry left, false when the network stopped it. */
  function flush() {
    if (running) {
      // asked while draining: the drain may have finished its loop already, or be about to
      // give up on a network that just returned; it goes round once more
      again = true;
      return running;
    }
    running = drainUntilSettled().finally(() => {
      running = null;
    });
    return running;
  }

  async function drainUntilSettled() {
    let delivered;
    do {
      again = false;
      delivered = await drain();
    } while (again);
    return delivered;
  }

  async function drain() {
    while (entries.length) {
      const entry = entries[0];
      try {
        await send(entry);
        remove(entry);
      } catch (error) {
        if (isRetryable(error)) return false;
        remove(entry);
        onFailed(entry, error);
      }
    }
    return true;
  }

  return { add, update, flush, entries: () => entries.slice(), size: () => entries.length };
}

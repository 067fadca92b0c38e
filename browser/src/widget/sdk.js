// The analytics SDK (/sdk/engagement.js) may or may not be on the page, and may load after the
// widget: everything here is read when needed, never cached.

export const IDENTIFY_EVENT = 'engagement:identify';

function stored(storageName, key) {
  try {
    return window[storageName].getItem(key);
  } catch (blocked) {
    return null;
  }
}

/** The SDK's session, so a conversation carries the session an agent can replay. */
export const sdkSessionId = () => stored('sessionStorage', 'engagement.session_id');

export const sdkAnonymousId = () => stored('localStorage', 'engagement.anonymous_id');

/** The last `Engagement.identify(...)` as {customer_id, email, identity_hash}, or null. */
export function sdkIdentity() {
  const sdk = window.Engagement;
  try {
    return (sdk && typeof sdk.identity === 'function' && sdk.identity()) || null;
  } catch (broken) {
    return null;
  }
}

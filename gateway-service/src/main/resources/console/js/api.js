// The public API on the same origin, with the data key the user signed in with.
const KEY = 'engagement.console.key';
// the inbox's agent, asked for on its first visit and held in memory only: the console stores
// nothing but the key, so a reload asks again
let agentEmail = null;

export const session = {
  key: () => sessionStorage.getItem(KEY),
  signIn: key => sessionStorage.setItem(KEY, key),
  signOut: () => {
    sessionStorage.removeItem(KEY);
    agentEmail = null;
  },
  agent: () => agentEmail,
  setAgent: email => { agentEmail = email || null; },
};

export class ApiError extends Error {
  constructor(status, body) {
    super(typeof body?.detail === 'string' ? body.detail : body?.error ?? `The server answered ${status}`);
    this.status = status;
    this.body = body;
  }

  /** The 422 entries ({loc, msg, type}) when the API refused the input. */
  get violations() {
    return this.status === 422 && Array.isArray(this.body?.detail) ? this.body.detail : [];
  }
}

export async function api(method, path, body) {
  const headers = { 'x-api-key': session.key() ?? '', Accept: 'application/json' };
  const init = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let parsed = null;
  try { parsed = text ? JSON.parse(text) : null; } catch { parsed = text; }
  if (!response.ok) {
    if (response.status === 401) window.dispatchEvent(new CustomEvent('console:unauthorized'));
    throw new ApiError(response.status, parsed);
  }
  return parsed;
}

export const get = path => api('GET', path);

export function query(path, params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== '' && value != null) search.set(name, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

// The widget API of customer-service (and the tickets route the public key may use), as the
// gateway serves it. Every call carries the public key; the visitor's calls the visitor token too.

export class HttpError extends Error {
  constructor(status, body) {
    // a 422's detail is a list of faults, for programs; only a sentence is worth showing a person
    const detail = body && typeof body.detail === 'string' ? body.detail : null;
    super(detail || `HTTP ${status}`);
    this.status = status;
    this.detail = detail;
  }
}

/** Network failures and the server's temporary faults are worth another try; a refusal is not. */
export function isRetryable(error) {
  return !(error instanceof HttpError) || error.status >= 500 || error.status === 408 || error.status === 429;
}

async function bodyOf(response) {
  try {
    return await response.json();
  } catch (empty) {
    return null;
  }
}

export function createApi({ base, publicKey, token, fetchImpl }) {
  const doFetch = fetchImpl || ((...args) => window.fetch(...args));

  async function call(method, path, body, extraHeaders) {
    const headers = { 'X-Public-Key': publicKey, ...extraHeaders };
    const visitorToken = token();
    if (visitorToken) headers['X-Visitor-Token'] = visitorToken;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await doFetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new HttpError(response.status, await bodyOf(response));
    return response.status === 204 ? null : bodyOf(response);
  }

  const conversation = (id) => `/widget/v1/conversations/${encodeURIComponent(id)}`;

  return {
    createVisitor: (body) => call('POST', '/widget/v1/visitors', body),
    updateMe: (body) => call('PATCH', '/widget/v1/visitors/me', body),
    conversations: () => call('GET', '/widget/v1/conversations'),
    messages: (id, after, limit) => call('GET', `${conversation(id)}/messages?after=${after}&limit=${limit}`),
    startConversation: (body) => call('POST', '/widget/v1/conversations', body),
    postMessage: (id, body) => call('POST', `${conversation(id)}/messages`, body),
    read: (id, seq) => call('POST', `${conversation(id)}/read`, { seq }),
    handoff: (id) => call('POST', `${conversation(id)}/handoff`),
    rate: (id, body) => call('POST', `${conversation(id)}/rating`, body),
    // the key makes a double click, or a retry after a lost answer, one ticket
    openTicket: (body, idempotencyKey) => call('POST', '/external/v1/tickets', body, { 'Idempotency-Key': idempotencyKey }),
    // a single-use ticket for each connection: the visitor token never travels in a URL, where a
    // browser prints it on every failed reconnect and proxies log it
    liveUrl: async () => {
      const { ticket } = await call('POST', '/widget/v1/live/tickets');
      return `${base.replace(/^http/, 'ws')}/widget/v1/live?public_key=${encodeURIComponent(publicKey)}&ticket=${encodeURIComponent(ticket)}`;
    },
  };
}

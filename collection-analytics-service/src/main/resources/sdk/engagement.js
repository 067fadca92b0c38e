/*!
 * Engagement Suite browser SDK. Dependency-free; served at /sdk/engagement.js.
 *
 *   <script src="https://engagement.example.com/sdk/engagement.js" data-public-key="eng_pub_..."></script>
 *
 * Records page views (SPA navigations included), time and scroll depth on each page, clicks and
 * rage clicks, console errors and unhandled rejections, fetch/XHR calls, identify and custom
 * events. Events are batched and sent with the public key; when the page is hidden the batch goes
 * with navigator.sendBeacon so it survives the page closing. Request and response bodies are never
 * read by the SDK; the server redacts secrets from everything else.
 *
 * Session replay: the SDK reads its organization's settings (GET /sdk/v1/config) and, when replay
 * is on and this session is sampled in, loads the recorder (/sdk/engagement-replay.js) beside it.
 *
 * API: Engagement.init({publicKey, endpoint, flushIntervalMs, maxBatch}),
 *      Engagement.identify(customerId, email, identityHash) (the chat widget hears it as the
 *      'engagement:identify' window event and from Engagement.identity()),
 *      Engagement.track(name, properties), Engagement.flush({beacon}).
 */
(function (window, document) {
  'use strict';

  if (window.Engagement && window.Engagement.__loaded) {
    return;
  }

  var RAGE_CLICKS = 3;
  var RAGE_WINDOW_MS = 1000;
  var MAX_QUEUE = 500;
  var script = document.currentScript;

  var config = {
    publicKey: attribute('data-public-key'),
    endpoint: attribute('data-endpoint') || defaultEndpoint(),
    flushIntervalMs: Number(attribute('data-flush-interval')) || 5000,
    maxBatch: 50
  };

  var state = {
    sessionId: stored(window.sessionStorage, 'engagement.session_id'),
    // when this tab's session began, so replay's min_duration_ms counts the session, not the page
    sessionStartedAt: Number(stored(window.sessionStorage, 'engagement.session_started_at', function () { return String(Date.now()); })),
    anonymousId: stored(window.localStorage, 'engagement.anonymous_id'),
    customerId: null,
    identity: null,
    replayAsked: false,
    queue: [],
    page: null,
    recentClicks: [],
    timer: null
  };

  var nativeFetch = window.fetch;

  // ---- events ------------------------------------------------------------------------------

  function emit(type, fields) {
    var event = {
      event_id: uuid(),
      type: type,
      session_id: state.sessionId,
      anonymous_id: state.anonymousId,
      timestamp: new Date().toISOString()
    };
    if (type !== 'identify') {
      event.url = window.location.href;
    }
    if (state.customerId) {
      event.customer_id = state.customerId;
    }
    for (var name in fields) {
      if (Object.prototype.hasOwnProperty.call(fields, name) && fields[name] !== undefined) {
        event[name] = fields[name];
      }
    }
    markRecording(type, event);
    state.queue.push(event);
    if (state.queue.length > MAX_QUEUE) {
      state.queue.shift();
    }
    if (state.queue.length >= config.maxBatch) {
      flush();
    }
  }

  function flush(options) {
    if (!config.publicKey || state.queue.length === 0) {
      return;
    }
    var beacon = options && options.beacon;
    while (state.queue.length > 0) {
      var batch = state.queue.splice(0, config.maxBatch);
      send(JSON.stringify({ events: batch }), beacon);
    }
  }

  /** text/plain keeps the request "simple": no CORS preflight, and sendBeacon accepts it. */
  function send(body, beacon) {
    var url = config.endpoint + (config.endpoint.indexOf('?') < 0 ? '?' : '&') + 'public_key=' + encodeURIComponent(config.publicKey);
    if (beacon && navigator.sendBeacon && navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }))) {
      return;
    }
    if (nativeFetch) {
      nativeFetch.call(window, url, { method: 'POST', body: body, keepalive: true, headers: { 'Content-Type': 'text/plain' } })
        .catch(function () { /* telemetry never breaks the page */ });
    }
  }

  // ---- pages -------------------------------------------------------------------------------

  function pageView() {
    state.page = { url: window.location.href, startedAt: Date.now(), maxScroll: scrollDepth(), interactions: 0 };
    emit('page_view', { title: document.title, referrer: document.referrer || undefined });
  }

  function pageLeave() {
    if (!state.page) {
      return;
    }
    var page = state.page;
    state.page = null;
    emit('page_leave', {
      url: page.url,
      duration_ms: Date.now() - page.startedAt,
      scroll_depth: Math.min(1, Math.max(page.maxScroll, scrollDepth())),
      interactions: page.interactions
    });
  }

  function navigated(fromUrl) {
    var toUrl = window.location.href;
    if (toUrl === fromUrl) {
      return;
    }
    if (state.page) {
      state.page.url = fromUrl;
    }
    pageLeave();
    emit('navigation', { from_url: fromUrl, to_url: toUrl });
    pageView();
  }

  function watchHistory() {
    ['pushState', 'replaceState'].forEach(function (method) {
      var original = window.history[method];
      window.history[method] = function () {
        var fromUrl = window.location.href;
        var result = original.apply(this, arguments);
        navigated(fromUrl);
        return result;
      };
    });
    var lastUrl = window.location.href;
    window.addEventListener('popstate', function () {
      navigated(lastUrl);
      lastUrl = window.location.href;
    });
    window.addEventListener('hashchange', function (event) {
      navigated(event.oldURL);
    });
  }

  function scrollDepth() {
    var root = document.documentElement;
    var body = document.body;
    var height = Math.max(root.scrollHeight, body ? body.scrollHeight : 0);
    var seen = (window.pageYOffset || root.scrollTop || 0) + window.innerHeight;
    return height > 0 ? Math.min(1, seen / height) : 1;
  }

  // ---- interactions ------------------------------------------------------------------------

  function onClick(event) {
    var target = event.target;
    var selector = selectorOf(target);
    var now = Date.now();
    if (state.page) {
      state.page.interactions += 1;
    }
    emit('click', { selector: selector, x: event.clientX, y: event.clientY, count: 1 });
    state.recentClicks = state.recentClicks.filter(function (click) {
      return now - click.at <= RAGE_WINDOW_MS && click.target === target;
    });
    state.recentClicks.push({ target: target, at: now });
    if (state.recentClicks.length === RAGE_CLICKS) {
      emit('rage_click', { selector: selector, x: event.clientX, y: event.clientY, count: RAGE_CLICKS });
    }
  }

  function selectorOf(element) {
    var parts = [];
    while (element && element.nodeType === 1 && parts.length < 5) {
      if (element.id) {
        parts.unshift('#' + element.id);
        break;
      }
      var part = element.tagName.toLowerCase();
      if (element.classList && element.classList.length) {
        part += '.' + Array.prototype.slice.call(element.classList, 0, 2).join('.');
      }
      parts.unshift(part);
      element = element.parentElement;
    }
    return parts.join(' > ');
  }

  // ---- errors ------------------------------------------------------------------------------

  function watchErrors() {
    var original = window.console && window.console.error;
    if (original) {
      window.console.error = function () {
        var message = Array.prototype.map.call(arguments, text).join(' ');
        emit('console_error', { message: message, level: 'error' });
        return original.apply(this, arguments);
      };
    }
    window.addEventListener('error', function (event) {
      emit('console_error', { message: event.message, stack: event.error && event.error.stack, level: 'error' });
    });
    window.addEventListener('unhandledrejection', function (event) {
      var reason = event.reason;
      emit('console_error', { message: 'Unhandled rejection: ' + text(reason), stack: reason && reason.stack, level: 'error' });
    });
  }

  function text(value) {
    if (value instanceof Error) {
      return value.message;
    }
    if (typeof value === 'string') {
      return value;
    }
    try {
      return JSON.stringify(value);
    } catch (cyclic) {
      return String(value);
    }
  }

  // ---- API calls ---------------------------------------------------------------------------

  // the suite's own routes a page's scripts call through the patched fetch and XHR: telemetry, the
  // chat widget (its visitor, conversations, prompts and tickets), the SDK's configuration, replay
  var OWN_PATHS = ['/external/v1/events', '/external/v1/tickets', '/widget/v1/', '/sdk/'];

  /** A request to the suite itself: never one of the page's API calls, nor its errors. */
  function isOwnCall(url) {
    var address = absolute(url);
    // a bare origin comes back from URL with its '/': the paths below begin with theirs
    var base = absolute(suiteBase()).replace(/\/$/, '');
    if (address.indexOf(base) !== 0) {
      return false;
    }
    var path = address.slice(base.length);
    for (var i = 0; i < OWN_PATHS.length; i++) {
      if (path.indexOf(OWN_PATHS[i]) === 0) {
        return true;
      }
    }
    return false;
  }

  function watchFetch() {
    if (!nativeFetch) {
      return;
    }
    window.fetch = function (input, init) {
      var url = typeof input === 'string' ? input : (input && input.url) || String(input);
      var method = ((init && init.method) || (input && input.method) || 'GET').toUpperCase();
      var started = Date.now();
      var call = nativeFetch.apply(this, arguments);
      if (isOwnCall(url)) {
        return call;
      }
      return call.then(function (response) {
        apiLog(url, method, response.status, started);
        return response;
      }, function (failure) {
        apiLog(url, method, 0, started);
        throw failure;
      });
    };
  }

  function watchXhr() {
    var Xhr = window.XMLHttpRequest;
    if (!Xhr) {
      return;
    }
    var open = Xhr.prototype.open;
    var sendRequest = Xhr.prototype.send;
    Xhr.prototype.open = function (method, url) {
      this.__engagement = { method: String(method || 'GET').toUpperCase(), url: String(url) };
      return open.apply(this, arguments);
    };
    Xhr.prototype.send = function () {
      var call = this.__engagement;
      if (call && !isOwnCall(call.url)) {
        var started = Date.now();
        var xhr = this;
        xhr.addEventListener('loadend', function () {
          apiLog(call.url, call.method, xhr.status, started);
        });
      }
      return sendRequest.apply(this, arguments);
    };
  }

  function apiLog(url, method, status, started) {
    emit('api_log', { request_url: absolute(url), method: method, status: status, duration_ms: Date.now() - started });
  }

  // ---- plumbing ----------------------------------------------------------------------------

  function attribute(name) {
    return script ? script.getAttribute(name) : null;
  }

  function defaultEndpoint() {
    if (script && script.src) {
      return script.src.replace(/\/sdk\/engagement\.js.*$/, '/external/v1/events');
    }
    return '/external/v1/events';
  }

  // ---- session replay ------------------------------------------------------------------------

  /** Where the suite is: the SDK's own origin and path prefix, from its script or its endpoint. */
  function suiteBase() {
    return config.endpoint.replace(/\/external\/v1\/events.*$/, '');
  }

  function loadReplay() {
    if (!config.publicKey || !nativeFetch || state.replayAsked) {
      return;
    }
    state.replayAsked = true;
    var url = suiteBase() + '/sdk/v1/config?public_key=' + encodeURIComponent(config.publicKey);
    nativeFetch.call(window, url).then(function (response) {
      return response.ok ? response.json() : null;
    }).then(function (body) {
      var replay = body && body.replay;
      if (replay && replay.enabled && sampledIn(state.sessionId, replay.sample_rate)) {
        startRecorder(replay);
      }
    }).catch(function () { /* no recording is better than a broken page */ });
  }

  function startRecorder(settings) {
    window.Engagement.__replay = {
      publicKey: config.publicKey,
      endpoint: config.endpoint,
      settings: settings,
      fetch: function (url, init) { return nativeFetch.call(window, url, init); },
      uuid: uuid,
      sessionStartedAt: state.sessionStartedAt,
      session: function () {
        return { session_id: state.sessionId, anonymous_id: state.anonymousId, customer_id: state.customerId || undefined };
      }
    };
    var recorder = document.createElement('script');
    recorder.src = suiteBase() + '/sdk/engagement-replay.js';
    recorder.async = true;
    document.head.appendChild(recorder);
  }

  /**
   * Marks what the console's replay timeline shows beside the recording (errors, failed calls,
   * rage clicks) in the recording itself, as rrweb custom events, once the recorder runs.
   */
  function markRecording(type, event) {
    var replay = window.Engagement && window.Engagement.__replay;
    if (!replay || !replay.mark) {
      return;
    }
    if (type === 'console_error') {
      replay.mark(type, { message: event.message });
    } else if (type === 'api_log') {
      replay.mark(type, { method: event.method, request_url: event.request_url, status: event.status });
    } else if (type === 'rage_click') {
      replay.mark(type, { selector: event.selector, count: event.count });
    }
  }

  /**
   * Whether this session is recorded, decided from its id: every page of a session is in or out
   * together, and a reload does not roll again.
   */
  function sampledIn(sessionId, rate) {
    if (rate >= 1) {
      return true;
    }
    var hash = 2166136261;
    for (var i = 0; i < sessionId.length; i++) {
      hash ^= sessionId.charCodeAt(i);
      hash = Math.imul(hash, 16777619);
    }
    return (hash >>> 0) / 4294967296 < rate;
  }

  function absolute(url) {
    try {
      return new URL(url, window.location.href).href;
    } catch (notAUrl) {
      return String(url);
    }
  }

  function stored(storage, key, make) {
    make = make || uuid;
    try {
      var value = storage.getItem(key);
      if (!value) {
        value = make();
        storage.setItem(key, value);
      }
      return value;
    } catch (unavailable) {
      return make();
    }
  }

  function uuid() {
    if (window.crypto && window.crypto.randomUUID) {
      return window.crypto.randomUUID();
    }
    return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, function (c) {
      var r = Math.random() * 16 | 0;
      return (c === 'x' ? r : (r & 0x3 | 0x8)).toString(16);
    });
  }

  function schedule() {
    if (state.timer) {
      window.clearInterval(state.timer);
    }
    state.timer = window.setInterval(flush, config.flushIntervalMs);
  }

  function start() {
    watchHistory();
    watchErrors();
    watchFetch();
    watchXhr();
    document.addEventListener('click', onClick, true);
    window.addEventListener('scroll', function () {
      if (state.page) {
        state.page.maxScroll = Math.max(state.page.maxScroll, scrollDepth());
      }
    }, { passive: true });
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'hidden') {
        pageLeave();
        flush({ beacon: true });
      } else if (!state.page) {
        pageView();
      }
    });
    window.addEventListener('pagehide', function () {
      pageLeave();
      flush({ beacon: true });
    });
    schedule();
    pageView();
    loadReplay();
  }

  window.Engagement = {
    __loaded: true,
    init: function (options) {
      options = options || {};
      config.publicKey = options.publicKey || config.publicKey;
      config.endpoint = options.endpoint || config.endpoint;
      config.flushIntervalMs = options.flushIntervalMs || config.flushIntervalMs;
      config.maxBatch = Math.min(500, options.maxBatch || config.maxBatch);
      schedule();
      loadReplay();
    },
    identify: function (customerId, email, identityHash) {
      state.customerId = customerId ? String(customerId) : state.customerId;
      emit('identify', { customer_id: state.customerId || undefined, email: email || undefined });
      state.identity = { customer_id: state.customerId || undefined, email: email || undefined, identity_hash: identityHash || undefined };
      if (window.CustomEvent) {
        window.dispatchEvent(new window.CustomEvent('engagement:identify', { detail: state.identity }));
      }
    },
    identity: function () {
      return state.identity;
    },
    track: function (name, properties) {
      emit('custom', { name: String(name), properties: properties || {} });
    },
    flush: flush
  };

  start();
})(window, document);

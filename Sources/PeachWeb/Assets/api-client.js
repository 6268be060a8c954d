/// The JSON API of docs/api.md, with idempotent retries. No DOM access.
///
/// Network failures (fetch rejects, or the server answers 5xx/429 while restarting) are retried
/// with exponential backoff until they succeed; 4xx replies are final and become an `ApiError`
/// carrying the server's plain-language message. An answer is retried with the same exercise id
/// and the same body, which the server treats as the same answer (idempotent by id), so a
/// retry can never record twice. While a request is failing the client reports "offline"
/// through `onConnectivityChange(true)`, and `false` once a request gets through.

/** A 4xx reply: `status`, `code` and the server's `message` (docs/api.md "Errors"). */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** The request was given up because its AbortSignal fired (the page stopped). */
export class AbortedError extends Error {
  constructor() {
    super('The request was cancelled.');
    this.name = 'AbortError';
  }
}

class RetryableError extends Error {
  /** `serverMessage`: what the server said about it, if anything (a full disk: `507 diskFull`). */
  constructor(message, serverMessage = '') {
    super(message);
    this.serverMessage = serverMessage;
  }
}

/** The error for a reply that is not 2xx: `RetryableError` while the server cannot answer, else `ApiError`. */
function replyError(status, data) {
  const error = data && typeof data === 'object' ? data.error : null;
  if (status >= 500 || status === 429 || status === 408) {
    // Retried: a full disk (507) is over once space is freed, and the answer is kept until then.
    return new RetryableError(`HTTP ${status}`, status === 507 ? error?.message ?? '' : '');
  }
  return new ApiError(status, error?.code ?? 'httpError',
    error?.message ?? (typeof data === 'string' && data ? data : `HTTP ${status}`));
}

const defaultSleep = (milliseconds, signal) => new Promise((resolve, reject) => {
  const timer = setTimeout(resolve, milliseconds);
  signal?.addEventListener('abort', () => { clearTimeout(timer); reject(new AbortedError()); }, { once: true });
});

/** Client for the Peach server's JSON API. */
export class ApiClient {
  /**
   * @param {object} [options]
   * @param {typeof fetch} [options.fetch]
   * @param {typeof XMLHttpRequest} [options.XMLHttpRequest] for uploads that report progress
   * @param {(ms: number, signal?: AbortSignal) => Promise<void>} [options.sleep] injected for tests
   * @param {number} [options.initialDelayMs=250] first retry delay; doubles each time
   * @param {number} [options.maxDelayMs=8000]
   * @param {(offline: boolean) => void} [options.onConnectivityChange]
   */
  constructor(options = {}) {
    this.fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.XMLHttpRequest = options.XMLHttpRequest ?? globalThis.XMLHttpRequest;
    this.sleep = options.sleep ?? defaultSleep;
    this.initialDelayMs = options.initialDelayMs ?? 250;
    this.maxDelayMs = options.maxDelayMs ?? 8000;
    this.onConnectivityChange = options.onConnectivityChange ?? (() => {});
    this.offline = false;
    this.offlineMessage = '';
    /** The answer not yet delivered, `{id, body}`, kept until the server has it. */
    this.pendingAnswer = null;
  }

  /** `message`: the server's own words while it cannot store (a full disk), else empty. */
  setOffline(offline, message = '') {
    if (this.offline === offline && this.offlineMessage === message) return;
    this.offline = offline;
    this.offlineMessage = message;
    this.onConnectivityChange(offline, message);
  }

  /** One request: parsed JSON (or text) on 2xx, `ApiError` on 4xx, `RetryableError` otherwise. */
  async send(method, url, { body, contentType, signal } = {}) {
    const headers = { Accept: 'application/json' };
    let payload;
    if (body !== undefined) {
      headers['Content-Type'] = contentType ?? 'application/json';
      payload = contentType ? body : JSON.stringify(body);
    }
    let response;
    try {
      response = await this.fetch(url, { method, headers, body: payload, signal, credentials: 'same-origin' });
    } catch (error) {
      if (signal?.aborted) throw new AbortedError();
      throw new RetryableError(error?.message ?? 'network error');
    }
    const type = response.headers?.get?.('Content-Type') ?? '';
    const data = type.includes('json')
      ? await response.json().catch(() => null)
      : await response.text().catch(() => '');
    if (response.ok) return data;
    throw replyError(response.status, data);
  }

  /**
   * A one-off POST of a large body through XMLHttpRequest, which (unlike fetch) reports how
   * much of the body has been sent: `onProgress(sent, total)`, last with sent === total once
   * the whole body is out and the server is reading it. Replies as `send`; not retried.
   */
  upload(url, body, contentType, onProgress) {
    return new Promise((resolve, reject) => {
      const request = new this.XMLHttpRequest();
      request.open('POST', url);
      request.setRequestHeader('Accept', 'application/json');
      request.setRequestHeader('Content-Type', contentType);
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress?.(event.loaded, event.total);
      });
      request.upload.addEventListener('load', (event) => onProgress?.(event.total, event.total));
      request.addEventListener('load', () => {
        const type = request.getResponseHeader('Content-Type') ?? '';
        let data = request.responseText;
        if (type.includes('json')) {
          try { data = JSON.parse(data); } catch { data = null; }
        }
        if (request.status >= 200 && request.status < 300) resolve(data);
        else reject(replyError(request.status, data));
      });
      request.addEventListener('error', () => reject(new RetryableError('network error')));
      request.send(body);
    });
  }

  /** `send`, retried with exponential backoff until it gets through (or is aborted / 4xx). */
  async sendWithRetry(method, url, options = {}) {
    let delay = this.initialDelayMs;
    for (;;) {
      if (options.signal?.aborted) throw new AbortedError();
      try {
        const result = await this.send(method, url, options);
        this.setOffline(false);
        return result;
      } catch (error) {
        if (!(error instanceof RetryableError)) {
          if (error instanceof ApiError) this.setOffline(false);
          throw error;
        }
        this.setOffline(true, error.serverMessage);
        await this.sleep(delay, options.signal);
        delay = Math.min(delay * 2, this.maxDelayMs);
      }
    }
  }

  /**
   * `GET /api/exercises/next?mode=…` (the page's `data-next-url`), retried while offline.
   * @returns {Promise<object>} the exercise
   */
  async nextExercise(nextUrl, { signal } = {}) {
    const reply = await this.sendWithRetry('GET', nextUrl, { signal });
    return reply.exercise;
  }

  /**
   * `POST /api/exercises/{id}/answer`, retried with the same id and body until delivered.
   * Never aborted: an answer the user gave is kept until the server has it.
   * @param {string} id
   * @param {{answer: 'higher'|'lower'} | {sliderValue: number}} body
   * @returns {Promise<{feedback: object, next: object}>}
   */
  async answer(id, body) {
    const pending = { id, body };
    this.pendingAnswer = pending;
    try {
      return await this.sendWithRetry('POST', `/api/exercises/${encodeURIComponent(id)}/answer`, { body });
    } finally {
      if (this.pendingAnswer === pending) this.pendingAnswer = null;
    }
  }

  /** `GET /api/settings` → the settings object (values as text). */
  async getSettings() {
    return (await this.send('GET', '/api/settings')).settings;
  }

  /** `PUT /api/settings` with any subset; → every setting after the change. Not retried. */
  async putSettings(values) {
    return (await this.send('PUT', '/api/settings', { body: values })).settings;
  }

  /**
   * `POST /api/import?mode=merge|replace` with the CSV text or file as `text/csv`, reporting
   * `onProgress(sent, total)` → `{summary, message}`, or for a replace that deletes records
   * `{confirmation, message}` (nothing changed yet; answer with `confirmImport`).
   */
  async importCSV(csv, mode, { onProgress } = {}) {
    const url = `/api/import?mode=${encodeURIComponent(mode === 'replace' ? 'replace' : 'merge')}`;
    return this.upload(url, csv, 'text/csv', onProgress);
  }

  /** `POST /api/import/confirm`: do (`confirm` true) or drop the replace `token` names. */
  async confirmImport(token, confirm) {
    return this.send('POST', '/api/import/confirm', { body: { token, confirm } });
  }

  /** `POST /api/reset` with `{"confirm": true}` → `{deleted}`. */
  async reset() {
    return this.send('POST', '/api/reset', { body: { confirm: true } });
  }
}

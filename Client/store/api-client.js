/// Requests to the server's JSON API (docs/api.md), at the addresses the server's route table
/// gives (`API_PATHS` of peach-routes.js, passed in as `paths`): `send` for one request, which
/// sync.js uses for its upload and its settings exchange, `download` for the profile (with its
/// version, so that an unchanged one is not sent again), and the Settings page's CSV import (with
/// its upload progress) and reset, which act on the server's history and so need the server. Settings are not sent from
/// here: the device stores them and sync takes them to the server. Training and its records
/// never wait for the server. No DOM access.
///
/// A reply that is not 2xx becomes an `ApiError` carrying the server's plain-language message;
/// a request that does not get through rejects as fetch does.

/** A reply that is not 2xx: `status`, `code` and the server's `message` (docs/api.md "Errors"). */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** The error for a reply that is not 2xx, with the server's plain-language message. */
function replyError(status, data) {
  const error = data && typeof data === 'object' ? data.error : null;
  return new ApiError(status, error?.code ?? 'httpError',
    error?.message ?? (typeof data === 'string' && data ? data : `HTTP ${status}`));
}

/** A reply's body: parsed JSON if it says it is JSON (null if it is not), else its text. */
async function replyData(response) {
  const type = response.headers?.get?.('Content-Type') ?? '';
  return type.includes('json')
    ? response.json().catch(() => null)
    : response.text().catch(() => '');
}

/** Client for the Peach server's JSON API. */
export class ApiClient {
  /**
   * @param {object} options
   * @param {Record<string, string>} options.paths the API's addresses by name (`API_PATHS`)
   * @param {typeof fetch} [options.fetch]
   * @param {typeof XMLHttpRequest} [options.XMLHttpRequest] for uploads that report progress
   */
  constructor(options) {
    this.paths = options.paths;
    this.fetch = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.XMLHttpRequest = options.XMLHttpRequest ?? globalThis.XMLHttpRequest;
  }

  /**
   * One request: parsed JSON (or text) on 2xx, else `ApiError`.
   * @param {string} method
   * @param {string} url
   * @param {{body?: any, contentType?: string, headers?: Record<string, string>}} options the
   *   body: a string as it is (with its `contentType`), anything else as JSON; more headers
   */
  async send(method, url, { body = undefined, contentType = undefined, headers: more = {} } = {}) {
    const headers = { Accept: 'application/json', ...more };
    let payload;
    if (body !== undefined) {
      headers['Content-Type'] = contentType ?? 'application/json';
      payload = contentType ? body : JSON.stringify(body);
    }
    const response = await this.fetch(url, { method, headers, body: payload, credentials: 'same-origin' });
    const data = await replyData(response);
    if (response.ok) return data;
    throw replyError(response.status, data);
  }

  /**
   * `GET url` for bytes that carry a version (their ETag, `"version"`): null if the server
   * still has `version` (304: nothing downloaded), else `{bytes, version}` (an ArrayBuffer, and
   * the version or null); a reply that is not 2xx is an `ApiError`.
   */
  async download(url, version = null) {
    const headers = version ? { 'If-None-Match': `"${version}"` } : {};
    const response = await this.fetch(url, { headers, credentials: 'same-origin', cache: 'no-store' });
    if (response.status === 304) return null;
    if (!response.ok) throw replyError(response.status, await replyData(response));
    const tag = /^(?:W\/)?"([^"]*)"$/.exec(response.headers?.get?.('ETag') ?? '');
    return { bytes: await response.arrayBuffer(), version: tag?.[1] || null };
  }

  /**
   * A one-off POST of a large body through XMLHttpRequest, which (unlike fetch) reports how
   * much of the body has been sent: `onProgress(sent, total)`, last with sent === total once
   * the whole body is out and the server is reading it. Replies as `send`.
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
      request.addEventListener('error', () => reject(new Error('network error')));
      request.send(body);
    });
  }

  /**
   * `POST /api/import?mode=merge|replace` with the CSV text or file as `text/csv`, reporting
   * `onProgress(sent, total)` → `{summary, message}`, or for a replace that deletes records
   * `{confirmation, message}` (nothing changed yet; answer with `confirmImport`).
   */
  async importCSV(csv, mode, { onProgress = undefined } = {}) {
    const url = `${this.paths.import}?mode=${encodeURIComponent(mode === 'replace' ? 'replace' : 'merge')}`;
    return this.upload(url, csv, 'text/csv', onProgress);
  }

  /** `POST /api/import/confirm`: do (`confirm` true) or drop the replace `token` names. */
  async confirmImport(token, confirm) {
    return this.send('POST', this.paths.importConfirm, { body: { token, confirm } });
  }

  /** `POST /api/reset` with `{"confirm": true}` → `{deleted}`. */
  async reset() {
    return this.send('POST', this.paths.reset, { body: { confirm: true } });
  }
}

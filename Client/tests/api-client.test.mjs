import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient, ApiError } from '../store/api-client.js';

/** The addresses the client is given (`API_PATHS` of the server's peach-routes.js). */
const paths = { import: '/api/import', importConfirm: '/api/import/confirm', reset: '/api/reset' };

const json = (status, body) => ({
  ok: status >= 200 && status < 300,
  status,
  headers: { get: (name) => (name.toLowerCase() === 'content-type' ? 'application/json; charset=utf-8' : null) },
  json: async () => body,
  text: async () => JSON.stringify(body),
});

/** A fetch that plays back scripted outcomes and records every call. */
function scriptedFetch(outcomes) {
  const calls = [];
  const fetch = async (url, init) => {
    calls.push({ url, method: init.method, body: init.body, headers: init.headers });
    const outcome = outcomes.shift();
    if (outcome === undefined) throw new Error('unexpected extra request');
    if (outcome instanceof Error) throw outcome;
    return outcome;
  };
  return { fetch, calls };
}

test('a 4xx reply is final, surfaced with the server message', async () => {
  const { fetch, calls } = scriptedFetch([
    json(410, { error: { code: 'noPendingImport', message: 'This import is no longer waiting to be confirmed.' } }),
  ]);
  const client = new ApiClient({ paths, fetch });
  await assert.rejects(client.confirmImport('t', true), (error) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 410);
    assert.equal(error.code, 'noPendingImport');
    assert.equal(error.message, 'This import is no longer waiting to be confirmed.');
    return true;
  });
  assert.equal(calls.length, 1);
});

test('a request that does not get through rejects as fetch does; a download comes as bytes with its version', async () => {
  const tags = { 'content-type': 'application/octet-stream', etag: 'W/"1764000000000-7"' };
  const { fetch, calls } = scriptedFetch([
    new TypeError('Failed to fetch'),
    { ok: true, status: 200, headers: { get: (name) => tags[name.toLowerCase()] ?? null }, arrayBuffer: async () => new Float64Array([1, 2]).buffer },
  ]);
  const client = new ApiClient({ paths, fetch });
  await assert.rejects(client.download('/api/sync/profile'), TypeError);
  const download = await client.download('/api/sync/profile');
  assert.deepEqual([...new Float64Array(download.bytes)], [1, 2]);
  assert.equal(download.version, '1764000000000-7');
  assert.deepEqual(calls[1].headers, {});
});

test('a download of the version the device holds is a 304 and downloads nothing', async () => {
  const { fetch, calls } = scriptedFetch([
    { ok: false, status: 304, headers: { get: () => null }, arrayBuffer: async () => assert.fail('no body is read') },
    json(503, { error: { code: 'soundsUnavailable', message: 'Down.' } }),
  ]);
  const client = new ApiClient({ paths, fetch });
  assert.equal(await client.download('/api/sync/profile', '1764000000000-7'), null);
  assert.deepEqual(calls[0].headers, { 'If-None-Match': '"1764000000000-7"' });
  await assert.rejects(client.download('/api/sync/profile', 'x'), (error) => error instanceof ApiError && error.status === 503);
});

test('import and reset use the documented methods, bodies and media types', async () => {
  const { fetch, calls } = scriptedFetch([
    json(200, { summary: { added: 2, skippedDuplicates: 0, skippedRhythm: 0, replaced: 3 }, message: 'Imported 2 records.' }),
    json(200, { deleted: 12 }),
  ]);
  const uploads = [];
  const confirmation = { confirmation: { token: 'a-b', deleting: { records: 3 }, importing: 2 }, message: 'Replacing deletes…' };
  const client = new ApiClient({ paths, fetch, XMLHttpRequest: fakeXHR(uploads, 202, confirmation) });
  const progress = [];
  const asked = await client.importCSV('# peach-export-format:3\n', 'replace', {
    onProgress: (sent, total) => progress.push([sent, total]),
  });
  assert.deepEqual(asked, confirmation);
  assert.equal(uploads[0].method, 'POST');
  assert.equal(uploads[0].url, '/api/import?mode=replace');
  assert.equal(uploads[0].headers['Content-Type'], 'text/csv');
  assert.equal(uploads[0].body, '# peach-export-format:3\n');
  assert.deepEqual(progress, [[12, 24], [24, 24]]);
  const imported = await client.confirmImport('a-b', true);
  assert.equal(imported.message, 'Imported 2 records.');
  assert.equal(calls[0].url, '/api/import/confirm');
  assert.equal(calls[0].body, '{"token":"a-b","confirm":true}');
  assert.deepEqual(await client.reset(), { deleted: 12 });
  assert.equal(calls[1].url, '/api/reset');
  assert.equal(calls[1].body, '{"confirm":true}');
});

test('an import refused by the server rejects with its message', async () => {
  const refusal = { error: { code: 'invalidCSV', message: 'The file cannot be imported; line 3 …' } };
  const client = new ApiClient({ paths, XMLHttpRequest: fakeXHR([], 422, refusal) });
  await assert.rejects(client.importCSV('x', 'merge'), { code: 'invalidCSV', status: 422, message: refusal.error.message });
});

/** An XMLHttpRequest that records what is sent, reports half then all of 24 bytes, and answers `status` with `reply` as JSON. */
function fakeXHR(uploads, status, reply) {
  return class {
    constructor() {
      this.headers = {};
      this.listeners = {};
      this.upload = { listeners: {}, addEventListener(type, f) { this.listeners[type] = f; } };
    }
    open(method, url) { Object.assign(this, { method, url }); }
    setRequestHeader(name, value) { this.headers[name] = value; }
    addEventListener(type, f) { this.listeners[type] = f; }
    getResponseHeader(name) { return name === 'Content-Type' ? 'application/json; charset=utf-8' : null; }
    send(body) {
      this.body = body;
      uploads.push(this);
      queueMicrotask(() => {
        this.upload.listeners.progress?.({ lengthComputable: true, loaded: 12, total: 24 });
        this.upload.listeners.load?.({ loaded: 24, total: 24 });
        this.status = status;
        this.responseText = JSON.stringify(reply);
        this.listeners.load?.();
      });
    }
  };
}

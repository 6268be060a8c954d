import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient, ApiError } from '../../Sources/PeachWeb/Assets/api-client.js';

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

const reply = { feedback: { kind: 'comparison', isCorrect: true, announcement: 'Correct' }, next: { id: 'next-1' } };

test('an answer is retried with the same exercise id and body until delivered, with exponential backoff', async () => {
  const { fetch, calls } = scriptedFetch([
    new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), json(503, {}), json(200, reply),
  ]);
  const delays = [];
  const connectivity = [];
  const client = new ApiClient({
    fetch, sleep: async (ms) => { delays.push(ms); }, initialDelayMs: 250, maxDelayMs: 1000,
    onConnectivityChange: (offline) => connectivity.push(offline),
  });
  const answered = client.answer('6F96-AB', { answer: 'higher' });
  assert.deepEqual(client.pendingAnswer, { id: '6F96-AB', body: { answer: 'higher' } });
  assert.deepEqual(await answered, reply);
  assert.equal(calls.length, 4);
  for (const call of calls) {
    assert.equal(call.url, '/api/exercises/6F96-AB/answer');
    assert.equal(call.method, 'POST');
    assert.equal(call.body, '{"answer":"higher"}');
    assert.equal(call.headers['Content-Type'], 'application/json');
  }
  assert.deepEqual(delays, [250, 500, 1000]);
  assert.deepEqual(connectivity, [true, false], 'offline while failing, online once delivered');
  assert.equal(client.offline, false);
  assert.equal(client.pendingAnswer, null, 'nothing left to send');
});

test('a full disk (507) is retried, its message shown meanwhile, and cleared once the answer is stored', async () => {
  const full = { error: { code: 'diskFull', message: 'The disk … is full, so nothing was stored.' } };
  const { fetch, calls } = scriptedFetch([json(507, full), json(507, full), json(200, reply)]);
  const connectivity = [];
  const client = new ApiClient({
    fetch, sleep: async () => {}, onConnectivityChange: (offline, message) => connectivity.push([offline, message]),
  });
  assert.deepEqual(await client.answer('6F96-AB', { answer: 'higher' }), reply);
  assert.equal(calls.length, 3);
  assert.deepEqual(connectivity, [[true, full.error.message], [false, '']]);
});

test('no duplicate send after success', async () => {
  const { fetch, calls } = scriptedFetch([json(200, reply)]);
  const client = new ApiClient({ fetch, sleep: async () => {} });
  await client.answer('a', { sliderValue: 0.25 });
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(calls.length, 1);
  assert.equal(calls[0].body, '{"sliderValue":0.25}');
});

test('a 4xx reply is final: not retried, surfaced with the server message', async () => {
  const { fetch, calls } = scriptedFetch([
    json(409, { error: { code: 'alreadyAnswered', message: 'This exercise was already answered differently.' } }),
  ]);
  const client = new ApiClient({ fetch, sleep: async () => { throw new Error('must not wait'); } });
  await assert.rejects(client.answer('x', { answer: 'lower' }), (error) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 409);
    assert.equal(error.code, 'alreadyAnswered');
    assert.equal(error.message, 'This exercise was already answered differently.');
    return true;
  });
  assert.equal(calls.length, 1);
});

test('next exercise: GET the page URL, retried while offline, stops when aborted', async () => {
  const { fetch, calls } = scriptedFetch([new TypeError('offline'), json(200, { exercise: { id: 'e1' } })]);
  const client = new ApiClient({ fetch, sleep: async () => {} });
  assert.deepEqual(await client.nextExercise('/api/exercises/next?mode=comparison'), { id: 'e1' });
  assert.equal(calls[0].method, 'GET');
  assert.equal(calls[0].url, '/api/exercises/next?mode=comparison');

  const controller = new AbortController();
  const failing = scriptedFetch([new TypeError('offline'), new TypeError('offline')]);
  const aborting = new ApiClient({
    fetch: failing.fetch, sleep: async () => { controller.abort(); },
  });
  await assert.rejects(aborting.nextExercise('/api/exercises/next?mode=comparison', { signal: controller.signal }),
    { name: 'AbortError' });
  assert.equal(failing.calls.length, 1);
});

test('settings, import and reset use the documented methods, bodies and media types', async () => {
  const { fetch, calls } = scriptedFetch([
    json(200, { settings: { referencePitch: '442' } }),
    json(200, { summary: { added: 2, skippedDuplicates: 0, skippedRhythm: 0, replaced: 3 }, message: 'Imported 2 records.' }),
    json(200, { deleted: 12 }),
    json(422, { error: { code: 'outOfRange', message: 'Reference pitch 600 Hz is outside 380–500 Hz.' } }),
  ]);
  const uploads = [];
  const confirmation = { confirmation: { token: 'a-b', deleting: { records: 3 }, importing: 2 }, message: 'Replacing deletes…' };
  const client = new ApiClient({ fetch, sleep: async () => {}, XMLHttpRequest: fakeXHR(uploads, 202, confirmation) });
  assert.deepEqual(await client.putSettings({ referencePitch: 442 }), { referencePitch: '442' });
  assert.equal(calls[0].method, 'PUT');
  assert.equal(calls[0].url, '/api/settings');
  assert.equal(calls[0].body, '{"referencePitch":442}');
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
  assert.equal(calls[1].url, '/api/import/confirm');
  assert.equal(calls[1].body, '{"token":"a-b","confirm":true}');
  assert.deepEqual(await client.reset(), { deleted: 12 });
  assert.equal(calls[2].body, '{"confirm":true}');
  await assert.rejects(client.putSettings({ referencePitch: 600 }), { code: 'outOfRange', status: 422 });
});

test('an import refused by the server rejects with its message', async () => {
  const refusal = { error: { code: 'invalidCSV', message: 'The file cannot be imported; line 3 …' } };
  const client = new ApiClient({ XMLHttpRequest: fakeXHR([], 422, refusal) });
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

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Sync, SyncState, FIRST_RETRY_MILLISECONDS, PERIOD_MILLISECONDS, failureOf } from '../store/sync.js';
import { ApiError } from '../store/api-client.js';
import { ProfileUnreadable } from '../store/device.js';
import { flush } from './fake-audio-context.mjs';

/** Timers the test fires by hand; only the ones still pending count. */
class ManualTimers {
  constructor() { this.pending = new Map(); this.nextId = 1; }
  setTimeout = (fn, ms) => { const id = this.nextId++; this.pending.set(id, { fn, ms }); return id; };
  clearTimeout = (id) => { this.pending.delete(id); };
  setInterval = () => 0;
  /** The delays of the pending timers. */
  get delays() { return [...this.pending.values()].map(({ ms }) => ms); }
  fire(ms) {
    for (const [id, timer] of [...this.pending]) {
      if (timer.ms === ms) { this.pending.delete(id); timer.fn(); return; }
    }
    throw new Error(`no timer of ${ms} ms`);
  }
}

/** `setup()` with every request's path and options kept in `api.requests`. */
function setupWithRequests() {
  const parts = setup();
  const { api } = parts.sync;
  const send = api.send;
  api.requests = [];
  api.send = (method, path, options) => {
    api.requests.push({ method, path, options });
    return send(method, path, options);
  };
  return { ...parts, api };
}

/** A device with one waiting answer and a server that answers as `reply` says. */
function setup() {
  const records = [{ id: 'a', numbers: [0, 1, 60, 60, 0, 10, 1], state: 'waiting' }];
  const device = {
    writeKept: async () => {},
    core: { uploadJSON: (batch) => JSON.stringify({ records: batch.map(({ id }) => ({ id })) }) },
    store: {
      waitingRecords: async () => records.filter((r) => r.state === 'waiting'),
      markUploaded: async (accepted, refused, change, size, removals) => {
        device.uploadedRemovals.push(removals);
        for (const r of records) if (accepted.includes(r.id)) r.state = 'accepted';
        device.profileVersion = change && change.before === device.profileVersion ? change.after : null;
      },
      discardRecords: async (ids) => {
        for (const id of ids) records.splice(records.findIndex((r) => r.id === id), 1);
        device.discarded += ids.length;
      },
      discarded: async () => device.discarded,
      setClockOffset: async (offset) => { device.clockOffset = offset; },
      lastSynced: async () => device.lastSynced,
      setLastSynced: async (time) => { device.lastSynced = time; },
      settings: async () => ({}),
      count: async (state) => records.filter((r) => r.state === state).length,
      records: async (state) => records.filter((r) => r.state === state),
      profileVersion: async () => device.profileVersion,
      lastAccepted: async () => device.lastAccepted,
    },
    lastAccepted: null,
    offeredAgain: [],
    uploadedRemovals: [],
    offerAgainIfLost: async (id, removals) => {
      device.offeredAgain.push({ id, removals, afterResets: device.resets.length });
      for (const r of records) if (r.state === 'accepted') r.state = 'waiting';
      return true;
    },
    profileVersion: null,
    discarded: 0,
    clockOffset: null,
    lastSynced: null,
    now: () => 1_000,
    histories: [],
    adoptHistory: async (id) => { device.histories.push(id); return false; },
    adoptSettings: async () => {},
    adoptProfile: async (numbers, accepted, version) => { device.profileVersion = version; },
    resets: [],
    adoptReset: async (resetAt) => { device.resets.push(resetAt); return resetAt > 0; },
  };
  const server = { failure: null, resetAt: 0, profileVersion: 'v1', downloads: [], removals: 0 };
  const api = {
    paths: { syncRecords: 'records', syncSettings: 'settings', syncProfile: 'profile' },
    send: async (method, path) => {
      if (server.failure) throw server.failure();
      if (path === 'records') {
        const sent = records.filter((r) => r.state === 'waiting');
        const made = (r) => r.numbers[1];
        const before = server.profileVersion;
        if (server.versions) server.profileVersion = `v${Number(before.slice(1)) + 1}`;
        return {
          accepted: sent.filter((r) => made(r) >= server.resetAt).map((r) => r.id),
          refused: [],
          discarded: sent.filter((r) => made(r) < server.resetAt).map((r) => r.id),
          ...(server.versions ? { profileVersion: { before, after: server.profileVersion } } : {}),
          removals: server.removals,
        };
      }
      if (path === 'settings') {
        const held = server.held === undefined ? {} : { lastAcceptedHeld: server.held };
        return { settings: {}, resetAt: server.resetAt, serverTime: 4_000, historyID: '7', removals: server.removals, ...held };
      }
      throw new Error(`unexpected ${method} ${path}`);
    },
    download: async (path, version) => {
      assert.equal(path, 'profile');
      if (server.failure) throw server.failure();
      server.downloads.push(version);
      return version === server.profileVersion ? null : { bytes: new ArrayBuffer(0), version: server.profileVersion };
    },
  };
  const timers = new ManualTimers();
  const statuses = [];
  const profiles = [];
  const sync = new Sync({ device, api, timers, onStatus: (status) => statuses.push(status), onProfile: () => profiles.push(1) });
  return { sync, server, timers, statuses, records, device, profiles };
}

const offline = () => new TypeError('Failed to fetch');

test('each failure is told apart: unpaired, disk full, a refused request, a failing server, an unreadable profile, out of reach', () => {
  assert.deepEqual(failureOf(offline()), { state: SyncState.offline, message: '' });
  assert.deepEqual(failureOf(new ApiError(401, 'unpaired', 'x')), { state: SyncState.unpaired, message: '' });
  assert.deepEqual(failureOf(new ApiError(403, 'revoked', 'x')), { state: SyncState.unpaired, message: '' });
  assert.deepEqual(failureOf(new ApiError(507, 'diskFull', 'x')), { state: SyncState.diskFull, message: '' });
  assert.deepEqual(failureOf(new ApiError(413, 'tooLarge', 'The upload is too large.')),
    { state: SyncState.requestRefused, message: 'The upload is too large.' });
  assert.deepEqual(failureOf(new ApiError(500, 'internal', 'x')), { state: SyncState.serverFailed, message: '' });
  assert.deepEqual(failureOf(new ProfileUnreadable()), { state: SyncState.profileUnreadable, message: '' });
});

test('a server out of reach is tried again after 2 s, then 4, 8 … up to the minute; the answers go once it is back', async () => {
  const { sync, server, timers, statuses, records } = setup();
  server.failure = offline;
  await sync.run();
  assert.equal(statuses.at(-1).state, SyncState.offline);
  const delays = [];
  for (let run = 0; run < 7; run += 1) {
    assert.equal(timers.delays.length, 1, 'one retry pending');
    delays.push(timers.delays[0]);
    timers.fire(timers.delays[0]);
    await sync.running;
  }
  assert.deepEqual(delays, [2000, 4000, 8000, 16000, 32000, 60000, 60000]);
  assert.equal(FIRST_RETRY_MILLISECONDS, 2000);
  assert.equal(PERIOD_MILLISECONDS, 60000);
  server.failure = null; // the server is back: no `online` event tells the page
  timers.fire(60000);
  await sync.running;
  assert.equal(records[0].state, 'accepted');
  assert.equal(statuses.at(-1).state, SyncState.synced);
  assert.deepEqual(timers.delays, [], 'no retry after a success');
  server.failure = offline;
  await sync.run();
  assert.deepEqual(timers.delays, [2000], 'the next failure starts again at 2 s');
});

for (const [what, failure, retried] of [
  ['a failing server', () => new ApiError(503, 'unavailable', 'x'), true],
  ['a full disk', () => new ApiError(507, 'diskFull', 'x'), true],
  ['an unpaired device', () => new ApiError(403, 'revoked', 'x'), false],
  ['a refused request', () => new ApiError(400, 'invalidRequest', 'x'), false],
]) {
  test(`${what} is ${retried ? '' : 'not '}tried again soon`, async () => {
    const { sync, server, timers } = setup();
    server.failure = failure;
    await sync.run();
    assert.deepEqual(timers.delays, retried ? [FIRST_RETRY_MILLISECONDS] : []);
  });
}

test('a request refused as a whole is reported with the server\'s words', async () => {
  const { sync, server, statuses } = setup();
  server.failure = () => new ApiError(413, 'tooLarge', 'The upload is larger than 1 MiB.');
  await sync.run();
  await flush();
  assert.deepEqual(statuses.at(-1), {
    state: SyncState.requestRefused, waiting: 1, refused: 0, reason: '', message: 'The upload is larger than 1 MiB.',
    discarded: 0, sinceSync: NaN,
  });
});

test('a run that syncs keeps when; a later failed run says how long ago that was, which Start says after a week', async () => {
  const { sync, server, device, statuses } = setup();
  await sync.run();
  assert.equal(device.lastSynced, 1_000, 'kept on the device\'s clock');
  assert.equal(statuses.at(-1).sinceSync, 0);
  const day = 86_400_000;
  device.now = () => 1_000 + 8 * day;
  server.failure = () => new TypeError('Failed to fetch');
  await sync.run();
  await flush();
  assert.equal(statuses.at(-1).state, SyncState.offline);
  assert.equal(device.lastSynced, 1_000, 'a failed run keeps the last success');
  assert.equal(statuses.at(-1).sinceSync, 8 * day);
});

test('after a reset, answers made before it are dropped when the server discards them, and the device learns when', async () => {
  const { sync, server, records, device } = setup();
  records.push({ id: 'b', numbers: [0, 5000, 60, 60, 0, 10, 1], state: 'waiting' });
  server.resetAt = 3000; // answer a (made at 1) came before the reset, b (at 5000) after it
  await sync.run();
  assert.deepEqual(records.map((r) => [r.id, r.state]), [['b', 'accepted']], 'a is gone, b is kept');
  assert.deepEqual(device.resets, [3000], 'the device is told when the history was reset');
  assert.equal(sync.status.discarded, 1, 'and the status line says one answer went');
});

test('each run measures how far the server\'s clock is ahead, sends this device\'s clock, and passes on the history\'s identity', async () => {
  const { sync, device, api } = setupWithRequests();
  await sync.run();
  // Sent and answered at 1,000 on the device's clock; the server said 4,000.
  assert.equal(device.clockOffset, 3000);
  assert.deepEqual(device.histories, ['7']);
  const upload = api.requests.find(({ path }) => path === 'records');
  assert.equal(upload.options.headers['Peach-Sent-At'], '1000');
});

test('each run names the newest record the server accepted from this device; a history that lacks it gets every answer offered again', async () => {
  const { sync, device, api, server, records } = setupWithRequests();
  server.removals = 2;
  await sync.run();
  const first = api.requests.find(({ path }) => path === 'settings');
  assert.deepEqual(first.options.headers, {}, 'nothing accepted yet: no header');
  assert.deepEqual(device.offeredAgain, []);
  assert.deepEqual(device.uploadedRemovals, [2], 'the upload\'s count of removals is kept with what it accepted');
  // The server accepted a; a copy of its database from before is put back (the same identity).
  device.lastAccepted = 'a';
  server.held = false;
  api.requests.length = 0;
  await sync.run();
  const second = api.requests.find(({ path }) => path === 'settings');
  assert.equal(second.options.headers['Peach-Last-Accepted'], 'a');
  assert.deepEqual(device.offeredAgain, [{ id: 'a', removals: 2, afterResets: 2 }],
    'offered again, with the history\'s removals, after the reset is adopted');
  assert.deepEqual(api.requests.map(({ path }) => path), ['settings', 'records'], 'and uploaded in the same run');
  assert.equal(records[0].state, 'accepted');
  // A history that holds it, or a server that does not say (an older one): nothing again.
  for (const held of [true, undefined]) {
    server.held = held;
    await sync.run();
    assert.equal(device.offeredAgain.length, 1, `${held}`);
  }
});

test('the profile summary is downloaded only when the device does not hold the server\'s version', async () => {
  const { sync, server, profiles } = setup();
  await sync.run();
  assert.deepEqual(server.downloads, [null], 'a device without a summary downloads it');
  assert.equal(profiles.length, 1);
  await sync.run();
  assert.deepEqual(server.downloads, [null, 'v1'], 'then it asks with its version');
  assert.equal(profiles.length, 1, 'and the 304 changes nothing');
  server.profileVersion = 'v2'; // another device's answers arrived
  await sync.run();
  assert.equal(profiles.length, 2, 'a new version is downloaded and taken');
});

test('a run whose upload leaves the device holding the server\'s profile asks for no summary', async () => {
  const { sync, server, records, profiles } = setup();
  server.versions = true;
  await sync.run();
  assert.deepEqual(server.downloads, [null], 'a device that holds no summary downloads it after its upload');
  for (const id of ['b', 'c']) {
    records.push({ id, numbers: [0, 2, 60, 60, 0, 10, 1], state: 'waiting' });
    await sync.run();
  }
  assert.deepEqual(server.downloads, [null], 'its own uploads were the only change: nothing asked');
  assert.equal(profiles.length, 1);
  await sync.run();
  assert.deepEqual(server.downloads, [null, 'v4'], 'a run with nothing to upload asks with its version');
  assert.equal(profiles.length, 1, 'and gets a 304');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SoundLibrary } from '../audio/sound-library.js';
import { decodeWave, waveFile } from './wave-file.mjs';

/** A zone's WAV, different for every name. */
const waveOf = (name, frames) => waveFile([Array.from({ length: frames }, (_, i) => i + name.charCodeAt(1))]);
const sha256 = async (bytes) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))]
  .map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** The server names each zone's file by the SHA-256 of its bytes: `url('p2')`. */
/** Where the server serves the index (`SOUNDS_INDEX` of its peach-routes.js). */
const INDEX_URL = '/sounds/index.json';
const FILES = new Map(); // url → bytes
const URLS = {};
for (const [name, frames] of [['p1', 100], ['p2', 100], ['p3', 200], ['p4', 100], ['f1', 100]]) {
  const bytes = waveOf(name, frames);
  URLS[name] = `/sounds/${await sha256(bytes)}.wav`;
  FILES.set(URLS[name], bytes);
}
const url = (name) => URLS[name];

const zoneEntry = (keyLow, keyHigh, name, frames = 100) => ({
  keyLow, keyHigh, rootHertz: 250 + keyLow, sampleRate: 44100, frames,
  loopStart: 10, loopEnd: frames, gain: 0.5, url: url(name) ?? `/sounds/${name}.wav`, bytes: 44 + 2 * frames,
});

const INDEX = {
  version: 1,
  soundFont: { name: 'Test', file: 'test.sf3' },
  sources: [
    { id: 'piano', preset: { name: 'Piano', bank: 0, program: 0 },
      zones: [zoneEntry(21, 40, 'p1'), zoneEntry(41, 52, 'p2'), zoneEntry(53, 64, 'p3', 200), zoneEntry(65, 108, 'p4')] },
    { id: 'flute', preset: { name: 'Flute', bank: 0, program: 73 }, zones: [zoneEntry(60, 96, 'f1')] },
  ],
};

/** A fetch that serves INDEX and a WAV per zone, records every URL (and, in `reloads`, those
 *  asked for past the HTTP cache), fails on `failing`, and serves `damaged` files with one byte
 *  changed. `httpCache` (url → bytes) is the browser's HTTP cache: what it holds is served to
 *  every fetch but one with `{cache: 'reload'}`, whose answer replaces it. */
function fakeFetch({ failing = new Set(), damaged = new Set(), offline = () => false, httpCache = new Map() } = {}) {
  const requests = [];
  const reloads = [];
  const fetch = async (url, init) => {
    requests.push(url);
    await new Promise((resolve) => setImmediate(resolve));
    if (init?.cache === 'reload') reloads.push(url);
    else if (httpCache.has(url)) return new Response(httpCache.get(url).slice(0));
    if (offline()) throw new TypeError('Failed to fetch');
    if (failing.has(url)) return new Response('', { status: 503 });
    if (url === '/sounds/index.json') return new Response(JSON.stringify(INDEX));
    const bytes = FILES.get(url);
    if (!bytes) return new Response('', { status: 404 });
    const served = new Uint8Array(bytes.slice(0));
    if (damaged.has(url)) served[served.length - 1] ^= 0xff;
    if (httpCache.has(url)) httpCache.set(url, served.slice(0));
    return new Response(served);
  };
  return { fetch, requests, reloads };
}

/** The Cache API as the page sees it, in memory; `put` fails while `full`. */
class MemoryCache {
  constructor() { this.kept = new Map(); this.full = false; }
  async match(url) { return this.kept.get(url)?.clone(); }
  async put(url, response) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.kept.set(url, response.clone());
  }
  async delete(url) { return this.kept.delete(url); }
}

test('the index is fetched once', async () => {
  const { fetch, requests } = fakeFetch();
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch });
  const [a, b] = await Promise.all([library.index(), library.index()]);
  assert.equal(a, b);
  assert.deepEqual(a.sources.map((s) => s.id), ['piano', 'flute']);
  assert.deepEqual(requests, ['/sounds/index.json']);
});

test('load fetches only the zones intersecting the range, in parallel, and memoises per source and range', async () => {
  const { fetch, requests } = fakeFetch();
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch });
  assert.equal(library.loaded('piano', { low: 45, high: 60 }), null);
  const loading = library.load('piano', { low: 45, high: 60 });
  assert.equal(library.load('piano', { low: 45, high: 60 }), loading, 'the same promise');
  const instrument = await loading;
  assert.deepEqual(requests, ['/sounds/index.json', url('p2'), url('p3')]);
  assert.equal(library.loaded('piano', { low: 45, high: 60 }), instrument);
  assert.deepEqual(instrument.bytes, [244, 444]);
  assert.equal(instrument.zones.length, 2);
  assert.equal(instrument.zoneFor(41).keyLow, 41);
  assert.equal(instrument.zoneFor(60).keyLow, 53);
  assert.equal(instrument.zoneFor(30).keyLow, 41, 'outside the loaded zones: the nearest');
  assert.equal(instrument.zoneFor(100).keyLow, 53, 'outside the loaded zones: the nearest');
  // An overlapping range fetches only the WAV it lacks.
  await library.load('piano', { low: 60, high: 70 });
  assert.deepEqual(requests.slice(3), [url('p4')]);
  // A range below every zone of a source loads its nearest zone.
  const flute = await library.load('flute', { low: 36, high: 48 });
  assert.equal(flute.zones.length, 1);
  assert.equal(flute.zoneFor(40).keyLow, 60);
});

test('a failed fetch rejects with a clear Error, and a later load tries again', async () => {
  const failing = new Set([url('p3')]);
  const { fetch, requests } = fakeFetch({ failing });
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch });
  await assert.rejects(library.load('piano', { low: 50, high: 55 }), new RegExp(`could not load sound "piano" \\(${url('p3')}\\): HTTP 503`));
  assert.equal(library.loaded('piano', { low: 50, high: 55 }), null);
  await assert.rejects(library.load('organ', { low: 50, high: 55 }), /unknown sound source "organ"/);
  failing.clear();
  const instrument = await library.load('piano', { low: 50, high: 55 });
  assert.equal(instrument.zones.length, 2);
  assert.equal(requests.filter((u) => u === url('p3')).length, 2);
  assert.equal(requests.filter((u) => u === url('p2')).length, 1, 'a file that loaded is not fetched again');
});

test('a network error or a broken index is reported, and the index is fetched again next time', async () => {
  let calls = 0;
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave,
    fetch: async () => { calls += 1; if (calls === 1) throw new TypeError('Failed to fetch'); return new Response('{}'); },
  });
  await assert.rejects(library.index(), /could not load the sound index \(\/sounds\/index.json\): Failed to fetch/);
  await assert.rejects(library.index(), /is not a sound index/);
  assert.equal(calls, 2);
});

test('a file that does not decode rejects with the source and the reason', async () => {
  const index = { sources: [{ id: 'x', zones: [{ ...zoneEntry(0, 127, 'x'), url: 'x.wav' }] }] };
  const library = new SoundLibrary({ indexURL: '/base/index.json', decode: decodeWave,
    fetch: async (url) => (url === '/base/index.json'
      ? new Response(JSON.stringify(index))
      : new Response(waveFile([[0]], { formatTag: 3, bitsPerSample: 32 }), { status: url === '/base/x.wav' ? 200 : 404 })),
  });
  await assert.rejects(library.load('x', { low: 0, high: 1 }), /could not load sound "x" \(\/base\/x.wav\): unsupported WAV format 3/);
});

test('fetch is called as a plain function, never as a method of the library', async () => {
  const { fetch } = fakeFetch();
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave,
    fetch: function strictFetch(url) {
      'use strict';
      if (this !== undefined) throw new TypeError('Illegal invocation');
      return fetch(url);
    },
  });
  assert.deepEqual((await library.index()).sources.map((s) => s.id), ['piano', 'flute']);
});

test('the sounds are kept: offline, the kept index and zones play the instrument', async () => {
  let offline = false;
  const { fetch, requests } = fakeFetch({ offline: () => offline });
  const cache = new MemoryCache();
  const online = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch, cache: async () => cache });
  await online.load('piano', { low: 45, high: 60 });
  assert.deepEqual([...cache.kept.keys()].sort(), ['/sounds/index.json', url('p2'), url('p3')].sort());

  offline = true;
  const later = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch, cache: async () => cache });
  const instrument = await later.load('piano', { low: 45, high: 60 });
  assert.equal(instrument.zones.length, 2);
  assert.deepEqual(requests.slice(3), ['/sounds/index.json'], 'only the index was asked of the network');
  await assert.rejects(later.load('piano', { low: 60, high: 70 }), new RegExp(`${url('p4')}\\): Failed to fetch`), 'a zone never kept');
});

test('a new index is kept only once an instrument loaded from it, so a kept index names kept files', async () => {
  const failing = new Set([url('p3')]);
  const { fetch } = fakeFetch({ failing });
  const cache = new MemoryCache();
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch, cache: async () => cache });
  await assert.rejects(library.load('piano', { low: 45, high: 60 }));
  assert.equal(await cache.match('/sounds/index.json'), undefined);
  failing.clear();
  await library.load('piano', { low: 45, high: 60 });
  assert.ok(await cache.match('/sounds/index.json'));
});

test('a full cache costs the offline copy, never the instrument', async () => {
  const { fetch } = fakeFetch();
  const cache = new MemoryCache();
  cache.full = true;
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch, cache: async () => cache });
  const instrument = await library.load('piano', { low: 45, high: 60 });
  assert.equal(instrument.zones.length, 2);
  assert.equal(cache.kept.size, 0);
});

test('a network that does not answer is given up after indexTimeout for the kept index', async () => {
  const cache = new MemoryCache();
  await cache.put('/sounds/index.json', new Response(JSON.stringify(INDEX)));
  const hanging = (url, init) => new Promise((resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch: hanging, cache: async () => cache, indexTimeout: 20 });
  assert.deepEqual((await library.index()).sources.map((s) => s.id), ['piano', 'flute']);
});

test('a file whose bytes are not what its name says is neither played nor kept; the right one is, later', async () => {
  const damaged = new Set([url('p2')]);
  const { fetch, requests, reloads } = fakeFetch({ damaged });
  const cache = new MemoryCache();
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch, cache: async () => cache });
  await assert.rejects(library.load('piano', { low: 45, high: 50 }),
    new RegExp(`could not load sound "piano" \\(${url('p2')}\\): its bytes do not match its name`));
  assert.equal(await cache.match(url('p2')), undefined, 'not kept');
  assert.deepEqual(reloads, [url('p2')], 'fetched once more past the HTTP cache, damaged again on the way');
  damaged.clear();
  const instrument = await library.load('piano', { low: 45, high: 50 });
  assert.equal(instrument.zones.length, 1);
  assert.ok(await cache.match(url('p2')), 'the right file is kept');
  assert.equal(requests.filter((u) => u === url('p2')).length, 3);
});

test('a damaged copy in the browser\'s HTTP cache is fetched once more past it, and the good one played and kept', async () => {
  const damagedBytes = new Uint8Array(FILES.get(url('f1')).slice(0));
  damagedBytes[50] ^= 0xff;
  const httpCache = new Map([[url('f1'), damagedBytes]]);
  const { fetch, requests, reloads } = fakeFetch({ httpCache });
  const cache = new MemoryCache();
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch, cache: async () => cache });
  const flute = await library.load('flute', { low: 60, high: 72 });
  assert.equal(flute.zones.length, 1);
  assert.deepEqual(requests.filter((u) => u === url('f1')).length, 2);
  assert.deepEqual(reloads, [url('f1')]);
  const good = new Uint8Array(FILES.get(url('f1')));
  assert.deepEqual(new Uint8Array(await (await cache.match(url('f1'))).arrayBuffer()), good, 'the good copy is kept');
  assert.deepEqual(new Uint8Array(httpCache.get(url('f1'))), good, 'and replaced the HTTP cache\'s');
});

test('a fetch that fails outright is not repeated past the HTTP cache', async () => {
  const { fetch, reloads } = fakeFetch({ failing: new Set([url('f1')]) });
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch, cache: async () => null });
  await assert.rejects(library.load('flute', { low: 60, high: 72 }), /HTTP 503/);
  assert.deepEqual(reloads, []);
});

test('a file that does not decode is not kept, so the server\'s next good copy is fetched and played', async () => {
  const { fetch, requests } = fakeFetch();
  const cache = new MemoryCache();
  let refuse = true;
  const decode = (bytes, rate) => {
    if (refuse) throw new Error('EncodingError: unable to decode audio data');
    return decodeWave(bytes, rate);
  };
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode, fetch, cache: async () => cache });
  await assert.rejects(library.load('flute', { low: 60, high: 72 }), /unable to decode audio data/);
  assert.equal(await cache.match(url('f1')), undefined, 'an undecodable file is not kept');
  refuse = false;
  const flute = await library.load('flute', { low: 60, high: 72 });
  assert.equal(flute.zones.length, 1);
  // Twice in the first load (the second past the HTTP cache), once in the next.
  assert.equal(requests.filter((u) => u === url('f1')).length, 3, 'fetched again, not taken from a cache');
});

test('a kept copy that is damaged is dropped and fetched again', async () => {
  const { fetch, requests } = fakeFetch();
  const cache = new MemoryCache();
  const damagedBytes = new Uint8Array(FILES.get(url('f1')).slice(0));
  damagedBytes[50] ^= 0xff;
  await cache.put(url('f1'), new Response(damagedBytes));
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch, cache: async () => cache });
  const flute = await library.load('flute', { low: 60, high: 72 });
  assert.equal(flute.zones.length, 1);
  assert.ok(requests.includes(url('f1')), 'fetched from the server');
  const kept = new Uint8Array(await (await cache.match(url('f1'))).arrayBuffer());
  assert.deepEqual(kept, new Uint8Array(FILES.get(url('f1'))), 'the good copy replaced it');
});

/** fakeFetch whose zone files arrive only when the test lets them (`arrive(url)`). */
function heldFetch() {
  const served = fakeFetch();
  const held = new Map(); // url → let it arrive
  const fetch = (url) => {
    if (url === '/sounds/index.json') return served.fetch(url);
    served.requests.push(url);
    return new Promise((resolve) => held.set(url, () => resolve(new Response(FILES.get(url).slice(0)))));
  };
  /** Lets `url` arrive and waits until `library` has decoded it and gone on. */
  const arrive = async (library, url) => {
    const decoded = library.zonePromises.get(url);
    held.get(url)();
    held.delete(url);
    await decoded;
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { fetch, requests: served.requests, held, arrive };
}

/** Waits until `count` zone files are asked for. */
async function asked(held, count) {
  while (held.size < count) await new Promise((resolve) => setImmediate(resolve));
}

test('the zones of the notes an exercise asks for come first, two files at a time, and play before the rest', async () => {
  const { fetch, held, arrive } = heldFetch();
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch });
  const range = { low: 21, high: 108 };
  assert.equal(library.playable('piano', range, [66, 70]), null, 'nothing loaded: the sine');
  const loading = library.load('piano', range);
  await asked(held, 2);
  assert.deepEqual([...held.keys()], [url('p4'), url('p3')], 'the asked notes\' zone first, then the nearest; two at once');
  await arrive(library, url('p4'));
  const zones = library.playable('piano', range, [66, 70]);
  assert.deepEqual(zones.map((zone) => zone.keyLow), [65, 65], 'playable with the one zone those notes need');
  assert.equal(library.playable('piano', range, [40, 47]), null, 'other notes wait for their zones…');
  await arrive(library, url('p3'));
  assert.deepEqual([...held.keys()].sort(), [url('p1'), url('p2')].sort(), '…which come next');
  await arrive(library, url('p1'));
  await arrive(library, url('p2'));
  const instrument = await loading;
  assert.equal(instrument.complete, true);
  assert.equal(library.loaded('piano', range), instrument);
});

test('an instrument no longer chosen is let go: its decoded zones freed, its other files not fetched', async () => {
  const { fetch, requests, held, arrive } = heldFetch();
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch });
  const range = { low: 21, high: 108 };
  const piano = library.load('piano', range);
  await asked(held, 2);
  await arrive(library, [...held.keys()][0]);
  library.release('flute', range);
  for (const letArrive of [...held.values()]) letArrive();
  const released = await piano;
  assert.equal(released.complete, false);
  assert.equal(requests.filter((url) => url !== '/sounds/index.json').length, 3, 'the piano\'s last zone was never fetched');
  assert.equal(library.loaded('piano', range), null);
  assert.equal(library.zonePromises.size, 0, 'no piano zone is held any more');
});

test('the click is fetched, kept and decoded as a zone is, and plays offline; an index without one gives null', async () => {
  const click = waveOf('c1', 50);
  const clickURL = `/sounds/${await sha256(click)}.wav`;
  const index = { ...INDEX, click: { preset: { name: 'Standard', bank: 128, program: 0 }, key: 76,
    zone: { ...zoneEntry(76, 76, 'c1', 50), loopStart: null, loopEnd: null, gain: 0.8, url: clickURL } } };
  let offline = false;
  const requests = [];
  const fetch = async (url) => {
    requests.push(url);
    if (offline) throw new TypeError('Failed to fetch');
    if (url === INDEX_URL) return new Response(JSON.stringify(index));
    return url === clickURL ? new Response(click.slice(0)) : new Response('', { status: 404 });
  };
  const cache = new MemoryCache();
  const library = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch, cache: async () => cache });
  const [zone, again] = await Promise.all([library.click(), library.click()]);
  assert.equal(zone.buffer.length, 50);
  assert.equal(zone.gain, 0.8);
  assert.equal(zone.loopStart, null);
  assert.equal(again.buffer, zone.buffer, 'one fetch, one decoding');
  assert.deepEqual(requests, [INDEX_URL, clickURL]);
  assert.deepEqual([...cache.kept.keys()].sort(), [INDEX_URL, clickURL].sort());

  offline = true;
  const later = new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch, cache: async () => cache });
  assert.equal((await later.click()).buffer.length, 50, 'offline, from the kept copy');

  const { fetch: withoutClick } = fakeFetch();
  assert.equal(await new SoundLibrary({ indexURL: INDEX_URL, decode: decodeWave, fetch: withoutClick }).click(), null);
});

/// The prepared instrument sounds of `GET /sounds/index.json` (docs/sounds.md), loaded on
/// demand: only the zones a note range needs, each zone's file fetched once. No DOM access.

import { decodeSamples, sampleZone } from './sample-zone.js';

/** The zones of one source that cover a note range, ready to play. */
export class Instrument {
  /**
   * @param {string} sourceId
   * @param {import('./sample-zone.js').SampleZone[]} zones sorted by keyLow, not overlapping
   * @param {number[]} bytes the size of each zone's file, in the same order (for benchmarks)
   */
  constructor(sourceId, zones, bytes) {
    this.sourceId = sourceId;
    this.zones = zones;
    this.bytes = bytes;
  }

  /**
   * The zone that plays MIDI note `note`: the one whose keyLow…keyHigh contains it, else the
   * nearest loaded zone (the note is outside the range this instrument was loaded for; the
   * nearest zone is still the closest timbre, resampled further). Null only with no zones.
   * Cost: a scan of the (few) zones.
   */
  zoneFor(note) {
    let nearest = null;
    let distance = Infinity;
    for (const zone of this.zones) {
      const d = note < zone.keyLow ? zone.keyLow - note : note > zone.keyHigh ? note - zone.keyHigh : 0;
      if (d === 0) return zone;
      if (d < distance) { nearest = zone; distance = d; }
    }
    return nearest;
  }
}

/** Loads instrument zones from the server's sound index, fetching each zone's file once. */
export class SoundLibrary {
  /**
   * @param {object} [options]
   * @param {typeof fetch} [options.fetch=globalThis.fetch]
   * @param {string} [options.indexURL='/sounds/index.json']
   * @param {(bytes: ArrayBuffer, sampleRate: number) => AudioBuffer|Promise<AudioBuffer>} [options.decode]
   *   decodes a zone's file at its own rate (`decodeSamples`; the node tests decode WAVs)
   * @param {() => Promise<Cache|null>} [options.cache] where the sounds are kept for offline use
   *   (`keptSounds`: the Cache API where the page has it)
   * @param {number} [options.indexTimeout=3000] milliseconds to wait for the network's index
   *   before the kept one is used
   */
  constructor({
    fetch = globalThis.fetch, indexURL = '/sounds/index.json', decode = decodeSamples, cache = keptSounds,
    indexTimeout = 3000,
  } = {}) {
    // Called unbound: the browser's fetch throws "Illegal invocation" with another `this`.
    this.fetch = (url, init) => fetch(url, init);
    this.decode = decode;
    this.cache = cache;
    this.indexURL = indexURL;
    this.indexTimeout = indexTimeout;
    this.indexPromise = null;
    /** The text of an index fetched from the network, kept once an instrument loaded from it. */
    this.indexToKeep = null;
    this.zonePromises = new Map(); // file url → Promise<{zone: SampleZone, bytes: number}>
    this.loads = new Map(); // "source low high" → Promise<Instrument>
    this.ready = new Map(); // "source low high" → Instrument
  }

  /**
   * The parsed index: the network's (waiting at most `indexTimeout`), else the kept one — so
   * that a device away from its server is not held up by a network that does not answer (the
   * sine plays meanwhile). Fetched once per visit; a failure is tried again on the next call.
   */
  index() {
    if (this.indexPromise === null) {
      this.indexPromise = this.freshOrKeptIndex()
        .catch((error) => { this.indexPromise = null; throw error; });
    }
    return this.indexPromise;
  }

  async freshOrKeptIndex() {
    let text = null;
    let failure = null;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), this.indexTimeout);
    try {
      const response = await this.fetchBody(this.indexURL, 'the sound index', { signal: abort.signal });
      text = await response.text();
      this.indexToKeep = text;
    } catch (error) {
      failure = error;
    } finally {
      clearTimeout(timer);
    }
    if (text === null) {
      const kept = await (await this.cache())?.match(this.indexURL);
      if (!kept) throw failure;
      text = await kept.text();
    }
    let json = null;
    try { json = JSON.parse(text); } catch { /* refused below */ }
    if (!json || !Array.isArray(json.sources)) throw new Error(`${this.indexURL} is not a sound index`);
    return json;
  }

  /**
   * The instrument for `sourceId` with the zones that intersect the MIDI notes low…high,
   * fetched in parallel. If no zone intersects, the one nearest to the range. Memoised per
   * source and range; rejects with an Error naming the source and the URL when a fetch fails.
   * @returns {Promise<Instrument>}
   */
  load(sourceId, { low, high }) {
    const key = `${sourceId} ${low} ${high}`;
    if (!this.loads.has(key)) {
      const loading = this.index().then((index) => {
        const source = index.sources.find((s) => s.id === sourceId);
        if (!source) throw new Error(`unknown sound source "${sourceId}"`);
        const zones = zonesCovering(source.zones ?? [], low, high);
        if (zones.length === 0) throw new Error(`sound source "${sourceId}" has no zones`);
        return Promise.all(zones.map((zone) => this.zone(sourceId, zone)));
      }).then((loaded) => {
        const instrument = new Instrument(sourceId, loaded.map((z) => z.zone), loaded.map((z) => z.bytes));
        this.ready.set(key, instrument);
        this.keepIndex();
        return instrument;
      }).catch((error) => {
        // The next try asks the network for the index again: this one may name files the
        // server no longer has (it prepared its sounds again).
        this.loads.delete(key);
        this.indexPromise = null;
        throw error;
      });
      this.loads.set(key, loading);
    }
    return this.loads.get(key);
  }

  /** The instrument of `load(sourceId, {low, high})` if it is ready now, else null. */
  loaded(sourceId, { low, high }) {
    return this.ready.get(`${sourceId} ${low} ${high}`) ?? null;
  }

  /**
   * Keeps the network's index once an instrument has loaded (and so been kept) from it: a kept
   * index always names files that are kept too, so a device that goes offline finds them.
   */
  keepIndex() {
    const text = this.indexToKeep;
    if (text === null) return;
    this.indexToKeep = null;
    this.cache().then((cache) => cache?.put(
      this.indexURL, new Response(text, { headers: { 'Content-Type': 'application/json' } })))
      .catch(() => undefined);
  }

  /**
   * One zone's file, fetched once per URL and made into a SampleZone. Its name is the SHA-256
   * of its bytes, so a copy is kept for offline use — only once its bytes match that name and
   * it decoded — and never changes. A kept copy that no longer does (damaged, or kept by an
   * older Peach that did not check) is dropped and fetched again. Keeping is best effort: a
   * full or missing cache costs the offline copy, never the instrument.
   */
  zone(sourceId, zone) {
    const url = resolve(zone.url, this.indexURL);
    if (!this.zonePromises.has(url)) {
      const loading = this.keptZone(url, zone)
        .then((kept) => kept ?? this.fetchedZone(url, zone, sourceId))
        .catch((error) => { this.zonePromises.delete(url); throw error; });
      this.zonePromises.set(url, loading);
    }
    return this.zonePromises.get(url);
  }

  /** The kept copy of a zone, decoded, or null if there is none or it fails (then it is dropped). */
  async keptZone(url, zone) {
    const cache = await this.cache();
    const kept = await cache?.match(url);
    if (!kept) return null;
    try {
      const bytes = await kept.arrayBuffer();
      const size = bytes.byteLength;
      if ((await matchesName(bytes, url)) === false) throw new Error('its bytes do not match its name');
      return { zone: sampleZone(zone, await this.decode(bytes, zone.sampleRate)), bytes: size };
    } catch (error) {
      console.warn(`Peach dropped a damaged copy of ${url}:`, error?.message ?? error);
      await cache.delete(url).catch(() => undefined);
      return null;
    }
  }

  /** A zone from the network, kept once it matched its name and decoded. */
  async fetchedZone(url, zone, sourceId) {
    const bytes = await (await this.fetchBody(url, `sound "${sourceId}"`)).arrayBuffer();
    // Counted and copied first: decodeAudioData detaches the buffer it decodes.
    const size = bytes.byteLength;
    const copy = bytes.slice(0);
    let decoded;
    let matches;
    try {
      matches = await matchesName(bytes, url);
      if (matches === false) throw new Error('its bytes do not match its name');
      decoded = sampleZone(zone, await this.decode(bytes, zone.sampleRate));
    } catch (error) {
      throw new Error(`could not load sound "${sourceId}" (${url}): ${error?.message ?? error}`);
    }
    if (matches) {
      const cache = await this.cache();
      await cache?.put(url, new Response(copy, { headers: { 'Content-Type': contentType(url) } }))
        .catch(() => undefined);
    }
    return { zone: decoded, bytes: size };
  }

  /** `fetch(url)`, rejecting with a clear Error on a network failure or a non-2xx status. */
  async fetchBody(url, what, init = undefined) {
    let response;
    try {
      response = await this.fetch(url, init);
    } catch (error) {
      throw new Error(`could not load ${what} (${url}): ${error.message ?? error}`);
    }
    if (!response.ok) throw new Error(`could not load ${what} (${url}): HTTP ${response.status}`);
    return response;
  }
}

/** The cache that keeps the instrument sounds for offline training (kept by this page: on a
 *  first visit no service worker controls it yet); the service worker leaves it alone when it
 *  replaces its own cache with a new version's. */
export const SOUNDS_CACHE = 'peach-sounds';

/** The Cache API's `peach-sounds`, or null where the page has no Cache API (plain HTTP). */
export function keptSounds() {
  return Promise.resolve(globalThis.caches?.open(SOUNDS_CACHE)).catch(() => null).then((cache) => cache ?? null);
}

/**
 * Whether `bytes` are the file `url` names (`…/<SHA-256 in hex>.<extension>`): true or false, or
 * null where that cannot be told — a name that is no hash, or no Web Crypto (plain-HTTP pages,
 * which have no Cache API to keep anything in either). Only a file that is what its name says
 * is kept.
 */
async function matchesName(bytes, url) {
  const name = /\/([0-9a-f]{64})\.[a-z0-9]+$/.exec(url)?.[1];
  const subtle = globalThis.crypto?.subtle;
  if (!name || !subtle) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('') === name;
}

/** The content type a kept zone is served with, by its extension. */
function contentType(url) {
  return url.endsWith('.wav') ? 'audio/wav' : 'audio/flac';
}

/** The zones intersecting low…high; if none, the single zone nearest to the range. */
function zonesCovering(zones, low, high) {
  const covering = zones.filter((zone) => zone.keyHigh >= low && zone.keyLow <= high);
  if (covering.length > 0 || zones.length === 0) return covering;
  const gap = (zone) => (zone.keyHigh < low ? low - zone.keyHigh : zone.keyLow - high);
  return [zones.reduce((best, zone) => (gap(zone) < gap(best) ? zone : best))];
}

/** `url` as given if it is absolute (a scheme or a leading slash), else beside `base`. */
function resolve(url, base) {
  if (/^([a-z][a-z0-9+.-]*:|\/)/i.test(url)) return url;
  return base.slice(0, base.lastIndexOf('/') + 1) + url;
}

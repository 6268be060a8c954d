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
   * @param {typeof fetch} [options.fetch=keptFetch] how the index and the zones are fetched
   * @param {string} [options.indexURL='/sounds/index.json']
   * @param {(bytes: ArrayBuffer, sampleRate: number) => AudioBuffer|Promise<AudioBuffer>} [options.decode]
   *   decodes a zone's file at its own rate (`decodeSamples`; the node tests decode WAVs)
   */
  constructor({ fetch = keptFetch, indexURL = '/sounds/index.json', decode = decodeSamples } = {}) {
    // Called unbound: the browser's fetch throws "Illegal invocation" with another `this`.
    this.fetch = (url) => fetch(url);
    this.decode = decode;
    this.indexURL = indexURL;
    this.indexPromise = null;
    this.parsedIndex = null;
    this.zonePromises = new Map(); // file url → Promise<{zone: SampleZone, bytes: number}>
    this.loads = new Map(); // "source low high" → Promise<Instrument>
    this.ready = new Map(); // "source low high" → Instrument
  }

  /** The parsed index, fetched once (a failed fetch is tried again on the next call). */
  index() {
    if (this.indexPromise === null) {
      this.indexPromise = this.fetchBody(this.indexURL, 'the sound index')
        .then((response) => response.json())
        .then((json) => {
          if (!json || !Array.isArray(json.sources)) throw new Error(`${this.indexURL} is not a sound index`);
          this.parsedIndex = json;
          return json;
        })
        .catch((error) => { this.indexPromise = null; throw error; });
    }
    return this.indexPromise;
  }

  /** The ids of the index's sources; only after `index()` has resolved. */
  sources() {
    if (this.parsedIndex === null) throw new Error('SoundLibrary.sources() needs index() to have resolved');
    return this.parsedIndex.sources.map((source) => source.id);
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
        return instrument;
      }).catch((error) => { this.loads.delete(key); throw error; });
      this.loads.set(key, loading);
    }
    return this.loads.get(key);
  }

  /** The instrument of `load(sourceId, {low, high})` if it is ready now, else null. */
  loaded(sourceId, { low, high }) {
    return this.ready.get(`${sourceId} ${low} ${high}`) ?? null;
  }

  /** One zone's file, fetched once per URL and made into a SampleZone. */
  zone(sourceId, zone) {
    const url = resolve(zone.url, this.indexURL);
    if (!this.zonePromises.has(url)) {
      const loading = this.fetchBody(url, `sound "${sourceId}"`)
        .then((response) => response.arrayBuffer())
        .then(async (bytes) => {
          // Counted first: decodeAudioData detaches the buffer it decodes.
          const size = bytes.byteLength;
          try {
            return { zone: sampleZone(zone, await this.decode(bytes, zone.sampleRate)), bytes: size };
          } catch (error) {
            throw new Error(`could not load sound "${sourceId}" (${url}): ${error?.message ?? error}`);
          }
        })
        .catch((error) => { this.zonePromises.delete(url); throw error; });
      this.zonePromises.set(url, loading);
    }
    return this.zonePromises.get(url);
  }

  /** `fetch(url)`, rejecting with a clear Error on a network failure or a non-2xx status. */
  async fetchBody(url, what) {
    let response;
    try {
      response = await this.fetch(url);
    } catch (error) {
      throw new Error(`could not load ${what} (${url}): ${error.message ?? error}`);
    }
    if (!response.ok) throw new Error(`could not load ${what} (${url}): HTTP ${response.status}`);
    return response;
  }
}

/** The cache that keeps the instrument sounds for offline training; the service worker leaves
 *  it alone when it replaces its own cache with a new version's. */
export const SOUNDS_CACHE = 'peach-sounds';

/**
 * `fetch` for the sounds, keeping them for offline training in the Cache API (pages on HTTPS
 * and on this computer have it; elsewhere it is a plain fetch):
 * - a zone's file is named by its content hash, so it never changes: from the cache, else
 *   fetched and kept;
 * - the index is answered from the cache at once and refreshed behind it (a new preparation
 *   shows on the next visit), so that a device away from its server never waits for a network
 *   that does not answer; without a kept index, fetched and kept.
 * The page keeps them itself, not the service worker: on the first visit no worker controls the
 * page yet, and what that visit loaded must be there offline.
 * @param {string} url
 * @returns {Promise<Response>}
 */
export async function keptFetch(url) {
  const cache = await globalThis.caches?.open(SOUNDS_CACHE).catch(() => null);
  if (!cache) return fetch(url);
  const kept = await cache.match(url);
  const fetchAndKeep = async () => {
    const response = await fetch(url, { cache: 'no-cache' });
    if (response.ok) await cache.put(url, response.clone());
    return response;
  };
  if (!kept) return fetchAndKeep();
  if (url.endsWith('.json')) fetchAndKeep().catch(() => undefined);
  return kept;
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

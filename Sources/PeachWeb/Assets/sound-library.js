/// The prepared instrument sounds of `GET /sounds/index.json` (docs/sounds.md), loaded on
/// demand: only the zones a note range needs, each WAV fetched once. No DOM access.

import { sampleZone } from './sample-zone.js';

/** The zones of one source that cover a note range, ready to play. */
export class Instrument {
  /**
   * @param {string} sourceId
   * @param {import('./sample-zone.js').SampleZone[]} zones sorted by keyLow, not overlapping
   * @param {number[]} bytes the size of each zone's WAV, in the same order (for benchmarks)
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

/** Loads instrument zones from the server's sound index, fetching each WAV once. */
export class SoundLibrary {
  /**
   * @param {BaseAudioContext|null} [context] the context the buffers are made with (none: the
   *   AudioBuffer constructor, so that loading needs no context)
   * @param {object} [options]
   * @param {typeof fetch} [options.fetch=globalThis.fetch]
   * @param {string} [options.indexURL='/sounds/index.json']
   */
  constructor(context = null, { fetch = globalThis.fetch, indexURL = '/sounds/index.json' } = {}) {
    this.context = context;
    // Called unbound: the browser's fetch throws "Illegal invocation" with another `this`.
    this.fetch = (url) => fetch(url);
    this.indexURL = indexURL;
    this.indexPromise = null;
    this.parsedIndex = null;
    this.zonePromises = new Map(); // WAV url → Promise<{zone: SampleZone, bytes: number}>
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

  /** One zone's WAV, fetched once per URL and made into a SampleZone. */
  zone(sourceId, zone) {
    const url = resolve(zone.url, this.indexURL);
    if (!this.zonePromises.has(url)) {
      const loading = this.fetchBody(url, `sound "${sourceId}"`)
        .then((response) => response.arrayBuffer())
        .then((bytes) => {
          try {
            return { zone: sampleZone(this.context, zone, bytes), bytes: bytes.byteLength };
          } catch (error) {
            throw new Error(`could not load sound "${sourceId}" (${url}): ${error.message}`);
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

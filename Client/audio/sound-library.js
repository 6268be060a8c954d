/// The prepared instrument sounds of `GET /sounds/index.json` (docs/sounds.md), loaded on
/// demand: only the zones a note range needs, those of the next exercise's notes first, each
/// zone's file fetched once; an instrument no longer chosen is let go. No DOM access.

import { decodeSamples, sampleZone } from './sample-zone.js';

/** How many zone files are fetched at once: few, so that on a slow link the zones wanted first
 *  arrive first, instead of every zone sharing the bandwidth and all arriving late together. */
export const PARALLEL_FETCHES = 2;

/**
 * The zones of one source that cover a note range, playable as they arrive: the zones of the
 * notes an exercise asks for are fetched first (`want`), so that an instrument just chosen
 * plays within a second or two on a slow link instead of once all its zones are in.
 */
export class Instrument {
  /**
   * @param {string} sourceId
   * @param {object[]} entries the index's zones this instrument plays, sorted by keyLow
   */
  constructor(sourceId, entries) {
    this.sourceId = sourceId;
    this.entries = entries;
    /** @type {import('./sample-zone.js').SampleZone[]} the zones loaded so far, sorted by keyLow */
    this.zones = [];
    /** The size of each loaded zone's file, in the same order (for benchmarks). */
    this.bytes = [];
    /** Whether every zone is loaded. */
    this.complete = false;
    /** The notes whose zones are fetched first (the range's middle until an exercise asks). */
    this.wanted = [];
    /** Set when the instrument is no longer chosen: no further zone is fetched. */
    this.released = false;
  }

  /** Adds a zone that has loaded. */
  add(zone, bytes) {
    const at = this.zones.findIndex((other) => other.keyLow > zone.keyLow);
    const index = at === -1 ? this.zones.length : at;
    this.zones.splice(index, 0, zone);
    this.bytes.splice(index, 0, bytes);
  }

  /**
   * The entry that plays MIDI note `note`: the one whose keyLow…keyHigh contains it, else the
   * nearest (the note is outside the range this instrument was loaded for; the nearest zone is
   * still the closest timbre, resampled further). Null only with no entries.
   * Cost: a scan of the (few) entries.
   */
  entryFor(note) {
    let nearest = null;
    let distance = Infinity;
    for (const entry of this.entries) {
      const d = keyDistance(entry, note);
      if (d === 0) return entry;
      if (d < distance) { nearest = entry; distance = d; }
    }
    return nearest;
  }

  /** The zone that plays `note` (see `entryFor`), or null while it has not loaded. */
  zoneFor(note) {
    const entry = this.entryFor(note);
    return this.zones.find((zone) => zone.keyLow === entry?.keyLow) ?? null;
  }

  /** The zones that play `notes`, or null unless every one of them has loaded. */
  zonesFor(notes) {
    const zones = notes.map((note) => this.zoneFor(note));
    return zones.every((zone) => zone !== null) ? zones : null;
  }

  /** Fetch the zones of `notes` next. */
  want(notes) {
    this.wanted = notes;
  }

  /** Of `entries`, the one nearest the wanted notes. */
  nextOf(entries) {
    const distance = (entry) => Math.min(...this.wanted.map((note) => keyDistance(entry, note)));
    return entries.reduce((best, entry) => (distance(entry) < distance(best) ? entry : best));
  }
}

/** How many keys `note` lies outside a zone's keyLow…keyHigh (0 inside). */
function keyDistance(zone, note) {
  return note < zone.keyLow ? zone.keyLow - note : note > zone.keyHigh ? note - zone.keyHigh : 0;
}

/** A zone's file arrived, but its bytes do not match its name or do not decode. */
class DamagedZone extends Error {
  constructor(message) {
    super(message);
    this.name = 'DamagedZone';
  }
}

/** Loads instrument zones from the server's sound index, fetching each zone's file once. */
export class SoundLibrary {
  /**
   * @param {object} options
   * @param {typeof fetch} [options.fetch=globalThis.fetch]
   * @param {string} options.indexURL the index's address (`SOUNDS_INDEX` of peach-routes.js)
   * @param {(bytes: ArrayBuffer, sampleRate: number) => AudioBuffer|Promise<AudioBuffer>} [options.decode]
   *   decodes a zone's file at its own rate (`decodeSamples`; the node tests decode WAVs)
   * @param {() => Promise<Cache|null>} [options.cache] where the sounds are kept for offline use
   *   (`keptSounds`: the Cache API where the page has it)
   * @param {number} [options.indexTimeout=3000] milliseconds to wait for the network's index
   *   before the kept one is used
   */
  constructor({
    fetch = globalThis.fetch, indexURL, decode = decodeSamples, cache = keptSounds,
    indexTimeout = 3000,
  }) {
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
    this.loading = new Map(); // "source low high" → Instrument, while its zones load
    this.ready = new Map(); // "source low high" → Instrument, every zone loaded
    this.wanted = new Map(); // "source low high" → notes asked for before its load began
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
   * fetched `PARALLEL_FETCHES` at a time, those nearest the wanted notes first (`wanted`: an
   * exercise's notes; by default the range's middle). If no zone intersects, the one nearest to
   * the range. Memoised per source and range; resolves once every zone has loaded (the
   * instrument plays the zones it has before: `playable`); rejects with an Error naming the
   * source and the URL when a fetch fails.
   * @returns {Promise<Instrument>}
   */
  load(sourceId, { low, high }, wanted = [(low + high) / 2]) {
    const key = `${sourceId} ${low} ${high}`;
    if (!this.loads.has(key)) {
      const loading = this.index().then((index) => {
        const source = index.sources.find((s) => s.id === sourceId);
        if (!source) throw new Error(`unknown sound source "${sourceId}"`);
        const entries = zonesCovering(source.zones ?? [], low, high);
        if (entries.length === 0) throw new Error(`sound source "${sourceId}" has no zones`);
        const instrument = new Instrument(sourceId, entries);
        instrument.want(this.wanted.get(key) ?? wanted);
        this.wanted.delete(key);
        this.loading.set(key, instrument);
        return this.fetchZones(instrument);
      }).then((instrument) => {
        if (instrument.released) return instrument;
        instrument.complete = true;
        this.loading.delete(key);
        this.ready.set(key, instrument);
        this.keepIndex();
        return instrument;
      }).catch((error) => {
        // The next try asks the network for the index again: this one may name files the
        // server no longer has (it prepared its sounds again).
        this.loads.delete(key);
        this.loading.delete(key);
        this.indexPromise = null;
        throw error;
      });
      this.loads.set(key, loading);
    }
    return this.loads.get(key);
  }

  /** Every zone of `instrument`, `PARALLEL_FETCHES` at a time, the next always the one nearest
   *  the notes wanted now; stops fetching once the instrument is released. */
  fetchZones(instrument) {
    return new Promise((resolve, reject) => {
      const waiting = [...instrument.entries];
      let running = 0;
      let failed = false;
      const next = () => {
        if (failed) return;
        if (instrument.released) waiting.length = 0;
        if (waiting.length === 0 && running === 0) resolve(instrument);
        while (running < PARALLEL_FETCHES && waiting.length > 0) {
          const entry = instrument.nextOf(waiting);
          waiting.splice(waiting.indexOf(entry), 1);
          running += 1;
          this.zone(instrument.sourceId, entry).then(({ zone, bytes }) => {
            running -= 1;
            instrument.add(zone, bytes);
            next();
          }, (error) => {
            failed = true;
            reject(error);
          });
        }
      };
      next();
    });
  }

  /** The instrument of `load(sourceId, {low, high})` if it is ready now, else null. */
  loaded(sourceId, { low, high }) {
    return this.ready.get(`${sourceId} ${low} ${high}`) ?? null;
  }

  /**
   * The zones that play `notes` with `sourceId` in the range low…high if they have all loaded,
   * else null — and then those zones are fetched next (the instrument is loaded if it is not
   * yet: `load`).
   */
  playable(sourceId, range, notes) {
    const key = `${sourceId} ${range.low} ${range.high}`;
    const instrument = this.ready.get(key) ?? this.loading.get(key);
    const zones = instrument?.zonesFor(notes) ?? null;
    if (zones) return zones;
    if (instrument) instrument.want(notes);
    else this.wanted.set(key, notes);
    return null;
  }

  /**
   * The click of rhythm training (the index's `click`, docs/sounds.md) as a SampleZone, or null
   * where the index has none (click-track.js then synthesizes its click). Its file is fetched,
   * checked, kept for offline use and decoded as an instrument's zone is (`zone`), and the index
   * is kept then, so that the click plays offline too.
   * @returns {Promise<import('./sample-zone.js').SampleZone|null>}
   */
  async click() {
    const click = (await this.index()).click;
    if (!click) return null;
    const { zone } = await this.zone('click', click.zone);
    this.keepIndex();
    return zone;
  }

  /**
   * Lets go of every instrument but the one of `sourceId` and `range` (none if null): their
   * decoded zones are freed (about 4 MB each at 44.1 kHz) and their remaining zones are not
   * fetched. A zone's file stays kept (Cache API), so choosing it again decodes it from there.
   */
  release(sourceId = null, range = null) {
    const kept = sourceId === null ? null : `${sourceId} ${range.low} ${range.high}`;
    const keptInstrument = this.ready.get(kept) ?? this.loading.get(kept);
    const keptURLs = new Set((keptInstrument?.entries ?? []).map((entry) => resolve(entry.url, this.indexURL)));
    for (const [key, instrument] of [...this.ready, ...this.loading]) {
      if (key === kept) continue;
      instrument.released = true;
      this.ready.delete(key);
      this.loading.delete(key);
      this.loads.delete(key);
    }
    for (const key of [...this.wanted.keys()]) if (key !== kept) this.wanted.delete(key);
    for (const url of [...this.zonePromises.keys()]) if (!keptURLs.has(url)) this.zonePromises.delete(url);
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

  /**
   * A zone from the network, kept once it matched its name and decoded. A file that does not
   * (damaged on the way, or by a proxy) is fetched once more past the browser's HTTP cache, and
   * that copy is used: the server sends zones `immutable` for a year, so the damaged copy the
   * HTTP cache may hold would otherwise come back at every visit. A fetch that fails outright is
   * not repeated here: nothing damaged was cached.
   */
  async fetchedZone(url, zone, sourceId) {
    try {
      return await this.checkedZone(url, zone, sourceId);
    } catch (error) {
      if (!(error instanceof DamagedZone)) throw error;
      console.warn(`Peach fetches ${url} again past the HTTP cache:`, error.message);
      return this.checkedZone(url, zone, sourceId, { cache: 'reload' });
    }
  }

  /** A zone fetched with `init`, checked against its name and decoded (see `fetchedZone`);
   *  rejects with a `DamagedZone` when the bytes that came are not the zone's. */
  async checkedZone(url, zone, sourceId, init = undefined) {
    const bytes = await (await this.fetchBody(url, `sound "${sourceId}"`, init)).arrayBuffer();
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
      throw new DamagedZone(`could not load sound "${sourceId}" (${url}): ${error?.message ?? error}`);
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

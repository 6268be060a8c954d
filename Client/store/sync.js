/// Sync with the user's Peach server (docs/sync.md): settle the settings (last writer wins per
/// setting) and learn of a reset of the history, upload the answers waiting on this device, then
/// fetch the server's profile summary if it changed otherwise than by those answers. It runs in
/// the background and never blocks training: on start, a few seconds after answers, when
/// training stops or the page is hidden, when the browser comes online, periodically, and —
/// after a run that could not reach the server or found it failing — again a few seconds later,
/// then less and less often (no `online` event fires when only the server was down). One run at
/// a time; a request during a run makes one more run after it. No DOM access.

import { ApiError } from './api-client.js';
import { ProfileUnreadable } from './device.js';
import { RecordState } from './device-store.js';

/** The upload's header with this device's clock (milliseconds since 1970, docs/api.md). */
export const SENT_AT_HEADER = 'Peach-Sent-At';
/** The settings exchange's header with the id of the newest record the server accepted from
 *  this device: the reply says whether the history still holds it (docs/api.md). */
export const LAST_ACCEPTED_HEADER = 'Peach-Last-Accepted';
/** Records per upload; the server takes up to 1000 (docs/api.md). */
export const BATCH_SIZE = 250;
/** How long after an answer the upload starts, so that a run of answers goes in one batch: a
 *  run costs about 2 KB on the network whatever it carries (the settings exchange, the upload's
 *  reply), so while a person trains, one every few answers rather than one per answer
 *  (docs/benchmarks.md, "Sync data per hour of training"). Leaving a training page, or the page
 *  being hidden, syncs at once (app.js). */
export const AFTER_ANSWER_MILLISECONDS = 10_000;
/** How often a device that is open syncs anyway (other devices' answers, settings). */
export const PERIOD_MILLISECONDS = 60_000;
/** After a run that failed for a reason that passes (the server out of reach, failing or its
 *  disk full), the next run comes this long after, doubling with each failure up to the period. */
export const FIRST_RETRY_MILLISECONDS = 2000;

/** What the status line says: the names of `SyncStatus.State`, which the core words (a node test
 *  holds each of these to a state the core knows). The run's outcome, plus waiting and refused. */
export const SyncState = Object.freeze({
  synced: 'synced',
  waiting: 'waiting',
  offline: 'offline',
  unpaired: 'unpaired',
  diskFull: 'diskFull',
  requestRefused: 'requestRefused',
  serverFailed: 'serverFailed',
  profileUnreadable: 'profileUnreadable',
});

/** The states a retry can change: the server may be back, repaired or have room a moment later. */
const PASSING = new Set([SyncState.offline, SyncState.serverFailed, SyncState.diskFull]);

/** What a failed run's error means for the status line: `{state, message}`. */
export function failureOf(error) {
  if (error instanceof ProfileUnreadable) return { state: SyncState.profileUnreadable, message: '' };
  if (!(error instanceof ApiError)) return { state: SyncState.offline, message: '' };
  if (error.status === 401 || error.status === 403) return { state: SyncState.unpaired, message: '' };
  if (error.status === 507) return { state: SyncState.diskFull, message: '' };
  if (error.status >= 500) return { state: SyncState.serverFailed, message: '' };
  return { state: SyncState.requestRefused, message: error.message };
}

/** One device's sync with its server. */
export class Sync {
  /**
   * @param {object} options
   * @param {import('./device.js').Device} options.device the core and the store
   * @param {import('./api-client.js').ApiClient} options.api
   * @param {(status: {state: string, waiting: number, refused: number, reason: string, message: string, discarded: number, sinceSync: number}) => void} [options.onStatus]
   * @param {() => void} [options.onProfile] the device took a new profile from the server
   * @param {{setTimeout: Function, clearTimeout: Function, setInterval: Function}} [options.timers]
   */
  constructor({ device, api, onStatus, onProfile, timers }) {
    this.device = device;
    this.api = api;
    this.onStatus = onStatus ?? (() => {});
    this.onProfile = onProfile ?? (() => {});
    this.timers = timers ?? globalThis;
    this.running = null;
    this.again = false;
    this.soonTimer = null;
    this.retryTimer = null;
    /** Runs in a row that failed for a passing reason: the next retry waits 2 s · 2^(n−1). */
    this.failures = 0;
    this.status = {
      state: SyncState.waiting, waiting: 0, refused: 0, reason: '', message: '', discarded: 0, sinceSync: NaN,
    };
  }

  /** Starts the triggers: now, on `online`, periodically. */
  start(target = globalThis) {
    target.addEventListener?.('online', () => this.run());
    this.timers.setInterval(() => this.run(), PERIOD_MILLISECONDS);
    return this.run();
  }

  /** After an answer: a run a moment later, so that answers in a row travel together. */
  soon() {
    if (this.soonTimer !== null) return;
    this.soonTimer = this.timers.setTimeout(() => {
      this.soonTimer = null;
      this.run();
    }, AFTER_ANSWER_MILLISECONDS);
  }

  /** One sync run (or the one under way, followed by another). Never rejects. */
  run() {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.#exclusively(() => this.#once());
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Runs `body` while no other page of Peach on this device syncs (Web Locks, where the
   * browser has them): two tabs syncing at once could each take the other's upload for part of
   * a profile summary and count an answer twice, or miss one, until the next run.
   */
  #exclusively(body) {
    const locks = globalThis.navigator?.locks;
    return locks ? locks.request('peach-sync', body) : body();
  }

  async #once() {
    let outcome = { state: SyncState.synced, message: '' };
    try {
      await this.device.writeKept();
      // Settings first: their reply says when the history was last reset, so that answers made
      // before it are forgotten here rather than uploaded to be discarded.
      await this.#settings();
      // The upload's reply says the server's version of the profile now: a device that holds
      // it need not ask again.
      if (!(await this.#upload())) await this.#profile();
    } catch (error) {
      outcome = failureOf(error);
      // For whoever looks in the console; the status line says it calmly.
      console.warn('Peach did not sync:', error?.message ?? error);
    }
    this.#retryAfter(outcome.state);
    try {
      if (outcome.state === SyncState.synced) await this.device.store.setLastSynced(this.device.now());
      await this.#report(outcome);
    } catch (error) {
      console.warn('Peach could not read its sync status:', error?.message ?? error);
    }
  }

  /** After a passing failure, one more run soon (2 s, 4 s, 8 s … up to the period); none after
   *  a success or a failure a retry cannot mend (unpaired, refused, unreadable). */
  #retryAfter(state) {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (!PASSING.has(state)) {
      this.failures = 0;
      return;
    }
    this.failures += 1;
    const wait = Math.min(FIRST_RETRY_MILLISECONDS * 2 ** (this.failures - 1), PERIOD_MILLISECONDS);
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.run();
    }, wait);
  }

  async #report({ state, message }) {
    const { store } = this.device;
    const waiting = await store.count(RecordState.waiting);
    const refused = await store.records(RecordState.refused);
    const discarded = await store.discarded();
    const lastSynced = await store.lastSynced();
    const shown = state === SyncState.synced && waiting > 0 ? SyncState.waiting : state;
    this.status = {
      state: shown, waiting, refused: refused.length, reason: refused[0]?.reason?.message ?? '', message,
      discarded, sinceSync: lastSynced === null ? NaN : this.device.now() - lastSynced,
    };
    this.onStatus(this.status);
  }

  /** Every waiting record, a batch at a time, until none is left. Resolves whether this device
   *  holds the server's profile as the last reply found it (its answers were the only change). */
  async #upload() {
    const { store, core } = this.device;
    let current = false;
    for (;;) {
      const batch = await store.waitingRecords(BATCH_SIZE);
      if (batch.length === 0) return current;
      // The core writes the body; this only sends it, with this device's clock, so that the
      // server judges "made before a reset" on its own clock (docs/sync.md, "Clocks").
      const reply = await this.api.send('POST', this.api.paths.syncRecords, {
        body: core.uploadJSON(batch), contentType: 'application/json',
        headers: { [SENT_AT_HEADER]: String(Math.round(this.device.now())) },
      });
      await store.markUploaded(
        reply.accepted ?? [], reply.refused ?? [], reply.profileVersion, batch.length, reply.removals ?? 0);
      current = reply.profileVersion !== undefined && (await store.profileVersion()) === reply.profileVersion.after;
      // Made before the history's last reset: the server will never store them; the status
      // line says how many went.
      if (reply.discarded?.length) await store.discardRecords(reply.discarded);
      // A batch the server neither accepted nor refused would come back forever.
      if ((reply.accepted?.length ?? 0) + (reply.refused?.length ?? 0) + (reply.discarded?.length ?? 0) === 0) return current;
    }
  }

  /** Sends this device's settings and adopts the server's outcome; measures how far this
   *  device's clock is off the server's; learns whether the history is still the one this
   *  device synced with and still holds what it accepted from this device (a restored one gets
   *  every answer offered again) and of a reset of it
   *  (the answers made before it are forgotten here too). */
  async #settings() {
    const { device } = this;
    const local = await device.store.settings();
    const lastAccepted = await device.store.lastAccepted();
    const sent = device.now();
    const reply = await this.api.send('POST', this.api.paths.syncSettings, {
      body: { settings: local }, headers: lastAccepted ? { [LAST_ACCEPTED_HEADER]: lastAccepted } : {},
    });
    if (Number.isFinite(reply.serverTime)) {
      // The server's clock when it answered, against the middle of the request on this one's.
      await device.store.setClockOffset(Math.round(reply.serverTime - (sent + device.now()) / 2));
    }
    let changed = typeof reply.historyID === 'string' && (await device.adoptHistory(reply.historyID));
    await device.adoptSettings(reply.settings ?? {}, local);
    changed = (await device.adoptReset(reply.resetAt ?? 0)) || changed;
    // A history that lacks what it accepted from this device, and removed nothing on purpose
    // since, was put back from an older copy of its file (its identity the same): it gets every
    // answer offered again, as another history does. After the reset is adopted: a record it
    // deleted, this device forgot, and does not offer again.
    if (lastAccepted && reply.lastAcceptedHeld === false) {
      changed = (await device.offerAgainIfLost(lastAccepted, reply.removals ?? 0)) || changed;
    }
    if (changed) this.onProfile();
  }

  /**
   * The server's profile summary, which now includes every record it accepted — unless this
   * device's profile is the server's version already (its own uploads were the only change
   * since the last download): then the server answers 304 and nothing is downloaded. A summary
   * of years is hundreds of KB; a device syncs after every few answers (docs/sync.md).
   */
  async #profile() {
    const { store } = this.device;
    const accepted = (await store.records(RecordState.accepted)).map((record) => record.id);
    const download = await this.api.download(this.api.paths.syncProfile, await store.profileVersion());
    if (download === null) return;
    await this.device.adoptProfile(new Float64Array(download.bytes), accepted, download.version);
    this.onProfile();
  }
}

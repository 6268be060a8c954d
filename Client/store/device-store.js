/// The device's own durable store (IndexedDB): its answers, its settings and the server's
/// profile summary, so that a device trains, reloads and restarts with no network at all
/// (docs/design.md, docs/sync.md). No DOM access.
///
/// Object stores:
/// - `records`: one answer each, `{id, numbers, state, reason?}`. `numbers` are the core's
///   `RecordNumbers`, whose fields `RecordField` of core/peach-fields.js names (only the core
///   reads them here); `state` is where the record stands with the server:
///   `waiting` (not yet accepted), `accepted` (stored on the server, not yet in the summary
///   this device holds), `included` (in that summary), `refused` (the server will not store it:
///   `reason` = `{code, message}`; kept and shown, never dropped).
/// - `settings`: `{key, value, changedAt}` for each setting changed on this device or adopted
///   from the server (`changedAt` in milliseconds since 1970; last writer wins per setting).
/// - `meta`: `{key: 'profile', numbers}` — the server's profile summary (`ProfileSnapshot`);
///   `{key: 'profileVersion', value}` — the server's version of the profile that this device's
///   profile equals (the summary plus the accepted records), when it knows it: the next sync
///   downloads the summary only if the server's differs (docs/sync.md);
///   `{key: 'resetAt', value}` — when the history was last reset, as the server last said
///   (milliseconds since 1970, the server's clock): every record made before it is gone;
///   `{key: 'discarded', count}` — how many answers were discarded as made before that reset
///   (here or by the server), for the status line, until the next answer;
///   `{key: 'clockOffset', value}` — how many milliseconds the server's clock is ahead of this
///   device's, as the last sync measured it (docs/sync.md, "Clocks");
///   `{key: 'historyID', value}` — the identity of the server's history this device synced
///   with: another one (a restored backup) gets every answer offered again;
///   `{key: 'lastAccepted', value, removals}` — the id of the newest record that history
///   accepted from this device, and how many times the history had removed all its records on
///   purpose then (a reset, a replacing import): a history that no longer holds it though it
///   removed nothing since (an older copy of its file put back) gets every answer offered again
///   too;
///   `{key: 'lastSynced', value}` — when a sync run last succeeded (milliseconds since 1970,
///   this device's clock), so that the status line can say the server has been out of reach
///   for long.
///
/// The profile this device shows and trains on is that summary plus every record not
/// `included` in it and not `refused`: nothing counted twice, nothing missing.

const DATABASE = 'peach';
const VERSION = 1;

export const RecordState = Object.freeze({
  waiting: 'waiting',
  accepted: 'accepted',
  included: 'included',
  refused: 'refused',
});

const request = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

const finished = (transaction) => new Promise((resolve, reject) => {
  transaction.oncomplete = () => resolve();
  transaction.onerror = () => reject(transaction.error);
  transaction.onabort = () => reject(transaction.error ?? new Error('The transaction was aborted.'));
});

/** A record id made on the device: a version 4 UUID from `crypto.getRandomValues`, which
 *  (unlike `crypto.randomUUID`) exists on plain-HTTP pages too. */
export function makeRecordID(random = globalThis.crypto) {
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Within `transaction` (over `records` and `meta`): every accepted or included record waits
 *  again, and the summary of the history that included them goes. Uploads are idempotent: what
 *  the server holds, it accepts again and stores nothing new. */
function offerAgain(transaction) {
  const meta = transaction.objectStore('meta');
  meta.delete('profile');
  meta.delete('profileVersion');
  const cursor = transaction.objectStore('records').openCursor();
  cursor.onsuccess = () => {
    const current = cursor.result;
    if (!current) return;
    const { state } = current.value;
    if (state === RecordState.accepted || state === RecordState.included) {
      current.update({ ...current.value, state: RecordState.waiting });
    }
    current.continue();
  };
}

/** The device's store on one open IndexedDB database. */
export class DeviceStore {
  #db;

  constructor(db) {
    this.#db = db;
  }

  /** Opens (and on first use creates) the store. */
  static async open(indexedDB = globalThis.indexedDB) {
    const opening = indexedDB.open(DATABASE, VERSION);
    opening.onupgradeneeded = () => {
      const db = opening.result;
      const records = db.createObjectStore('records', { keyPath: 'id' });
      records.createIndex('state', 'state');
      db.createObjectStore('settings', { keyPath: 'key' });
      db.createObjectStore('meta', { keyPath: 'key' });
    };
    return new DeviceStore(await request(opening));
  }

  /**
   * Writes one new answer. The request is made at once, in the caller's task (the one that
   * took the answer); the returned promise settles when it is committed. `strict` durability
   * (where the browser offers the choice) asks for the commit to reach the disk before it is
   * reported, so an answer whose feedback was shown survives the browser being killed.
   */
  addRecord(id, numbers) {
    const transaction = this.#db.transaction(['records', 'meta'], 'readwrite', { durability: 'strict' });
    transaction.objectStore('records').add({ id, numbers: [...numbers], state: RecordState.waiting });
    // A new answer: the word on answers discarded by a reset has been seen (it shows on Start).
    transaction.objectStore('meta').delete('discarded');
    return finished(transaction);
  }

  /** Every record, or those in one state. */
  async records(state) {
    const store = this.#db.transaction('records').objectStore('records');
    return request(state ? store.index('state').getAll(state) : store.getAll());
  }

  /** How many records are in `state`. */
  async count(state) {
    return request(this.#db.transaction('records').objectStore('records').index('state').count(state));
  }

  /** Up to `limit` records waiting for the server. */
  async waitingRecords(limit) {
    const index = this.#db.transaction('records').objectStore('records').index('state');
    return request(index.getAll(RecordState.waiting, limit));
  }

  /**
   * What the server said of an upload: accepted ids, refusals `{id, code, message}`, and the
   * profile's version before and after the batch (`{before, after}`). If this device's profile
   * was the server's `before`, it is `after` now: the accepted records, which it holds beyond
   * the summary, were the change. Else, or if anything was not accepted, the version is no
   * longer known (the next sync downloads the summary). The last accepted id is kept, with the
   * history's `removals` as of the batch (`lastAccepted`).
   */
  async markUploaded(acceptedIDs, refusals, profileVersion, batchSize, removals = 0) {
    const transaction = this.#db.transaction(['records', 'meta'], 'readwrite');
    const meta = transaction.objectStore('meta');
    const known = meta.get('profileVersion');
    known.onsuccess = () => {
      const follows = profileVersion && known.result?.value === profileVersion.before && acceptedIDs.length === batchSize;
      if (follows) meta.put({ key: 'profileVersion', value: profileVersion.after });
      else meta.delete('profileVersion');
    };
    const store = transaction.objectStore('records');
    const update = (id, change) => {
      const reading = store.get(id);
      reading.onsuccess = () => {
        const record = reading.result;
        // Only a waiting record moves: an accepted one may already be in a newer summary.
        if (record && record.state === RecordState.waiting) store.put({ ...record, ...change });
      };
    };
    for (const id of acceptedIDs) update(id, { state: RecordState.accepted });
    // A batch is stored in one transaction: a history that holds its last record holds all of it,
    // and every record accepted before it.
    if (acceptedIDs.length > 0) {
      meta.put({ key: 'lastAccepted', value: acceptedIDs[acceptedIDs.length - 1], removals });
    }
    for (const { id, code, message } of refusals) update(id, { state: RecordState.refused, reason: { code, message } });
    return finished(transaction);
  }

  /**
   * Keeps the server's profile summary and its version, and marks the records it includes —
   * those accepted before it was asked for (`acceptedIDs`) — in one transaction, so that no
   * record is ever both in the summary and counted on top of it.
   */
  async saveProfile(numbers, acceptedIDs, version) {
    const transaction = this.#db.transaction(['records', 'meta'], 'readwrite');
    const meta = transaction.objectStore('meta');
    meta.put({ key: 'profile', numbers });
    if (version) meta.put({ key: 'profileVersion', value: version });
    else meta.delete('profileVersion');
    const records = transaction.objectStore('records');
    for (const id of acceptedIDs) {
      const reading = records.get(id);
      reading.onsuccess = () => {
        if (reading.result?.state === RecordState.accepted) records.put({ ...reading.result, state: RecordState.included });
      };
    }
    return finished(transaction);
  }

  /** Deletes the records `ids`. */
  async deleteRecords(ids) {
    const transaction = this.#db.transaction('records', 'readwrite');
    const store = transaction.objectStore('records');
    for (const id of ids) store.delete(id);
    return finished(transaction);
  }

  /** Deletes the records `ids` (the server discarded them: made before a reset), and counts
   *  them as discarded for the status line, in one transaction. */
  async discardRecords(ids) {
    const transaction = this.#db.transaction(['records', 'meta'], 'readwrite');
    const store = transaction.objectStore('records');
    for (const id of ids) store.delete(id);
    const meta = transaction.objectStore('meta');
    const known = meta.get('discarded');
    known.onsuccess = () => meta.put({ key: 'discarded', count: (known.result?.count ?? 0) + ids.length });
    return finished(transaction);
  }

  /** How many answers were discarded as made before the history's last reset, since this
   *  device's last answer. */
  async discarded() {
    const entry = await request(this.#db.transaction('meta').objectStore('meta').get('discarded'));
    return entry?.count ?? 0;
  }

  /** How many milliseconds the server's clock is ahead of this device's (0 until measured). */
  async clockOffset() {
    const entry = await request(this.#db.transaction('meta').objectStore('meta').get('clockOffset'));
    return entry?.value ?? 0;
  }

  /** Keeps the clock offset a sync measured. */
  async setClockOffset(offset) {
    const transaction = this.#db.transaction('meta', 'readwrite');
    transaction.objectStore('meta').put({ key: 'clockOffset', value: offset });
    return finished(transaction);
  }

  /** When this device last synced, in milliseconds since 1970 on its own clock; null if never. */
  async lastSynced() {
    const entry = await request(this.#db.transaction('meta').objectStore('meta').get('lastSynced'));
    return entry?.value ?? null;
  }

  /** Keeps when a sync run succeeded. */
  async setLastSynced(time) {
    const transaction = this.#db.transaction('meta', 'readwrite');
    transaction.objectStore('meta').put({ key: 'lastSynced', value: time });
    return finished(transaction);
  }

  /**
   * The server's history is `historyID`. The first time, it is only kept. If this device
   * synced with another history (a restored backup, another database file), the server may
   * lack any answer it has: in one transaction every accepted or included record waits again
   * (uploads are idempotent: what the server has, it accepts again and stores nothing new),
   * and the old history's summary goes. Returns whether that happened.
   */
  async adoptHistory(historyID) {
    const transaction = this.#db.transaction(['records', 'meta'], 'readwrite');
    const meta = transaction.objectStore('meta');
    const known = meta.get('historyID');
    let offered = false;
    known.onsuccess = () => {
      const previous = known.result?.value;
      if (previous === historyID) return;
      meta.put({ key: 'historyID', value: historyID });
      // What the old history accepted says nothing of this one's.
      meta.delete('lastAccepted');
      if (previous === undefined) return;
      offered = true;
      offerAgain(transaction);
    };
    await finished(transaction);
    return offered;
  }

  /** The id of the newest record the server's history accepted from this device, or null. */
  async lastAccepted() {
    const entry = await request(this.#db.transaction('meta').objectStore('meta').get('lastAccepted'));
    return entry?.value ?? null;
  }

  /**
   * The server's history does not hold `id`, the record this device sent as the newest it
   * accepted (`lastAccepted`), and has removed all its records on purpose `removals` times. If
   * that is no more than when it accepted the record, the record was lost, not removed: an older
   * copy of the history's file was put back. Then, if this device still holds that record (it
   * forgets one made before a reset), every answer it holds is offered again, as to another
   * history (see `adoptHistory`), in one transaction. `lastAccepted` goes either way; the next
   * accepted upload names the next. Returns whether the answers were offered again.
   */
  async offerAgainIfLost(id, removals) {
    const transaction = this.#db.transaction(['records', 'meta'], 'readwrite');
    const meta = transaction.objectStore('meta');
    const known = meta.get('lastAccepted');
    let offered = false;
    known.onsuccess = () => {
      // Another history since (adoptHistory offered everything already), or a newer upload.
      if (known.result?.value !== id) return;
      meta.delete('lastAccepted');
      // A reset or a replacing import since: what it removed stays removed.
      if (removals > (known.result.removals ?? 0)) return;
      const held = transaction.objectStore('records').getKey(id);
      held.onsuccess = () => {
        if (held.result === undefined) return;
        offered = true;
        offerAgain(transaction);
      };
    };
    await finished(transaction);
    return offered;
  }

  /** When the history was last reset, as this device knows (0 if never). */
  async resetAt() {
    const entry = await request(this.#db.transaction('meta').objectStore('meta').get('resetAt'));
    return entry?.value ?? 0;
  }

  /**
   * The history was reset at `resetAt`: in one transaction, every record made before it goes
   * (whatever its state: the server no longer has it, or will discard it), and so does the
   * profile summary, which counted them; `resetAt` is kept, and how many went, for the status
   * line. Returns how many records went.
   * @param {number} resetAt milliseconds since 1970 on the server's clock
   * @param {(numbers: number[]) => number} timeOf when a record of these numbers was made (the
   *   core's `recordTime`: only the core knows the numbers' layout), on this device's clock
   * @param {number} clockOffset how far the server's clock is ahead of this device's
   */
  async forgetBefore(resetAt, timeOf, clockOffset = 0) {
    const transaction = this.#db.transaction(['records', 'meta'], 'readwrite');
    const meta = transaction.objectStore('meta');
    meta.put({ key: 'resetAt', value: resetAt });
    meta.delete('profile');
    meta.delete('profileVersion');
    let forgotten = 0;
    const cursor = transaction.objectStore('records').openCursor();
    cursor.onsuccess = () => {
      const current = cursor.result;
      if (!current) {
        meta.put({ key: 'discarded', count: forgotten });
        return;
      }
      if (timeOf(current.value.numbers) + clockOffset < resetAt) {
        current.delete();
        forgotten += 1;
      }
      current.continue();
    };
    await finished(transaction);
    return forgotten;
  }

  /** The server's profile summary this device holds (a Float64Array), or null. */
  async profile() {
    const entry = await request(this.#db.transaction('meta').objectStore('meta').get('profile'));
    return entry ? Float64Array.from(entry.numbers) : null;
  }

  /** The server's version of the profile this device's profile equals, or null if not known. */
  async profileVersion() {
    const entry = await request(this.#db.transaction('meta').objectStore('meta').get('profileVersion'));
    return entry?.value ?? null;
  }

  /** The records to add on top of the summary: every one not in it and not refused. */
  async recordsBeyondProfile() {
    const all = await this.records();
    return all.filter((record) => record.state === RecordState.waiting || record.state === RecordState.accepted);
  }

  /** `{key: {value, changedAt}}` of every setting this device knows a change of. */
  async settings() {
    const entries = await request(this.#db.transaction('settings').objectStore('settings').getAll());
    return Object.fromEntries(entries.map(({ key, value, changedAt }) => [key, { value, changedAt }]));
  }

  /** Stores settings `{key: {value, changedAt}}`. */
  async saveSettings(settings) {
    const transaction = this.#db.transaction('settings', 'readwrite');
    const store = transaction.objectStore('settings');
    for (const [key, { value, changedAt }] of Object.entries(settings)) store.put({ key, value, changedAt });
    return finished(transaction);
  }

  close() {
    this.#db.close();
  }
}

/// This device's Peach: the wasm core (settings, profile, every mode's chain) built from the
/// device's store, and the three things a page asks of it — render a page, give the next
/// exercise, take an answer. The core decides what is played and what it means; this module
/// keeps the store in step with it (docs/design.md). No DOM access.

import { loadPeachCore } from '../core/peach-core.js';
import { DeviceStore, makeRecordID } from './device-store.js';

/** The server sent a profile summary of a form this device's core does not read (the server
 *  runs another version of Peach). */
export class ProfileUnreadable extends Error {
  constructor() {
    super('The server sent a profile this Peach cannot read.');
    this.name = 'ProfileUnreadable';
  }
}

/**
 * Why Peach cannot train in this browser (`reason`, a key of the page's `data-msg-*` texts):
 * `coreUnsupported` — no WebAssembly, or a browser too old to allow it under Peach's security
 * policy (`'wasm-unsafe-eval'`: Safari 16, Chrome 97, Firefox 102); `coreNotDownloaded` — the
 * core's file could not be fetched or was damaged on the way; `storageUnavailable` — no
 * IndexedDB (private browsing, storage turned off).
 */
export class DeviceUnavailable extends Error {
  constructor(reason, cause) {
    super(`Peach cannot train in this browser: ${reason}`, { cause });
    this.name = 'DeviceUnavailable';
    this.reason = reason;
  }
}

/** The smallest valid WebAssembly module: its magic number and version. */
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/** Whether this browser runs WebAssembly on this page (a page's Content-Security-Policy can
 *  forbid it in a browser that does not know `'wasm-unsafe-eval'`). */
export function runsWebAssembly(wasm = globalThis.WebAssembly) {
  try {
    return new wasm.Module(EMPTY_MODULE) instanceof wasm.Module;
  } catch {
    return false;
  }
}

/** The core from `coreURL`, or a `DeviceUnavailable` that says why not. */
async function loadCore(coreURL) {
  if (!runsWebAssembly()) throw new DeviceUnavailable('coreUnsupported');
  try {
    return await loadPeachCore(coreURL);
  } catch (error) {
    throw new DeviceUnavailable('coreNotDownloaded', error);
  }
}

/** The device's store, or a `DeviceUnavailable`. */
async function openStore() {
  try {
    return await DeviceStore.open();
  } catch (error) {
    throw new DeviceUnavailable('storageUnavailable', error);
  }
}

/** The channel the windows of this device (tabs, the installed app) tell each other of their
 *  writes to the device's store on: named after the store, and like it one per origin. Null where
 *  the browser has none (then a window learns of another's answers when it is opened again). */
function openNeighbours(Channel = globalThis.BroadcastChannel) {
  return Channel ? new Channel('peach-store') : null;
}

/** A seed for the core's random choices: 64 random bits. */
function randomSeed(random = globalThis.crypto) {
  const [high, low] = random.getRandomValues(new Uint32Array(2));
  return (BigInt(high) << 32n) | BigInt(low);
}

/** The core and the store of this device. */
export class Device {
  /**
   * @param {import('../core/peach-core.js').PeachCore} core
   * @param {DeviceStore} store
   * @param {object} options
   * @param {() => string[]} [options.languages] the browser's languages, best first
   * @param {() => number} [options.now] milliseconds since 1970
   * @param {() => void} [options.onAnswer] an answer was stored (sync picks it up)
   * @param {(value: string|number) => void} [options.onAnswerGiven] an answer was given, before
   *   the core takes it (the end-to-end tests' observer: app.js, `watchAnswers`)
   * @param {() => void} [options.onChanged] another window of this device wrote to the store and
   *   this window's core has taken it in (`refresh`): the pages showing the data are stale
   * @param {{postMessage: (message: string) => void, onmessage: any}|null} [options.neighbours]
   *   the channel this device's windows tell each other of their writes on (`openNeighbours`)
   */
  constructor(core, store, { languages, now, onAnswer, onAnswerGiven, onChanged, neighbours } = {}) {
    this.core = core;
    this.store = store;
    this.languages = languages ?? (() => globalThis.navigator?.languages ?? ['en']);
    this.now = now ?? (() => Date.now());
    this.onAnswer = onAnswer ?? (() => {});
    this.onAnswerGiven = onAnswerGiven ?? (() => {});
    this.onChanged = onChanged ?? (() => {});
    this.neighbours = neighbours ?? null;
    /** Answers given in this visit. */
    this.answers = 0;
    /** Records whose write failed, to be written again (`#write`). */
    this.kept = [];
    /** Whether the device holds anything yet: a new device shows the server's pages until its
     *  first sync has brought the server's profile. */
    this.hasData = false;
  }

  /** Changes this window made to its core that its store may not show yet: a read of the store
   *  begun before one of them is read again (`#takeInStore`). */
  #changes = 0;
  /** Settings this window's core holds whose write to the store has not been asked for yet. */
  #settingWrites = 0;
  /** The first build of the core from the store, once `open` started it. */
  #built = Promise.resolve();
  /** The refresh under way (`refresh`), and whether another window wrote since it read. */
  #refreshing = null;
  #refreshAgain = false;

  /** Loads the core from `coreURL`, opens the store and builds the session from it; rejects
   *  with a `DeviceUnavailable` when this browser cannot. */
  static async open(coreURL, options) {
    const [core, store] = await Promise.all([loadCore(coreURL), openStore()]);
    // An iPhone's browser cannot vibrate: there a wrong answer is heard until the user chooses.
    core.setDeviceVibrates(typeof navigator !== 'undefined' && 'vibrate' in navigator);
    const device = new Device(core, store, { neighbours: openNeighbours(), ...options });
    device.#built = device.rebuild();
    // Listening from the first read on: a write announced while it reads is read again after it.
    if (device.neighbours) device.neighbours.onmessage = () => device.refresh();
    await device.#built;
    return device;
  }

  /** Tells the other windows of this device that this one wrote to the store. */
  #announce() {
    this.neighbours?.postMessage('changed');
  }

  /**
   * Another window of this device wrote to the store (an answer, a setting, a sync's summary or
   * reset): this window's core takes the store in again — the settings, the summary and every
   * record beyond it — keeping the exercise under way, and `onChanged` says so. Announcements
   * that arrive during a refresh make one more after it, not one each. Never rejects.
   */
  refresh() {
    this.#refreshAgain = true;
    this.#refreshing ??= (async () => {
      try {
        await this.#built;
        while (this.#refreshAgain) {
          this.#refreshAgain = false;
          await this.#takeInStore();
        }
        this.onChanged();
      } catch (error) {
        console.warn('Peach could not read what another window stored', error);
      } finally {
        this.#refreshing = null;
      }
    })();
    return this.#refreshing;
  }

  /** The core as the store holds it now, with the exercise under way kept (see `refresh`). */
  async #takeInStore() {
    let settings;
    let profile;
    let records;
    let changes;
    // A change this window made to its core while the store was read may be missing from what
    // was read (a read begun after its write sees it: IndexedDB orders the transactions).
    do {
      changes = this.#changes;
      [settings, profile, records] = await Promise.all([
        this.store.settings(), this.store.profile(), this.store.recordsBeyondProfile(),
      ]);
    } while (changes !== this.#changes || this.#settingWrites > 0);
    const current = this.core.settings();
    let differing = Object.entries(settings).filter(([key, { value }]) => current[key] !== value);
    // Twice: a note-range bound refused beside this window's other bound fits once the other is in.
    for (let pass = 0; pass < 2; pass += 1) {
      differing = differing.filter(([key, { value }]) => this.core.setSetting(key, value) !== null);
    }
    // The records this window could not write yet count here as they did (`#write`).
    const numbers = this.#numbers([...records, ...this.kept]);
    if (!this.core.replaceProfile(profile, numbers)) this.core.replaceProfile(null, numbers);
    this.hasData = profile !== null || records.length > 0 || Object.keys(settings).length > 0;
  }

  /**
   * The core's session from the store: the settings, the server's profile summary, and every
   * record not yet in it. Also after a new summary arrived: the core's `current` exercise is
   * kept, so an answer under way still counts.
   */
  async rebuild() {
    const [settings, profile, records] = await Promise.all([
      this.store.settings(), this.store.profile(), this.store.recordsBeyondProfile(),
    ]);
    this.core.reset(randomSeed());
    for (const [key, { value }] of Object.entries(settings)) this.core.setSetting(key, value);
    this.hasData = profile !== null || records.length > 0 || Object.keys(settings).length > 0;
    if (!this.core.replaceProfile(profile, this.#numbers(records))) {
      // A summary this core cannot read (it came from another version): the records alone.
      this.core.replaceProfile(null, this.#numbers(records));
    }
  }

  /** Stored records' numbers for the core, which orders them itself. */
  #numbers(records) {
    return this.core.packed(records.map((record) => record.numbers));
  }

  /** The language pages are shown in now. */
  get language() {
    return this.core.pageLanguage(this.languages());
  }

  /** A page's HTML by the name the core renders it by (`DEVICE_PAGES` of peach-routes.js). */
  render(page) {
    return this.core.render(page, this.language);
  }

  /**
   * The next exercise of `mode` in the form the audio engine plays (docs/pages.md), with every
   * frequency from the core.
   */
  nextExercise(mode) {
    const numbers = this.core.nextExercise(mode);
    const interval = this.core.currentInterval(this.language);
    // Each note carries the core's MIDI note too: an instrument plays it with the zone of that
    // note, so both notes of a unison exercise sound the same sample (docs/sounds.md).
    const reference = { note: numbers.referenceNote, frequency: numbers.referenceHertz };
    const exercise = { mode, noteDuration: numbers.noteDuration, interval, reference };
    if (numbers.startHertz === null) {
      exercise.kind = 'comparison';
      exercise.target = { note: numbers.targetNote, frequency: numbers.targetHertz, gainDecibels: numbers.loudnessOffset };
    } else {
      exercise.kind = 'pitchMatching';
      exercise.tunable = { note: numbers.targetNote, startFrequency: numbers.startHertz, highestFrequency: numbers.highestHertz };
    }
    return exercise;
  }

  /**
   * The next exercise of a rhythm mode, every onset on the audio clock from `start` at
   * `sampleRate` (the core's schedule, docs/rhythm.md), with its kind.
   */
  nextRhythmExercise(mode, start, sampleRate) {
    return { mode, kind: mode, ...this.core.nextRhythmExercise(mode, start, sampleRate) };
  }

  /** A Fill the Gap tap at `seconds` on the audio clock: a counted tap's `{band, cycle, step}`,
   *  or null. */
  tap(seconds) {
    return this.core.tap(seconds);
  }

  /**
   * Ends the Fill the Gap trial under way: as `answer`, its feedback and `written`, or null if
   * it made no record (no tap counted).
   */
  finishTrial() {
    const numbers = this.core.finishTrial(this.now());
    return numbers ? this.#recorded(numbers) : null;
  }

  /** The current pitch matching's tunable note in hertz with the slider at `value`: the core's
   *  mapping, the same that scores the answer. */
  tunableFrequency(value) {
    return this.core.tunableFrequency(value);
  }

  /**
   * The answer to the current exercise (`'higher'`/`'lower'`, `'early'`/`'late'`, or the slider
   * value): the core evaluates it and adds it to the profile, and its record's write to the
   * store is asked for in this same task. Returns the feedback to show and `written`, which settles once the
   * record is committed (show the feedback then), or null if there was nothing to answer.
   */
  answer(value) {
    this.onAnswerGiven(value);
    let numbers;
    if (typeof value === 'number') numbers = this.core.answerPitchMatching(value, this.now());
    else if (value === 'early' || value === 'late') numbers = this.core.answerTiming(value === 'early', this.now());
    else numbers = this.core.answerComparison(value === 'higher', this.now());
    return numbers ? this.#recorded(numbers) : null;
  }

  /** A new record from the core: counted, its write asked for now, its feedback. */
  #recorded(numbers) {
    this.answers += 1;
    this.#changes += 1;
    const written = this.#write({ id: makeRecordID(), numbers: [...numbers] });
    return { feedback: this.core.feedback(this.language), written };
  }

  /**
   * Writes a new record; one that could not be written (storage full, the database lost by the
   * browser) is kept here and written again with the next answer or sync, never dropped: the
   * core has counted it already. Never throws.
   */
  #write(record) {
    let writing;
    try {
      writing = this.store.addRecord(record.id, record.numbers);
    } catch (error) {
      writing = Promise.reject(error);
    }
    return writing.then(() => {
      this.#announce();
      this.onAnswer();
    }, (error) => {
      console.error('Peach could not store an answer yet; it is kept and written again', error);
      this.kept.push(record);
      this.#changes += 1;
    });
  }

  /** Writes again the records that could not be written (see `#write`). */
  async writeKept() {
    const records = this.kept.splice(0);
    await Promise.all(records.map((record) => this.#write(record)));
  }

  /**
   * Changes a setting on this device (validated by the core) and stores it with the time of
   * the change; null, or the reason it was refused.
   */
  async setSetting(key, value) {
    const refused = this.core.setSetting(key, value, this.language);
    if (refused) return refused;
    this.#changes += 1;
    this.#settingWrites += 1;
    let saving;
    try {
      // On the server's clock, as the last sync measured it (docs/sync.md, "Clocks").
      const changedAt = this.now() + (await this.store.clockOffset());
      saving = this.store.saveSettings({ [key]: { value: this.core.settings()[key], changedAt } });
    } finally {
      this.#settingWrites -= 1;
      this.#changes += 1;
    }
    await saving;
    this.#announce();
    return null;
  }

  /**
   * The server's settings after a sync, the outcome of its last-writer-wins merge: adopts each
   * one changed later than this device's, and — for every setting this device sent (`sent`)
   * and has not changed since — the server's value and time whatever they are. A change is
   * stamped once: the server may have counted it as made when it arrived (a clock far ahead,
   * docs/api.md), and a device that kept its own time would send it again as new at every sync
   * and win over every later change.
   */
  async adoptSettings(serverSettings, sent = {}) {
    const local = await this.store.settings();
    const unchangedSinceSent = (key) => local[key] !== undefined
      && local[key].value === sent[key]?.value && local[key].changedAt === sent[key]?.changedAt;
    let waiting = Object.entries(serverSettings).filter(([key, { value, changedAt }]) =>
      changedAt > (local[key]?.changedAt ?? 0)
      || (unchangedSinceSent(key) && (local[key].value !== value || local[key].changedAt !== changedAt)));
    const adopted = {};
    // Twice: a note-range bound the core refuses beside this device's other bound (60 above a
    // highest note of 50) fits once the server's other bound is in.
    for (let pass = 0; pass < 2; pass += 1) {
      waiting = waiting.filter(([key, { value, changedAt }]) => {
        if (this.core.setSetting(key, value) !== null) return true;
        adopted[key] = { value, changedAt };
        return false;
      });
    }
    if (Object.keys(adopted).length === 0) return;
    this.#changes += 1;
    await this.store.saveSettings(adopted);
    this.#announce();
  }

  /**
   * The server says the history was last reset at `resetAt` (milliseconds since 1970; 0 if
   * never). If that is news, every answer this device made before it is forgotten and so is the
   * server's old summary: the profile is rebuilt from the answers made since (the exercise
   * under way stays). Returns whether anything changed.
   */
  async adoptReset(resetAt) {
    if (!(resetAt > (await this.store.resetAt()))) return false;
    // On the server's clock: a device whose clock is behind keeps what it answered after the
    // reset (docs/sync.md, "Clocks").
    const clockOffset = await this.store.clockOffset();
    await this.store.forgetBefore(resetAt, (numbers) => this.core.recordTime(numbers), clockOffset);
    await this.#rebuildProfileFromRecords();
    return true;
  }

  /**
   * The server's history is `historyID` (sync): if this device synced with another one (a
   * restored backup, another database file), every answer it holds is offered to this one
   * again and the old summary is dropped; the profile is rebuilt from the records (the exercise
   * under way stays). Returns whether anything changed.
   */
  async adoptHistory(historyID) {
    if (!(await this.store.adoptHistory(historyID))) return false;
    await this.#rebuildProfileFromRecords();
    return true;
  }

  /**
   * The server's history lacks the record `id`, which this device sent as the newest it
   * accepted (sync), and has removed all its records on purpose `removals` times: unless that
   * grew since (a reset or a replacing import removed it) or this device forgot that record
   * itself (a reset), an older copy of the history's file was put back, and every answer this
   * device holds is offered again, as to another history (`adoptHistory`). Returns whether
   * anything changed.
   */
  async offerAgainIfLost(id, removals) {
    if (!(await this.store.offerAgainIfLost(id, removals))) return false;
    await this.#rebuildProfileFromRecords();
    return true;
  }

  /** The core's profile from this device's records alone (no summary: it went with a reset or
   *  another history), keeping the exercise under way. */
  async #rebuildProfileFromRecords() {
    let beyond;
    let answers;
    do {
      answers = this.answers;
      beyond = await this.store.recordsBeyondProfile();
    } while (answers !== this.answers);
    this.core.replaceProfile(null, this.#numbers(beyond));
    this.#changes += 1;
    this.#announce();
  }

  /**
   * A new profile summary from the server, of `version`, which includes the records
   * `acceptedIDs`: the core takes it with the records beyond it, then the store keeps it.
   * Settings and the exercise under way stay.
   */
  async adoptProfile(numbers, acceptedIDs, version = null) {
    const included = new Set(acceptedIDs);
    // An answer given while the store is read would be missing from what it read: read again.
    // (A read begun after an answer's write sees it: IndexedDB orders the transactions.)
    let beyond;
    let answers;
    do {
      answers = this.answers;
      beyond = (await this.store.recordsBeyondProfile()).filter((record) => !included.has(record.id));
    } while (answers !== this.answers);
    if (!this.core.replaceProfile(numbers, this.#numbers(beyond))) throw new ProfileUnreadable();
    this.#changes += 1;
    await this.store.saveProfile(numbers, acceptedIDs, version);
    this.hasData = true;
    this.#announce();
  }
}

/// The sound the device's settings choose (docs/sounds.md), loaded ahead of the exercises.
///
/// - The sine needs nothing. An instrument is loaded as soon as it is chosen (and when Peach
///   opens): its zones for the settings' note range, kept for offline use (sound-library.js).
/// - `zonesFor(notes)` answers at once, never waiting: the instrument's zones for an exercise's
///   notes, or null — the sine for both — while they are still loading or could not be loaded;
///   then those zones are fetched next, so that an exercise soon after plays the instrument
///   even on a slow link. The page says so (`onStatus`), so that the first exercise after a
///   change never waits silently.
/// - Only the chosen instrument is kept decoded: a change of the choice or the note range lets
///   go of the others (sound-library.js).
/// - A load that failed (offline before the instrument was ever kept, a server without sounds)
///   is tried again when the device comes online, or the choice or note range changes, or a
///   minute later — not at every exercise, whose page would say "loading" and "failed" again
///   each time.
/// - The last status is kept (`status`), so that a page shown while a load is under way says so.

/** The states `onStatus` reports for an instrument. */
export const SoundState = Object.freeze({ loading: 'loading', ready: 'ready', failed: 'failed' });

/** How long a failed load is not tried again unless something changed. */
export const RETRY_MILLISECONDS = 60_000;

export class SoundChoice {
  /**
   * @param {object} options
   * @param {{load: Function, loaded: Function, playable: Function, release: Function, click: Function}} options.library
   *   a `SoundLibrary`
   * @param {() => {soundSource?: string, noteRangeLower?: string, noteRangeUpper?: string}} options.settings
   *   the device's settings now (the core's `settings()`)
   * @param {() => {note: number, frequency: number}} options.previewNote the note the preview
   *   plays and its frequency now (the core's `soundPreview()`)
   * @param {(status: {source: string, state: string}) => void} [options.onStatus]
   * @param {() => number} [options.now] milliseconds since 1970
   */
  constructor({ library, settings, previewNote, onStatus = () => {}, now = () => Date.now() }) {
    this.library = library;
    this.settings = settings;
    this.previewNote = previewNote;
    this.onStatus = onStatus;
    this.now = now;
    /** The load under way: `{key, promise}`. */
    this.pending = null;
    /** The last failed load: `{key, at}` (milliseconds of `now`). */
    this.failed = null;
    /** The last status reported: `{source, state}`, or null. */
    this.status = null;
  }

  report(status) {
    this.status = status;
    this.onStatus(status);
  }

  /** The device is online again: a failed load may succeed now. */
  online() {
    this.failed = null;
    this.prepare();
  }

  /** The chosen source's id: `sine` or an instrument of the index. */
  get source() {
    return this.settings().soundSource || 'sine';
  }

  /** The notes the exercises can play: the settings' note range. */
  range() {
    const settings = this.settings();
    return { low: Number(settings.noteRangeLower), high: Number(settings.noteRangeUpper) };
  }

  /**
   * The zones that play an exercise's `notes` with the chosen sound, or null for the sine
   * (chosen, or standing in while the instrument loads: both notes, never one of each — the
   * load is started, and reported, here, and these notes' zones are fetched next).
   */
  zonesFor(notes) {
    const source = this.source;
    if (source === 'sine') return null;
    const zones = this.library.playable(source, this.range(), notes);
    if (zones) return zones;
    this.prepare();
    return null;
  }

  /**
   * Loads the chosen instrument unless it is loaded or loading; resolves with it, or null for
   * the sine or a failed load (reported through `onStatus`, never thrown).
   * @returns {Promise<object|null>}
   */
  prepare() {
    const source = this.source;
    if (source === 'sine') {
      this.library.release();
      // Always ready; said, so that a page still saying an instrument is loading stops.
      this.report({ source, state: SoundState.ready });
      return Promise.resolve(null);
    }
    const range = this.range();
    this.library.release(source, range);
    const loaded = this.library.loaded(source, range);
    if (loaded) return Promise.resolve(loaded);
    const key = `${source} ${range.low}-${range.high}`;
    if (this.pending?.key === key) return this.pending.promise;
    if (this.failed?.key === key && this.now() - this.failed.at < RETRY_MILLISECONDS) return Promise.resolve(null);
    this.report({ source, state: SoundState.loading });
    // Only the load for the choice now reports: one for a range or sound left meanwhile is quiet.
    const current = () => this.pending?.key === key;
    const promise = this.library.load(source, range).then(
      (instrument) => {
        if (current()) this.report({ source, state: SoundState.ready });
        return instrument;
      },
      (error) => {
        console.warn(`Peach could not load the sound "${source}"`, error);
        if (current()) {
          this.failed = { key, at: this.now() };
          this.report({ source, state: SoundState.failed });
        }
        return null;
      },
    ).finally(() => {
      if (this.pending?.promise === promise) this.pending = null;
    });
    this.pending = { key, promise };
    return promise;
  }

  /**
   * Plays the core's preview note (A4 at the reference pitch) for one second with the chosen
   * sound (the Settings page's preview): after the instrument has loaded, or with the sine if
   * it cannot be.
   * @param {import('./audio-engine.js').AudioEngine} engine
   */
  async preview(engine) {
    const instrument = await this.prepare();
    const { note, frequency } = this.previewNote();
    engine.stopAll();
    return engine.playNote({ frequency, duration: 1, sound: instrument?.zoneFor(note) ?? null });
  }
}

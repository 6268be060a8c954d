/// Fill the Gap's loop, independent of the DOM: trials of sixteen cycles back to back, the
/// clicks never stopping between them.
///
///     idle → awaitingAnswer (a trial plays; taps count any time) → the trial's end: its record,
///     the next trial already playing → feedback beside it (400 ms) …
///
/// - Every onset of a trial is the core's, computed for its start before the first click
///   (docs/rhythm.md, "Schedules"); the clicks are a `ClickTrack` on the audio engine's output.
/// - A tap goes to the core at once with its time on the audio clock; the core says whether it
///   counts (and for which gap) or is ignored. The page never tells the musician when to tap.
/// - The trial ends when its last gap's window closes on the audio clock (`ends`): the core
///   makes its record (none if no tap counted), and the next trial starts where the loop's
///   next cycle falls (`next`), or at once if the page ran late. The feedback shows once the
///   record is committed, as in the other modes.
/// - `stop()` silences the clicks, drops the unfinished trial (never recorded: docs/rhythm.md)
///   and ignores every late event of it (a generation count).
///
/// The page wires its controls through the hooks, as for `TrainingLoop`.

import { ClickTrack } from '../audio/click-track.js';
import { FEEDBACK_MILLISECONDS, LoopState } from './training-loop.js';

/** One Fill the Gap page's loop. */
export class FillTheGapLoop {
  /**
   * @param {object} options
   * @param {string} options.mode the page's training mode (`data-mode`)
   * @param {{nextRhythmExercise: Function, tap: Function, finishTrial: Function}} options.device the
   *   device's core and store (`Device`)
   * @param {import('../audio/audio-engine.js').AudioEngine} options.engine
   * @param {() => object|null} [options.click] the prepared click once loaded, or null for the
   *   synthesized one (the default)
   * @param {object} [options.hooks] as `TrainingLoop`'s
   * @param {(state: string, exercise: object|null) => void} [options.hooks.onStateChange]
   * @param {(exercise: object) => void} [options.hooks.onExercise] a new trial begins
   * @param {(feedback: object) => void} [options.hooks.onFeedback]
   * @param {() => void} [options.hooks.onFeedbackEnd]
   * @param {{setTimeout: Function, clearTimeout: Function}} [options.timers] injected for tests
   * @param {number} [options.feedbackMilliseconds=FEEDBACK_MILLISECONDS]
   */
  constructor({ mode, device, engine, click = () => null, hooks = {}, timers, feedbackMilliseconds }) {
    this.mode = mode;
    this.device = device;
    this.engine = engine;
    this.click = click;
    this.hooks = hooks;
    this.timers = timers ?? {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id),
    };
    this.feedbackMilliseconds = feedbackMilliseconds ?? FEEDBACK_MILLISECONDS;
    this.state = LoopState.idle;
    /** The trial under way: the core's `{tempoBPM, ends, next, onsets}`, or null. */
    this.exercise = null;
    this.generation = 0;
    this.feedbackTimer = null;
    /** @type {ClickTrack[]} the trials' click tracks not yet over */
    this.tracks = [];
  }

  setState(state) {
    this.state = state;
    this.hooks.onStateChange?.(state, this.exercise);
  }

  /** Starts training: a trial at once. */
  start() {
    this.stop({ silently: true });
    this.generation += 1;
    this.play(this.engine.nextStartTime());
  }

  /** Schedules the next trial from `startTime` on the audio clock; it ends on the clock too. */
  play(startTime) {
    const generation = this.generation;
    const { context } = this.engine;
    const exercise = this.device.nextRhythmExercise(this.mode, startTime, context.sampleRate);
    const clicks = exercise.onsets
      .filter((onset) => !onset.isGap)
      .map((onset) => ({ time: onset.seconds, accent: onset.step === 0 }));
    const track = new ClickTrack(context, clicks, this.click(), this.engine.output);
    this.tracks = this.tracks.filter((other) => !other.stopped && other.end > context.currentTime);
    this.tracks.push(track);
    this.exercise = exercise;
    this.hooks.onExercise?.(exercise);
    if (this.state !== LoopState.awaitingAnswer) this.setState(LoopState.awaitingAnswer);
    track.when(exercise.ends).then((time) => {
      if (time !== null && generation === this.generation) this.finish(exercise);
    });
  }

  /**
   * A tap at `seconds` on the audio clock: the counted tap's `{band, cycle, step}` from the
   * core, or null if it is ignored (outside every gap's window, a second tap for a gap, or no
   * trial under way).
   */
  tap(seconds) {
    return this.exercise ? this.device.tap(seconds) : null;
  }

  /** The trial is over: its record, the next trial, and the feedback once the record is committed. */
  finish(exercise) {
    const generation = this.generation;
    const answered = this.device.finishTrial();
    this.play(Math.max(exercise.next, this.engine.nextStartTime()));
    if (!answered) return;
    // `written` never rejects (see `Device.answer`).
    Promise.resolve(answered.written).then(() => {
      if (generation !== this.generation) return;
      if (this.feedbackTimer !== null) this.timers.clearTimeout(this.feedbackTimer);
      this.hooks.onFeedback?.(answered.feedback);
      this.feedbackTimer = this.timers.setTimeout(() => {
        this.feedbackTimer = null;
        if (generation === this.generation) this.hooks.onFeedbackEnd?.();
      }, this.feedbackMilliseconds);
    });
  }

  /** Stops at once: the clicks fall silent, the unfinished trial is dropped, late events ignored. */
  stop({ silently = false } = {}) {
    this.generation += 1;
    if (this.feedbackTimer !== null) {
      this.timers.clearTimeout(this.feedbackTimer);
      this.feedbackTimer = null;
      this.hooks.onFeedbackEnd?.();
    }
    for (const track of this.tracks) track.stop();
    this.tracks = [];
    this.exercise = null;
    if (!silently && this.state !== LoopState.stopped) this.setState(LoopState.stopped);
  }
}

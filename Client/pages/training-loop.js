/// The per-exercise training loop of one training page, independent of the DOM.
///
///     idle → playingReference → awaitingAnswer → saving → feedback → playingReference …
///                                                (committed) (400 ms)
/// - The exercises come from the device's core and the answers go to it (`Device`): no
///   network request on this path (docs/design.md, "One exercise").
/// - `awaitingAnswer` begins when the target (comparison) or the tunable note (pitch matching)
///   starts on the audio clock — the engine's `targetStarted` / `tunableStarted` —, or, in
///   Compare Timing, when its fourth click sounds (its clicks are a `ClickTrack` of the core's
///   onsets, computed for the start time before the exercise is chosen).
/// - `answer()` is accepted only in `awaitingAnswer`; the first answer moves the loop on at once
///   (`saving`), so a second tap (or a key repeat) cannot count. Its record's write is asked for
///   in the answer's own task, and the feedback shows once the store has committed it: an answer
///   shown as answered is on the device's disk, whatever happens to the browser next.
/// - The next exercise is chosen with the answer and scheduled on the audio clock to start when
///   the feedback ends, 400 ms after the answer; a setting changed before the answer applies to
///   it.
/// - A wrong judgement (of pitch or of time) plays the short wrong-answer sound as its feedback shows, when
///   the core's feedback says so (the `wrongAnswerSound` setting).
/// - `stop()` silences the engine (the next exercise already scheduled too), drops the
///   unanswered exercise (it is never answered, so never recorded) and ignores every late event
///   of the old exercise (a generation count).
///
/// The page wires its controls through the hooks; nothing here touches the document.

import { ClickTrack } from '../audio/click-track.js';

/** How long the feedback indicator shows: long enough to see, short enough to keep the
 *  exercises flowing. */
export const FEEDBACK_MILLISECONDS = 400;

/** The loop's states. */
export const LoopState = Object.freeze({
  idle: 'idle',
  playingReference: 'playingReference',
  awaitingAnswer: 'awaitingAnswer',
  /** The answer is taken; its record is being committed to the device's store. */
  saving: 'saving',
  feedback: 'feedback',
  stopped: 'stopped',
});

/** One training page's loop. */
export class TrainingLoop {
  /**
   * @param {object} options
   * @param {'comparison'|'pitchMatching'|'rhythmOffsetDetection'} options.kind
   * @param {string} options.mode the page's training mode (`data-mode`)
   * @param {{nextExercise: Function, nextRhythmExercise: Function, answer: Function, tunableFrequency: Function}} options.device
   *   the device's core and store (`Device`)
   * @param {import('../audio/audio-engine.js').AudioEngine} options.engine
   * @param {(notes: number[]) => object[]|null} [options.soundsFor] the sample zones that play an
   *   exercise's MIDI notes with the chosen sound, or null for the sine (the default)
   * @param {() => object|null} [options.click] the prepared click (a SampleZone) once loaded, or
   *   null for the synthesized one (the default)
   * @param {object} [options.hooks]
   * @param {(state: string, exercise: object|null) => void} [options.hooks.onStateChange]
   * @param {(exercise: object) => void} [options.hooks.onExercise] a new exercise begins
   * @param {(feedback: object) => void} [options.hooks.onFeedback]
   * @param {() => void} [options.hooks.onFeedbackEnd]
   * @param {{setTimeout: Function, clearTimeout: Function}} [options.timers] injected for tests
   * @param {number} [options.feedbackMilliseconds=FEEDBACK_MILLISECONDS]
   */
  constructor({
    kind, mode, device, engine, soundsFor = () => null, click = () => null, hooks = {}, timers, feedbackMilliseconds,
  }) {
    this.kind = kind;
    this.soundsFor = soundsFor;
    this.click = click;
    this.mode = mode;
    this.device = device;
    this.engine = engine;
    this.hooks = hooks;
    this.timers = timers ?? {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id),
    };
    this.feedbackMilliseconds = feedbackMilliseconds ?? FEEDBACK_MILLISECONDS;
    this.state = LoopState.idle;
    this.exercise = null;
    this.playback = null;
    this.generation = 0;
    this.feedbackTimer = null;
    /** @type {import('../audio/click-track.js').ClickTrack[]} Compare Timing's click tracks not yet over */
    this.tracks = [];
  }

  setState(state) {
    this.state = state;
    this.hooks.onStateChange?.(state, this.exercise);
  }

  /** Starts training: the core's next exercise of the page's mode, played at once. */
  start() {
    this.stop({ silently: true });
    this.generation += 1;
    const startTime = this.engine.nextStartTime();
    const exercise = this.next(startTime);
    this.begin(exercise, this.schedule(exercise, startTime));
  }

  /** The core's next exercise of the page's mode; a rhythm exercise's onsets from `startTime`. */
  next(startTime) {
    return this.kind === 'rhythmOffsetDetection'
      ? this.device.nextRhythmExercise(this.mode, startTime, this.engine.context.sampleRate)
      : this.device.nextExercise(this.mode);
  }

  /** Schedules an exercise's notes on the audio clock, from `startTime` (default: at once); a
   *  rhythm exercise's clicks at its own onsets. */
  schedule(exercise, startTime = this.engine.nextStartTime()) {
    if (this.kind === 'rhythmOffsetDetection') return this.scheduleClicks(exercise);
    const { noteDuration } = exercise;
    // The sound is chosen here, for both notes at once: the instrument's zone of each note, or
    // the sine for both while the instrument's zones for them are not loaded yet.
    const second = this.kind === 'pitchMatching' ? exercise.tunable : exercise.target;
    const sounds = this.soundsFor([exercise.reference.note, second.note]) ?? [null, null];
    const reference = { ...exercise.reference, sound: sounds[0] };
    const other = { ...second, sound: sounds[1] };
    return this.kind === 'pitchMatching'
      ? this.engine.schedulePitchMatching(reference, other, noteDuration, { startTime })
      : this.engine.scheduleComparison(reference, other, noteDuration, { startTime });
  }

  /**
   * Compare Timing's four clicks, played by a `ClickTrack` on the audio engine's output;
   * `targetStarted` resolves as the fourth sounds. `stopAll` does not reach a click track, so
   * the loop keeps the unfinished ones to stop them itself.
   */
  scheduleClicks(exercise) {
    const onsets = exercise.onsets.map((onset) => ({ time: onset.seconds, accent: onset.step === 0 }));
    const track = new ClickTrack(this.engine.context, onsets, this.click(), this.engine.output);
    this.tracks = this.tracks.filter((other) => !other.stopped && other.end > this.engine.context.currentTime);
    this.tracks.push(track);
    return { targetStarted: track.when(exercise.ends), stop: () => track.stop() };
  }

  /** The scheduled exercise is the current one; answers open when its target starts. */
  begin(exercise, playback) {
    const generation = this.generation;
    this.exercise = exercise;
    this.playback = playback;
    this.hooks.onExercise?.(exercise);
    this.setState(LoopState.playingReference);
    const started = this.kind === 'pitchMatching' ? playback.tunableStarted : playback.targetStarted;
    started.then((time) => this.open(generation, time));
  }

  open(generation, time) {
    if (generation !== this.generation || time === null || this.state !== LoopState.playingReference) return;
    this.setState(LoopState.awaitingAnswer);
  }

  /** True while an answer would be accepted. */
  get acceptsAnswer() {
    return this.state === LoopState.awaitingAnswer;
  }

  /**
   * Follows the slider (pitch matching, while awaiting the answer only): the tunable note
   * glides to the core's frequency for `value`.
   * @returns {boolean} whether the frequency change was scheduled
   */
  setSlider(value) {
    if (this.kind !== 'pitchMatching' || !this.acceptsAnswer) return false;
    this.playback.tunableNote.glideTo(this.device.tunableFrequency(value));
    return true;
  }

  /**
   * The user's answer: `'higher'`/`'lower'` for a comparison, the slider value for pitch
   * matching (one beyond the slider's ends the core refuses). Accepted only while awaiting an
   * answer; the first one wins.
   * @returns {boolean} whether it was accepted
   */
  answer(value) {
    if (!this.acceptsAnswer) return false;
    let valid = value === 'higher' || value === 'lower';
    if (this.kind === 'pitchMatching') valid = typeof value === 'number';
    if (this.kind === 'rhythmOffsetDetection') valid = value === 'early' || value === 'late';
    if (!valid) return false;
    const answered = this.device.answer(value);
    if (!answered) return false;
    this.playback.stop();
    this.setState(LoopState.saving);
    const generation = this.generation;
    // The next exercise is chosen and its notes scheduled now, to start on the audio clock when
    // the feedback's 400 ms after the answer are over: no timer stands between an answer and
    // the next note, so its start is sample-exact however late a timer fires.
    const startTime = this.engine.nextStartTime() + this.feedbackMilliseconds / 1000;
    const next = this.next(startTime);
    const playback = this.schedule(next, startTime);
    // `written` settles when the record is committed (or, if the browser refused it, kept in
    // the page to be written again): it never rejects.
    Promise.resolve(answered.written).then(() => {
      if (generation === this.generation) this.committed(answered.feedback, next, playback, startTime);
    });
    return true;
  }

  /**
   * The answer's record is committed: its feedback shows until the next exercise starts. A
   * commit takes a few milliseconds; one so slow that less than half the feedback time is left
   * moves the next exercise to start a whole feedback time from now, so the feedback is never
   * skipped.
   */
  committed(feedback, next, playback, startTime) {
    let remaining = (startTime - this.engine.nextStartTime()) * 1000;
    if (remaining < this.feedbackMilliseconds / 2) {
      playback.stop();
      const later = this.engine.nextStartTime() + this.feedbackMilliseconds / 1000;
      // A rhythm exercise's onsets are the core's for its start: a later start is a new exercise.
      if (this.kind === 'rhythmOffsetDetection') next = this.next(later);
      playback = this.schedule(next, later);
      remaining = this.feedbackMilliseconds;
    }
    // A wrong answer's sound (when the settings ask for it) plays as the feedback shows; it
    // lasts a tenth of a second, so it ends well before the next note.
    if (feedback?.wrongAnswerSound) this.engine.playWrongAnswerSound();
    this.showFeedback(feedback, next, playback, remaining);
  }

  showFeedback(feedback, next, playback, milliseconds) {
    const generation = this.generation;
    this.setState(LoopState.feedback);
    this.hooks.onFeedback?.(feedback);
    this.feedbackTimer = this.timers.setTimeout(() => {
      this.feedbackTimer = null;
      if (generation !== this.generation) return;
      this.hooks.onFeedbackEnd?.();
      this.begin(next, playback);
    }, milliseconds);
  }

  /**
   * Stops at once: silences the engine, drops the unanswered exercise, clears the feedback
   * timer, and ignores anything still on its way for the old exercise.
   */
  stop({ silently = false } = {}) {
    this.generation += 1;
    if (this.feedbackTimer !== null) {
      this.timers.clearTimeout(this.feedbackTimer);
      this.feedbackTimer = null;
      this.hooks.onFeedbackEnd?.();
    }
    this.engine?.stopAll();
    for (const track of this.tracks) track.stop();
    this.tracks = [];
    this.playback = null;
    this.exercise = null;
    if (!silently && this.state !== LoopState.stopped) this.setState(LoopState.stopped);
  }
}

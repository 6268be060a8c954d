/// The per-exercise training loop of one training page, independent of the DOM.
///
///     idle → loading → playingReference → awaitingAnswer → submitting → feedback → playingReference …
///                                                                           (400 ms)
/// - `awaitingAnswer` begins when the target (comparison) or the tunable note (pitch matching)
///   starts on the audio clock — the engine's `targetStarted` / `tunableStarted`.
/// - `answer()` is accepted only in `awaitingAnswer`; the first answer moves the loop on at once,
///   so a second tap (or a key repeat) cannot count.
/// - `stop()` silences the engine, drops the unanswered exercise (it is never sent, so never
///   recorded) and ignores every late reply or event of the old exercise (a generation count).
///   An answer already given is still delivered by the API client; only its reply is ignored.
///
/// The page wires its controls through the hooks; nothing here touches the document.

/** How long the feedback indicator shows (DESIGN.md §4). */
export const FEEDBACK_MILLISECONDS = 400;

/** The loop's states. */
export const LoopState = Object.freeze({
  idle: 'idle',
  loading: 'loading',
  playingReference: 'playingReference',
  awaitingAnswer: 'awaitingAnswer',
  submitting: 'submitting',
  feedback: 'feedback',
  stopped: 'stopped',
});

/** One training page's loop. */
export class TrainingLoop {
  /**
   * @param {object} options
   * @param {'comparison'|'pitchMatching'} options.kind
   * @param {string} options.mode the page's training mode (`data-mode`)
   * @param {string} options.nextUrl the page's `data-next-url`
   * @param {{nextExercise: Function, answer: Function}} options.api an `ApiClient`
   * @param {import('./audio-engine.js').AudioEngine} options.engine
   * @param {object} [options.hooks]
   * @param {(state: string, exercise: object|null) => void} [options.hooks.onStateChange]
   * @param {(exercise: object) => void} [options.hooks.onExercise] a new exercise begins
   * @param {(feedback: object) => void} [options.hooks.onFeedback]
   * @param {() => void} [options.hooks.onFeedbackEnd]
   * @param {(error: Error) => void} [options.hooks.onError] an error the loop cannot get past
   * @param {{setTimeout: Function, clearTimeout: Function}} [options.timers] injected for tests
   * @param {number} [options.feedbackMilliseconds=FEEDBACK_MILLISECONDS]
   */
  constructor({ kind, mode, nextUrl, api, engine, hooks = {}, timers, feedbackMilliseconds }) {
    this.kind = kind;
    this.mode = mode;
    this.nextUrl = nextUrl;
    this.api = api;
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
    this.abort = null;
  }

  setState(state) {
    this.state = state;
    this.hooks.onStateChange?.(state, this.exercise);
  }

  /** Starts training: asks the server for an exercise and plays it. */
  async start() {
    this.stop({ silently: true });
    const generation = ++this.generation;
    this.exercise = null;
    this.setState(LoopState.loading);
    this.abort = typeof AbortController === 'function' ? new AbortController() : null;
    let exercise;
    try {
      exercise = await this.api.nextExercise(this.nextUrl, { signal: this.abort?.signal });
    } catch (error) {
      if (generation === this.generation) this.fail(error);
      return;
    }
    if (generation !== this.generation) return;
    this.play(exercise);
  }

  /** Schedules an exercise on the audio clock; answers open when its target starts. */
  play(exercise) {
    const generation = this.generation;
    this.exercise = exercise;
    this.hooks.onExercise?.(exercise);
    this.setState(LoopState.playingReference);
    const { reference, noteDuration } = exercise;
    if (this.kind === 'pitchMatching') {
      this.playback = this.engine.schedulePitchMatching(reference, exercise.tunable, noteDuration);
      this.playback.tunableStarted.then((time) => this.open(generation, time));
    } else {
      this.playback = this.engine.scheduleComparison(reference, exercise.target, noteDuration);
      this.playback.targetStarted.then((time) => this.open(generation, time));
    }
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
   * Follows the slider (pitch matching, while awaiting the answer only).
   * @returns {boolean} whether the frequency change was scheduled
   */
  setSlider(value) {
    if (this.kind !== 'pitchMatching' || !this.acceptsAnswer) return false;
    this.playback.tunableNote.setSlider(value);
    return true;
  }

  /**
   * The user's answer: `'higher'`/`'lower'` for a comparison, the slider value in [−1, 1] for
   * pitch matching. Accepted only while awaiting an answer; the first one wins.
   * @returns {boolean} whether it was accepted
   */
  answer(value) {
    if (!this.acceptsAnswer) return false;
    let body;
    if (this.kind === 'pitchMatching') {
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      body = { sliderValue: Math.max(-1, Math.min(1, value)) };
    } else {
      if (value !== 'higher' && value !== 'lower') return false;
      body = { answer: value };
    }
    const generation = this.generation;
    const exercise = this.exercise;
    this.setState(LoopState.submitting);
    this.playback.stop();
    this.api.answer(exercise.id, body).then(
      (reply) => { if (generation === this.generation) this.showFeedback(reply); },
      (error) => { if (generation === this.generation) this.fail(error); },
    );
    return true;
  }

  showFeedback(reply) {
    const generation = this.generation;
    this.setState(LoopState.feedback);
    this.hooks.onFeedback?.(reply.feedback);
    this.feedbackTimer = this.timers.setTimeout(() => {
      this.feedbackTimer = null;
      if (generation !== this.generation) return;
      this.hooks.onFeedbackEnd?.();
      // A retry the server answers from the database after a restart gets the next exercise of
      // the mode the record's interval implies: a unison answer given in an interval mode
      // comes back with a unison exercise. This page asks for one of its own mode instead.
      if (reply.next.mode === this.mode) this.play(reply.next);
      else this.start();
    }, this.feedbackMilliseconds);
  }

  fail(error) {
    if (error?.name === 'AbortError') return;
    if (error?.code === 'unknownExercise') {
      // The server no longer knows the exercise (it restarted): carry on with a fresh one.
      this.start();
      return;
    }
    this.stop({ silently: true });
    this.setState(LoopState.stopped);
    this.hooks.onError?.(error);
  }

  /**
   * Stops at once: silences the engine, drops the unanswered exercise, clears the feedback
   * timer, and ignores anything still on its way for the old exercise.
   */
  stop({ silently = false } = {}) {
    this.generation += 1;
    this.abort?.abort();
    this.abort = null;
    if (this.feedbackTimer !== null) {
      this.timers.clearTimeout(this.feedbackTimer);
      this.feedbackTimer = null;
      this.hooks.onFeedbackEnd?.();
    }
    this.engine?.stopAll();
    this.playback = null;
    this.exercise = null;
    if (!silently && this.state !== LoopState.stopped) this.setState(LoopState.stopped);
  }
}

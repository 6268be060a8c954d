/// What every training page shares: the mode's hint (before the first exercise of the mode in
/// this browser, and on demand; training is stopped while it shows), starting the sound (or,
/// when it really does not start, offering "Tap to start"), the feedback indicator, the
/// announcer, Escape back to Start, the keyboard filter and the lifecycle hook `app.js` calls
/// (stop). DOM contract: docs/pages.md "Training pages".

import { HintMemory } from './mode-hint.js';
import { FillTheGapLoop } from './fill-the-gap-loop.js';
import { LoopState, TrainingLoop } from './training-loop.js';

/** How long a vibration on a wrong answer lasts (a single tick). */
const VIBRATION_MILLISECONDS = 50;
/** After "Tap to start" is offered, the sound may still start on its own (a slow browser, the
 *  audio route coming back): training begins then too, for this long. */
const LATE_START_MILLISECONDS = 60_000;

/** How long the line after an answer given too early stays. */
const EARLY_MILLISECONDS = 1500;

const LENGTH_BY_BAND = { green: 'short', yellow: 'medium', red: 'long' };

/** Whether a key event belongs to a form field (then training keys leave it alone). */
export function isTypingTarget(target) {
  if (!target || typeof target.closest !== 'function') return false;
  return Boolean(target.closest('input, select, textarea, [contenteditable=""], [contenteditable="true"]'));
}

/** The feedback kinds that show a colour band rather than a thumb. */
const BANDED_KINDS = new Set(['pitchMatching', 'continuousRhythmMatching']);

/**
 * Sets up a training page around a `TrainingLoop` (Fill the Gap's around a `FillTheGapLoop`).
 * @param {import('./app.js').PageContext} context what the page may use of the visit (app.js)
 * @param {HTMLElement} main `#main` with the `data-*` of docs/pages.md
 * @param {object} options
 * @param {'comparison'|'pitchMatching'|'rhythmOffsetDetection'|'continuousRhythmMatching'} options.kind
 * @param {(state: string) => void} options.onStateChange enable/disable the page's controls
 * @param {(exercise: object) => void} [options.onExercise]
 * @returns the page controller (`stop`, `loop`, `dispose`)
 */
export function createTrainingPage(context, main, { kind, onStateChange, onExercise }) {
  const feedback = /** @type {HTMLElement} */ (main.querySelector('#feedback'));
  const announcer = /** @type {HTMLElement} */ (main.querySelector('#announcer'));
  const tapToStart = /** @type {HTMLElement} */ (main.querySelector('#tap-to-start'));
  const intervalLine = /** @type {HTMLElement} */ (main.querySelector('#target-interval'));
  const intervalName = /** @type {HTMLElement} */ (intervalLine?.querySelector('span'));
  const soundLine = /** @type {HTMLElement} */ (main.querySelector('#sound-status'));
  const hint = /** @type {HTMLDialogElement} */ (main.querySelector('#mode-hint'));
  const hintBegin = /** @type {HTMLElement} */ (hint?.querySelector('#hint-begin'));
  const showHint = document.getElementById('show-hint');
  const turnLine = /** @type {HTMLElement} */ (main.querySelector('#turn'));
  const earlyLine = /** @type {HTMLElement} */ (main.querySelector('#early-answer'));
  const hints = new HintMemory();
  let announcedInterval = null;
  let turnSaid = false;
  let announceToggle = false;
  let disposed = false;
  const cleanups = [];

  const announce = (text) => {
    if (!announcer || !text) return;
    // The same words twice in a row ("Correct", "Correct") must still be spoken: vary an
    // invisible trailing character so the live region sees a change.
    announceToggle = !announceToggle;
    announcer.textContent = announceToggle ? text : `${text}\u00a0`;
  };

  const showFeedback = (result) => {
    if (feedback) {
      if (BANDED_KINDS.has(result.kind)) {
        feedback.dataset.state = result.band;
        feedback.dataset.direction = result.direction;
        if (LENGTH_BY_BAND[result.band]) feedback.dataset.length = LENGTH_BY_BAND[result.band];
        else delete feedback.dataset.length;
      } else {
        feedback.dataset.state = result.isCorrect ? 'correct' : 'incorrect';
        delete feedback.dataset.direction;
        delete feedback.dataset.length;
      }
      const text = /** @type {HTMLElement} */ (feedback.querySelector('.text'));
      if (text) text.textContent = result.text ?? '';
    }
    announce(result.announcement);
    if (result.kind !== 'pitchMatching' && result.isCorrect === false
        && typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
      try { navigator.vibrate(VIBRATION_MILLISECONDS); } catch { /* not allowed here */ }
    }
  };

  /** Whose turn it is: `main[data-turn]` (`listen` while the notes play, `answer` once the
   *  controls open), which the stylesheet draws as outlined or filled controls, and the same
   *  in words for a screen reader (`#turn`). The words are spoken for the visit's first
   *  exercise, which teaches the turns; after it the line stops being live (it stays current
   *  for a reader who goes to it): spoken at every exercise, "Listen…" would talk over the very
   *  notes to be heard. */
  const showTurn = (state) => {
    const turn = state === LoopState.playingReference ? 'listen' : state === LoopState.awaitingAnswer ? 'answer' : null;
    if (!turn) return;
    main.dataset.turn = turn;
    if (turnLine) {
      if (turnSaid) turnLine.setAttribute('aria-live', 'off');
      turnLine.textContent = (turn === 'listen' ? turnLine.dataset.msgListen : turnLine.dataset.msgYourTurn) ?? '';
      if (turn === 'answer') turnSaid = true;
    }
    if (turn === 'answer') clearEarly();
  };

  let earlyTimer = null;
  let earlyShaken = null;
  const clearEarly = () => {
    clearTimeout(earlyTimer);
    earlyTimer = null;
    if (earlyLine) earlyLine.textContent = '';
    earlyShaken?.classList.remove('early');
    earlyShaken = null;
  };

  /** An answer given while the first note plays is not lost without a sign: `#early-answer`
   *  says "Wait for the second note." for a moment (a polite status), and `control` gives a
   *  short shake (none where the reader asked for reduced motion). */
  const earlyAnswer = (control) => {
    if (loop.state !== LoopState.playingReference) return;
    clearTimeout(earlyTimer);
    // Said once while it shows (a drag on the slider asks at every move), not again and again.
    if (earlyLine && !earlyLine.textContent) earlyLine.textContent = earlyLine.dataset.msgWait ?? '';
    if (control && earlyShaken !== control) {
      earlyShaken?.classList.remove('early');
      earlyShaken = control;
      control.classList.add('early');
    }
    earlyTimer = setTimeout(clearEarly, EARLY_MILLISECONDS);
  };

  const clearFeedback = () => {
    if (!feedback) return;
    feedback.dataset.state = '';
    delete feedback.dataset.direction;
    delete feedback.dataset.length;
    const text = /** @type {HTMLElement} */ (feedback.querySelector('.text'));
    if (text) text.textContent = '';
  };

  // A rhythm page's click: the drum kit's wood block where an instrument is chosen, loaded as
  // the page opens and used from the first exercise after it arrives (the synthesized click
  // until then, so nothing waits); with the sine chosen the synthesized click.
  const dots = /** @type {HTMLElement} */ (main.querySelector('#rhythm-dots'));
  let click = null;
  if (dots && dots.dataset.sound !== 'sine') {
    context.sounds?.library.click().then((zone) => { click = zone; }, () => {});
  }

  /** @type {any} the options of either loop: Fill the Gap's takes no kind, and no notes */
  const options = {
    kind,
    mode: main.dataset.mode,
    device: context.device,
    engine: context.audio.engine,
    // The page names the sound it plays (`data-sound`): the sine where the core says so (pitch
    // matching with an instrument that fades), else the chosen instrument as it loads.
    soundsFor: (notes) => (soundLine?.dataset.sound === 'sine' ? null : context.sounds?.zonesFor(notes) ?? null),
    click: () => click,
    hooks: {
      onStateChange: (state) => {
        showTurn(state);
        onStateChange(state);
      },
      onExercise: (exercise) => {
        const name = exercise.interval?.name;
        if (intervalName && name) {
          intervalName.textContent = name;
          // Said when it changes ("Target interval: Perfect Fifth Up"), so that with several
          // intervals set the page can be used with eyes closed; not before every exercise.
          if (name !== announcedInterval) announce(intervalLine.textContent.trim());
          announcedInterval = name;
        }
        onExercise?.(exercise);
      },
      onFeedback: showFeedback,
      onFeedbackEnd: clearFeedback,
    },
  };
  // One loop or the other: the page's controls use only the methods of their own kind's.
  const loop = /** @type {TrainingLoop & FillTheGapLoop} */ (
    kind === 'continuousRhythmMatching' ? new FillTheGapLoop(options) : new TrainingLoop(options));

  let begun = false;
  const begin = () => {
    if (disposed || begun) return;
    begun = true;
    if (tapToStart) tapToStart.hidden = true;
    loop.engine = context.audio.engine;
    loop.start();
  };

  const offerTapToStart = () => {
    if (!tapToStart || disposed || begun) return;
    tapToStart.hidden = false;
    tapToStart.focus({ preventScroll: true });
  };

  /**
   * Begins as soon as the sound runs — the context's own `statechange`, then its clock moving
   * (audio-session.js) — and offers "Tap to start" only when it has not within a generous
   * bound; if the sound starts later all the same, training begins then.
   */
  let attempts = 0;
  const startWhenAudioRuns = async () => {
    const attempt = ++attempts;
    const current = () => !disposed && !begun && attempt === attempts;
    if (await context.audio.whenRunning()) {
      if (current()) begin();
      return;
    }
    if (!current()) return;
    offerTapToStart();
    if (await context.audio.whenRunning(LATE_START_MILLISECONDS) && current()) begin();
  };

  const listen = (target, type, handler, options) => {
    target.addEventListener(type, handler, options);
    cleanups.push(() => target.removeEventListener(type, handler, options));
  };

  if (tapToStart) {
    listen(tapToStart, 'click', () => {
      context.audio.unlock();
      startWhenAudioRuns();
    });
  }

  /** Training stops (the sound, the exercise, a pending start) and the hint shows. */
  const openHint = () => {
    if (!hint || disposed || hint.open) return;
    attempts += 1;
    begun = false;
    loop.stop();
    clearFeedback();
    if (tapToStart) tapToStart.hidden = true;
    // Modal: the page behind is inert, and the focus is on the hint's button.
    hint.showModal();
    hintBegin?.focus();
  };

  if (hint) {
    // Beginning from the hint is a tap on this page: it may (re)start the sound on a phone.
    listen(hintBegin, 'click', () => {
      hints.markSeen(main.dataset.mode);
      hint.close();
      context.audio.unlock();
      startWhenAudioRuns();
    });
    // Escape (or a phone's back gesture) on the hint leaves, as Escape does on the page.
    listen(hint, 'cancel', (event) => {
      event.preventDefault();
      context.goToStart();
    });
  }
  if (showHint) listen(showHint, 'click', openHint);
  listen(document, 'keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented || hint?.open) return;
    if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
    event.preventDefault();
    context.goToStart();
  });

  const controller = {
    training: true,
    loop,
    /** Begins training, or first shows the hint of a mode this browser has not seen. */
    start() {
      if (hint && !hints.seen(main.dataset.mode)) openHint();
      else startWhenAudioRuns();
    },
    /** Leaving: the sound stops at once, the unanswered exercise is dropped. */
    stop() {
      disposed = true;
      loop.stop();
      clearFeedback();
    },
    listen,
    earlyAnswer,
    /** Whether the first note plays, when an answer would be early. */
    get listening() { return loop.state === LoopState.playingReference; },
    dispose() {
      disposed = true;
      clearEarly();
      loop.stop();
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
  return controller;
}

/// What both training pages share: starting the sound (or offering "Tap to start"), the
/// feedback indicator, the announcer, the status line, the keyboard filter and the lifecycle
/// hooks `app.js` calls (stop, interrupt). DOM contract: docs/pages.md "Training pages".

import { TrainingLoop } from './training-loop.js';

/** How long a vibration on a wrong answer lasts (a single tick). */
const VIBRATION_MILLISECONDS = 50;
/** How long to wait for an audio context to start without a tap before offering the button. */
const AUTOSTART_WAIT_MILLISECONDS = 300;

const LENGTH_BY_BAND = { green: 'short', yellow: 'medium', red: 'long' };

/** Whether a key event belongs to a form field (then training keys leave it alone). */
export function isTypingTarget(target) {
  if (!target || typeof target.closest !== 'function') return false;
  return Boolean(target.closest('input, select, textarea, [contenteditable=""], [contenteditable="true"]'));
}

/**
 * Sets up a training page around a `TrainingLoop`.
 * @param {object} app the app context from app.js
 * @param {HTMLElement} main `#main` with the `data-*` of docs/pages.md
 * @param {object} options
 * @param {'comparison'|'pitchMatching'} options.kind
 * @param {(state: string) => void} options.onStateChange enable/disable the page's controls
 * @param {(exercise: object) => void} [options.onExercise]
 * @returns the page controller (`stop`, `interrupt`, `loop`, `dispose`)
 */
export function createTrainingPage(app, main, { kind, onStateChange, onExercise }) {
  const feedback = main.querySelector('#feedback');
  const announcer = main.querySelector('#announcer');
  const status = main.querySelector('#status');
  const tapToStart = main.querySelector('#tap-to-start');
  const intervalLine = main.querySelector('#target-interval');
  const intervalName = intervalLine?.querySelector('span');
  let announcedInterval = null;
  const messages = {
    interrupted: main.dataset.msgInterrupted ?? '',
    tapToStart: main.dataset.msgTapToStart ?? '',
  };
  let statusKind = null;
  let announceToggle = false;
  let disposed = false;
  const cleanups = [];

  const showStatus = (text, kindOfStatus) => {
    if (!status) return;
    statusKind = kindOfStatus;
    status.textContent = text;
    status.hidden = !text;
  };
  const hideStatus = (kindOfStatus) => {
    if (!status || (kindOfStatus && statusKind !== kindOfStatus)) return;
    statusKind = null;
    status.textContent = '';
    status.hidden = true;
  };

  const announce = (text) => {
    if (!announcer || !text) return;
    // The same words twice in a row ("Correct", "Correct") must still be spoken: vary an
    // invisible trailing character so the live region sees a change.
    announceToggle = !announceToggle;
    announcer.textContent = announceToggle ? text : `${text}\u00a0`;
  };

  const showFeedback = (result) => {
    if (feedback) {
      if (result.kind === 'pitchMatching') {
        feedback.dataset.state = result.band;
        feedback.dataset.direction = result.direction;
        if (LENGTH_BY_BAND[result.band]) feedback.dataset.length = LENGTH_BY_BAND[result.band];
        else delete feedback.dataset.length;
      } else {
        feedback.dataset.state = result.isCorrect ? 'correct' : 'incorrect';
        delete feedback.dataset.direction;
        delete feedback.dataset.length;
      }
      const text = feedback.querySelector('.text');
      if (text) text.textContent = result.text ?? '';
    }
    announce(result.announcement);
    if (result.kind !== 'pitchMatching' && result.isCorrect === false
        && typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
      try { navigator.vibrate(VIBRATION_MILLISECONDS); } catch { /* not allowed here */ }
    }
  };

  const clearFeedback = () => {
    if (!feedback) return;
    feedback.dataset.state = '';
    delete feedback.dataset.direction;
    delete feedback.dataset.length;
    const text = feedback.querySelector('.text');
    if (text) text.textContent = '';
  };

  const loop = new TrainingLoop({
    kind,
    mode: main.dataset.mode,
    device: app.device,
    engine: app.engine(),
    soundFor: (note) => app.sounds?.zoneFor(note) ?? null,
    hooks: {
      onStateChange: (state) => onStateChange(state),
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
  });

  const begin = () => {
    if (disposed) return;
    if (tapToStart) tapToStart.hidden = true;
    hideStatus('interrupted');
    loop.engine = app.engine();
    loop.start();
  };

  const offerTapToStart = () => {
    if (!tapToStart || disposed) return;
    if (messages.tapToStart && !tapToStart.textContent.trim()) tapToStart.textContent = messages.tapToStart;
    tapToStart.hidden = false;
    tapToStart.focus({ preventScroll: true });
  };

  if (tapToStart) {
    const onTap = async () => {
      const running = await app.unlockAudio();
      if (running) begin();
    };
    tapToStart.addEventListener('click', onTap);
    cleanups.push(() => tapToStart.removeEventListener('click', onTap));
  }

  /** Starts the loop if the sound can start without a tap, else shows "Tap to start". */
  const startWhenAudioRuns = async () => {
    if (app.audioRunning()) { begin(); return; }
    const running = await app.tryStartAudio(AUTOSTART_WAIT_MILLISECONDS);
    if (disposed) return;
    if (running) begin(); else offerTapToStart();
  };

  const controller = {
    training: true,
    loop,
    start: startWhenAudioRuns,
    /** Leaving: the sound stops at once, the unanswered exercise is dropped. */
    stop() {
      loop.stop();
      clearFeedback();
    },
    /** The audio context stopped running: stop, say why, offer to continue. */
    interrupt() {
      if (loop.state === 'idle' || loop.state === 'stopped') return;
      loop.stop();
      clearFeedback();
      showStatus(messages.interrupted, 'interrupted');
      offerTapToStart();
    },
    listen(target, type, handler, options) {
      target.addEventListener(type, handler, options);
      cleanups.push(() => target.removeEventListener(type, handler, options));
    },
    dispose() {
      disposed = true;
      loop.stop();
      for (const cleanup of cleanups.splice(0)) cleanup();
    },
  };
  return controller;
}

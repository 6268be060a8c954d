/// The Compare Timing page: four dots that light with the four clicks, then Early and Late —
/// touch on pointerdown is a click as on the comparison page, keys ←/E/F early and →/L/S late
/// (F and S for früh and spät). As on the comparison page, the buttons are enabled only while
/// an answer is awaited, from the fourth click on, and a button that had the focus gets it back.

import { RhythmDots } from './rhythm-dots.js';
import { createTrainingPage, isTypingTarget } from './training-page.js';

const KEY_ANSWERS = {
  ArrowLeft: 'early', e: 'early', E: 'early', f: 'early', F: 'early',
  ArrowRight: 'late', l: 'late', L: 'late', s: 'late', S: 'late',
};

/**
 * Wires the Compare Timing page; returns its controller for app.js.
 * @param {import('./app.js').PageContext} context
 * @param {HTMLElement} main
 */
export function startCompareTimingPage(context, main) {
  const early = /** @type {HTMLButtonElement} */ (main.querySelector('#answer-early'));
  const late = /** @type {HTMLButtonElement} */ (main.querySelector('#answer-late'));
  const clock = { get currentTime() { return context.audio.engine?.context.currentTime ?? 0; } };
  const dots = new RhythmDots(/** @type {HTMLElement} */ (main.querySelector('#rhythm-dots')), clock, { cumulative: true });

  let refocus = null;

  const setEnabled = (enabled) => {
    for (const button of [early, late]) button.disabled = !enabled;
  };

  const open = () => {
    setEnabled(true);
    const focused = document.activeElement;
    if (refocus && (!focused || focused === document.body)) refocus.focus({ preventScroll: true });
    refocus = null;
  };

  const page = createTrainingPage(context, main, {
    kind: 'rhythmOffsetDetection',
    onStateChange: (state) => {
      // Leaving, hiding or the hint stop the loop: the dots go dark with the clicks.
      if (state === 'stopped') dots.stop();
      if (state === 'awaitingAnswer') open();
      else setEnabled(false);
    },
    onExercise: (exercise) => dots.show(exercise.onsets),
  });

  const answer = (value) => {
    if (page.loop.answer(value)) {
      refocus = [early, late].find((button) => button === document.activeElement) ?? null;
      setEnabled(false);
    } else if (page.listening) {
      page.earlyAnswer(value === 'early' ? early : late);
    }
  };

  page.listen(early, 'click', () => answer('early'));
  page.listen(late, 'click', () => answer('late'));
  // A disabled button takes no pointer: a tap while the clicks play reaches `.answers`, and is
  // answered with a sign ("wait"), not lost.
  const answers = /** @type {HTMLElement} */ (main.querySelector('.answers'));
  page.listen(answers, 'pointerdown', (event) => {
    if (!page.listening) return;
    const target = [early, late].find((button) => {
      const box = button.getBoundingClientRect();
      return event.clientX >= box.left && event.clientX <= box.right
        && event.clientY >= box.top && event.clientY <= box.bottom;
    });
    page.earlyAnswer(target ?? null);
  });
  page.listen(document, 'keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTypingTarget(event.target)) return;
    const value = KEY_ANSWERS[event.key];
    if (!value) return;
    event.preventDefault(); // arrows would scroll the page
    if (event.repeat) return;
    answer(value);
  });

  setEnabled(false);
  page.start();
  return page;
}

/// The Comparison and Interval Comparison page: Higher/Lower buttons and keys ↑/↓, H/L.
/// The buttons carry `disabled` during the reference and from the moment of an answer until
/// the next target starts (the loop's `awaitingAnswer` state is the only time they are enabled).
/// A button that had the focus when it was disabled gets it back when the buttons open again:
/// Space or Enter keeps answering, and a screen reader names the button as the target starts.

import { createTrainingPage, isTypingTarget } from './training-page.js';

const KEY_ANSWERS = { ArrowUp: 'higher', ArrowDown: 'lower', h: 'higher', H: 'higher', l: 'lower', L: 'lower' };

/**
 * Wires the comparison page; returns its controller for app.js.
 * @param {import('./app.js').PageContext} context
 * @param {HTMLElement} main
 */
export function startComparisonPage(context, main) {
  const higher = /** @type {HTMLButtonElement} */ (main.querySelector('#answer-higher'));
  const lower = /** @type {HTMLButtonElement} */ (main.querySelector('#answer-lower'));

  let refocus = null;

  const setEnabled = (enabled) => {
    for (const button of [higher, lower]) if (button) button.disabled = !enabled;
  };

  const open = () => {
    setEnabled(true);
    // Only if the focus went nowhere meanwhile: never take it from where the user moved it.
    const focused = document.activeElement;
    if (refocus && (!focused || focused === document.body)) refocus.focus({ preventScroll: true });
    refocus = null;
  };

  const page = createTrainingPage(context, main, {
    kind: 'comparison',
    onStateChange: (state) => (state === 'awaitingAnswer' ? open() : setEnabled(false)),
  });

  const answer = (value) => {
    // Disable first, synchronously, so nothing else in this event turn can answer again. A
    // disabled button loses the focus to the page.
    if (page.loop.answer(value)) {
      refocus = [higher, lower].find((button) => button === document.activeElement) ?? null;
      setEnabled(false);
    } else if (page.listening) {
      page.earlyAnswer(value === 'higher' ? higher : lower);
    }
  };

  if (higher) page.listen(higher, 'click', () => answer('higher'));
  if (lower) page.listen(lower, 'click', () => answer('lower'));
  // A disabled button takes no pointer (the stylesheet lets taps through to `.answers`), so a
  // tap during the first note reaches here and is answered with a sign, not lost.
  const answers = main.querySelector('.answers');
  if (answers) {
    page.listen(answers, 'pointerdown', (event) => {
      if (!page.listening) return;
      const target = [higher, lower].find((button) => {
        const box = button?.getBoundingClientRect();
        return box && event.clientX >= box.left && event.clientX <= box.right
          && event.clientY >= box.top && event.clientY <= box.bottom;
      });
      page.earlyAnswer(target ?? null);
    });
  }
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

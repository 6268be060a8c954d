/// The Comparison and Interval Comparison page: Higher/Lower buttons and keys ↑/↓, H/L.
/// The buttons carry `disabled` during the reference and from the moment of an answer until
/// the next target starts (the loop's `awaitingAnswer` state is the only time they are enabled).

import { createTrainingPage, isTypingTarget } from './training-page.js';

const KEY_ANSWERS = { ArrowUp: 'higher', ArrowDown: 'lower', h: 'higher', H: 'higher', l: 'lower', L: 'lower' };

/** Wires the comparison page; returns its controller for app.js. */
export function startComparisonPage(app, main) {
  const higher = main.querySelector('#answer-higher');
  const lower = main.querySelector('#answer-lower');

  const setEnabled = (enabled) => {
    for (const button of [higher, lower]) if (button) button.disabled = !enabled;
  };

  const page = createTrainingPage(app, main, {
    kind: 'comparison',
    onStateChange: (state) => setEnabled(state === 'awaitingAnswer'),
  });

  const answer = (value) => {
    // Disable first, synchronously, so nothing else in this event turn can answer again.
    if (page.loop.answer(value)) setEnabled(false);
  };

  if (higher) page.listen(higher, 'click', () => answer('higher'));
  if (lower) page.listen(lower, 'click', () => answer('lower'));
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

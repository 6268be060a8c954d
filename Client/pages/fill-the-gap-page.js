/// The Fill the Gap page: four dots showing the step now sounding and the cycle's gap, and a
/// large Tap button that is never disabled. A tap is the touch or the mouse going down on the
/// button (not its release: a musician's tap is the moment of contact), Space, or the button's
/// activation by Enter or a screen reader; each plays a short sound at once, and its time — the
/// input event's, on the audio clock (`tapTime`) — goes to the core, which says whether it
/// counted. A counted tap colours its gap's dot. After sixteen cycles the trial's feedback shows
/// while the loop goes on.

import { ClickTrack } from '../audio/click-track.js';
import { tapTime } from '../audio/tap-time.js';
import { RhythmDots } from './rhythm-dots.js';
import { createTrainingPage, isTypingTarget } from './training-page.js';

/**
 * Wires the Fill the Gap page; returns its controller for app.js.
 * @param {import('./app.js').PageContext} context
 * @param {HTMLElement} main
 */
export function startFillTheGapPage(context, main) {
  const button = /** @type {HTMLButtonElement} */ (main.querySelector('#tap'));
  const clock = { get currentTime() { return context.audio.engine?.context.currentTime ?? 0; } };
  const dots = new RhythmDots(/** @type {HTMLElement} */ (main.querySelector('#rhythm-dots')), clock, { cumulative: false });

  const page = createTrainingPage(context, main, {
    kind: 'continuousRhythmMatching',
    onStateChange: (state) => {
      // Leaving, hiding or the hint stop the loop: the dots go dark with the clicks.
      if (state === 'stopped') dots.stop();
    },
    onExercise: (exercise) => dots.show(exercise.onsets),
  });

  /** A tap at the event's time: heard at once, then judged by the core. */
  const tap = (event) => {
    const { engine } = page.loop;
    if (page.loop.state !== 'awaitingAnswer' || !engine) return;
    // The tap's own sound, at once: the synthesized click at a plain step's level — the gap
    // filled with a tick that is not the loop's own click where the wood block plays.
    new ClickTrack(engine.context, [{ time: engine.context.currentTime, accent: false }], null, engine.output);
    const counted = page.loop.tap(tapTime(engine.context, event.timeStamp, performance.now()));
    if (counted) dots.tapped(counted);
  };

  // The pointer's tap is its going down; the click that follows its release is not a second
  // tap. A click with no pointer before it (Enter, a screen reader's activation) is one.
  let pointerTapped = false;
  page.listen(button, 'pointerdown', (event) => {
    if (event.button !== 0) return;
    pointerTapped = true;
    tap(event);
  });
  page.listen(button, 'click', (event) => {
    if (pointerTapped) pointerTapped = false;
    else tap(event);
  });
  /** Whether Space is the tap's here: anywhere but on another control (a link, the hint's
   *  button), whose own Space it stays. */
  const spaceTaps = (event) => {
    const target = /** @type {Element} */ (event.target);
    if (isTypingTarget(target)) return false;
    return target === button || typeof target?.closest !== 'function'
      || !target.closest('a, button, select, summary, dialog');
  };
  page.listen(document, 'keydown', (event) => {
    if (event.key !== ' ' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!spaceTaps(event)) return;
    // Not the button's own Space activation too (a click at the key's release, a second tap).
    event.preventDefault();
    if (!event.repeat) tap(event);
  });
  page.listen(document, 'keyup', (event) => {
    if (event.key === ' ' && spaceTaps(event)) event.preventDefault();
  });

  page.start();
  return page;
}

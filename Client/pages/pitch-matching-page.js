/// The Pitch Matching and Interval Pitch Matching page: the vertical slider `#pitch-slider`.
///
/// - Back at the centre (value 0) for every exercise; `aria-disabled="true"` (inactive) while
///   the reference plays, during the answer's round trip and during the feedback.
/// - Pointer and touch dragging through Pointer Events with `setPointerCapture` (the CSS sets
///   `touch-action: none`). The drag is relative (slider-drag.js): where the finger lands does
///   not matter, only how far it moves, so touching the slider never makes the pitch jump.
///   Letting go commits the value — if the drag moved the slider at least 8 px; a tap or a
///   resting finger lifted again puts the slider back and commits nothing. A finger put down
///   while the reference plays takes the slider from where it is when the tunable note starts;
///   letting go before then commits nothing.
/// - The slider's ends are the core's (`aria-valuemin`, `aria-valuemax` as the core renders the
///   page); every move, by drag or key, is held within them here, in `move`, and nowhere else.
/// - Keyboard: ↑/↓ (and →/←) small steps, PageUp/PageDown large steps, Home/End minimum/maximum,
///   Enter or Space commits. `aria-valuenow` follows, and `aria-valuetext` says where the slider
///   stands ("Centre", "12 % up", from the server's `data-msg-*` texts): its position only. The
///   note starts at a random offset from the target, so the position never tells how far off
///   the note is.
/// - No visual feedback while tuning: only the thumb moves. The indicator appears after release.

import { SliderDrag } from './slider-drag.js';
import { createTrainingPage, isTypingTarget } from './training-page.js';

/** Keyboard steps in slider units: a hundredth and a tenth of the way from the centre to the top. */
export const SMALL_STEP = 0.01;
export const LARGE_STEP = 0.1;

const round = (v) => Math.round(v * 1000) / 1000;

/** The slider's position in words, from the page's templates: `{percent}` of the way from the
 *  centre (0) to the end on its side, `max` above or `min` below. */
export function positionText(v, { centre, above, below }, { min, max }) {
  const percent = Math.round((v > 0 ? v / max : v / min) * 100);
  if (percent === 0) return centre;
  return (v > 0 ? above : below).replace('{percent}', String(percent));
}

/** The slider's ends as the core rendered them. */
export function sliderBounds(slider) {
  return { min: Number(slider.getAttribute('aria-valuemin')), max: Number(slider.getAttribute('aria-valuemax')) };
}

/**
 * Wires the pitch matching page; returns its controller for app.js.
 * @param {import('./app.js').PageContext} context
 * @param {HTMLElement} main
 */
export function startPitchMatchingPage(context, main) {
  const slider = /** @type {HTMLElement} */ (main.querySelector('#pitch-slider'));
  const positionTexts = {
    centre: slider?.dataset.msgCentre ?? '', above: slider?.dataset.msgAbove ?? '', below: slider?.dataset.msgBelow ?? '',
  };
  const thumb = /** @type {HTMLElement} */ (slider?.querySelector('.thumb'));
  const bounds = slider ? sliderBounds(slider) : { min: 0, max: 0 };
  let value = 0;
  let active = false;
  let drag = null;

  const render = () => {
    if (!slider) return;
    slider.style.setProperty('--slider-position', String((bounds.max - value) / (bounds.max - bounds.min)));
    slider.setAttribute('aria-valuenow', String(round(value)));
    slider.setAttribute('aria-valuetext', positionText(value, positionTexts, bounds));
  };

  const setActive = (isActive) => {
    active = isActive;
    slider?.setAttribute('aria-disabled', isActive ? 'false' : 'true');
    // A drag begun before the slider opened moves it from here on, not from where it began.
    if (isActive && drag) drag.takeFrom(value);
  };

  const page = createTrainingPage(context, main, {
    kind: 'pitchMatching',
    onStateChange: (state) => setActive(state === 'awaitingAnswer'),
    onExercise: () => { value = 0; render(); },
  });

  const move = (newValue) => {
    if (!active) {
      page.earlyAnswer(slider);
      return;
    }
    value = Math.max(bounds.min, Math.min(bounds.max, newValue));
    render();
    page.loop.setSlider(value);
  };

  const commit = () => {
    if (!active) {
      page.earlyAnswer(slider);
      return;
    }
    if (page.loop.answer(value)) {
      drag = null;
      setActive(false);
    }
  };

  /** Pixels of thumb travel from the top end to the bottom end. */
  const travel = () => {
    const track = slider.getBoundingClientRect().height;
    const knob = thumb ? thumb.getBoundingClientRect().height : 0;
    return track - knob;
  };

  if (slider) {
    page.listen(slider, 'pointerdown', (event) => {
      if (drag || (event.pointerType === 'mouse' && event.button !== 0)) return;
      event.preventDefault();
      slider.setPointerCapture?.(event.pointerId);
      drag = new SliderDrag({
        pointerId: event.pointerId, y: event.clientY, value, travel: travel(), span: bounds.max - bounds.min,
      });
      slider.focus({ preventScroll: true });
    });
    // Chromium delivers pointermove aligned to animation frames, up to a frame (16 ms) after
    // the input; pointerrawupdate comes as the input does. It exists only in secure contexts
    // (localhost, not a plain-HTTP LAN address) and not in Safari: pointermove there.
    const moveEvent = 'onpointerrawupdate' in window ? 'pointerrawupdate' : 'pointermove';
    page.listen(slider, moveEvent, (event) => {
      if (!drag || event.pointerId !== drag.pointerId) return;
      move(drag.moveTo(event.clientY));
    });
    page.listen(slider, 'pointerup', (event) => {
      if (!drag || event.pointerId !== drag.pointerId) return;
      event.preventDefault();
      move(drag.moveTo(event.clientY));
      const ended = drag;
      drag = null;
      // A tap is not an answer: it leaves the slider (and the note) where they were.
      if (ended.isAnswer) commit(); else move(ended.startValue);
    });
    // The browser took the pointer away (a system gesture): end the drag without committing;
    // the note keeps sounding and the user can take the slider again.
    const cancel = (event) => { if (drag && event.pointerId === drag.pointerId) drag = null; };
    page.listen(slider, 'pointercancel', cancel);
    page.listen(slider, 'lostpointercapture', cancel);
  }

  page.listen(document, 'keydown', (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTypingTarget(event.target)) return;
    const focusedElsewhere = event.target instanceof Element && event.target !== slider
      && event.target !== document.body && event.target.closest('a, button');
    const steps = {
      ArrowUp: SMALL_STEP, ArrowRight: SMALL_STEP, ArrowDown: -SMALL_STEP, ArrowLeft: -SMALL_STEP,
      PageUp: LARGE_STEP, PageDown: -LARGE_STEP,
    };
    if (event.key in steps) {
      if (focusedElsewhere && !event.key.startsWith('Arrow')) return;
      event.preventDefault();
      move(value + steps[event.key]);
    } else if (event.key === 'Home' || event.key === 'End') {
      if (focusedElsewhere) return;
      event.preventDefault();
      move(event.key === 'Home' ? bounds.min : bounds.max); // APG: Home = minimum, End = maximum
    } else if (event.key === 'Enter' || event.key === ' ') {
      // Enter/Space on a focused link or button keeps its own meaning.
      if (focusedElsewhere) return;
      event.preventDefault();
      if (!event.repeat) commit();
    }
  });

  value = 0;
  render();
  setActive(false);
  page.start();
  return page;
}

/// The rhythm pages' four dots (docs/pages.md, "Training pages"): an accompaniment of the
/// clicks, lit by the audio clock, that tells nothing of the timing — no target zone, no
/// position of the answer. Compare Timing's dots appear one by one with its four clicks and stay
/// until the next exercise; Fill the Gap's light one step at a time, the cycle's gap outlined
/// from the cycle's start, and a counted tap colours its gap's dot until its cycle is over.

/** Four dots that follow a schedule of onsets on an audio context's clock. */
export class RhythmDots {
  /**
   * @param {HTMLElement} container `#rhythm-dots`, with its four `.dot`s by `data-step`
   * @param {{currentTime: number}} clock the audio clock the onsets are on (the visit's context,
   *   which may be made or replaced after the page opens)
   * @param {{cumulative: boolean}} options whether a lit dot stays lit (Compare Timing)
   */
  constructor(container, clock, { cumulative }) {
    this.dots = /** @type {HTMLElement[]} */ ([...container.querySelectorAll('.dot')]);
    this.clock = clock;
    this.cumulative = cumulative;
    /** @type {{seconds: number, cycle: number, step: number, isGap: boolean}[]} */
    this.onsets = [];
    this.index = -1;
    this.frame = null;
    /** The cycle a counted tap's colour belongs to, or null. */
    this.tappedCycle = null;
  }

  /** Follows a new schedule (the dots go dark until its first onset). */
  show(onsets) {
    this.onsets = onsets;
    this.index = -1;
    // The cycles count from 0 again: a colour left from the last trial goes at its first cycle.
    if (this.tappedCycle !== null) this.tappedCycle = -1;
    if (this.cumulative) this.render(null);
    if (this.frame === null) this.frame = requestAnimationFrame(() => this.tick());
  }

  /** A counted tap: its gap's dot in the tap's colour until its cycle is over. */
  tapped({ band, cycle, step }) {
    for (const dot of this.dots) delete dot.dataset.band;
    this.dots[step].dataset.band = band;
    this.tappedCycle = cycle;
  }

  tick() {
    this.frame = null;
    const now = this.clock.currentTime;
    const before = this.index;
    while (this.index + 1 < this.onsets.length && this.onsets[this.index + 1].seconds <= now) this.index += 1;
    if (this.index !== before) this.render(this.onsets[this.index]);
    // Until the last onset has come: a later schedule starts the frames again.
    if (this.index + 1 < this.onsets.length) this.frame = requestAnimationFrame(() => this.tick());
  }

  /** Shows `onset` (null: none yet) as the step now sounding. */
  render(onset) {
    const gap = onset ? this.onsets.find((other) => other.cycle === onset.cycle && other.isGap) : undefined;
    if (this.tappedCycle !== null && (!onset || onset.cycle > this.tappedCycle)) {
      for (const dot of this.dots) delete dot.dataset.band;
      this.tappedCycle = null;
    }
    this.dots.forEach((dot, step) => {
      const lit = onset !== null && !onset.isGap && (this.cumulative ? step <= onset.step : step === onset.step);
      dot.classList.toggle('lit', lit);
      dot.classList.toggle('gap', gap?.step === step);
    });
  }

  /** Dark again, and no more frames. */
  stop() {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.onsets = [];
    this.render(null);
  }
}

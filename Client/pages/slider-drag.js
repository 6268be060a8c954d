/// One drag on the pitch slider: where the slider follows the finger (or mouse) to, and whether
/// letting go is an answer. No DOM here, so the gesture's rules have their own tests.
///
/// - Relative: where the finger lands does not matter, only how far it moves; the whole travel
///   of the thumb spans the slider's values from end to end, up = sharper. The page holds the
///   value within the slider's ends.
/// - A touch is an answer only once it has moved the slider `DRAG_THRESHOLD_PIXELS` from where
///   it took it. A tap, or a finger resting on the slider and lifted, changes nothing: the
///   slider goes back to where it was, and no answer is sent. A drag that went out and came
///   back is a decision and counts.

/** How far (CSS pixels, about 2 mm) a finger must move the slider for a drag to be an answer:
 *  the touch slop of Android (8 dp) — a finger's tap wobbles less than that. */
export const DRAG_THRESHOLD_PIXELS = 8;

/** A drag from its first contact to its release. */
export class SliderDrag {
  /**
   * @param {object} start
   * @param {number} start.pointerId
   * @param {number} start.y where the pointer went down (client pixels)
   * @param {number} start.value the slider's value then
   * @param {number} start.travel the thumb's travel from end to end, in pixels
   * @param {number} start.span the values from end to end (the slider's maximum − minimum)
   */
  constructor({ pointerId, y, value, travel, span }) {
    this.pointerId = pointerId;
    this.travel = Math.max(1, travel);
    this.span = span;
    this.lastY = y;
    this.takeFrom(value);
  }

  /** Starts counting from where the pointer is now, at `value`: the slider opened (a finger
   *  put down during the reference takes the slider from where it is when it opens). */
  takeFrom(value) {
    this.startY = this.lastY;
    this.startValue = value;
    this.farthest = 0;
  }

  /** The pointer is at `y`: the slider's value there (beyond an end if the pointer is). */
  moveTo(y) {
    this.lastY = y;
    this.farthest = Math.max(this.farthest, Math.abs(y - this.startY));
    return this.startValue - (this.span * (y - this.startY)) / this.travel;
  }

  /** Whether letting go now answers: the drag moved the slider far enough at some point. */
  get isAnswer() {
    return this.farthest >= DRAG_THRESHOLD_PIXELS;
  }
}

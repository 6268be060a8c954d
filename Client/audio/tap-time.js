/// When a tap happened on the audio clock, from its input event. No DOM access.
///
/// An input event's `timeStamp` is on the page's clock (`performance.now()`), taken when the
/// touch, the click or the key happened, not when the page got round to it. The context's
/// `getOutputTimestamp()` pairs the two clocks: `contextTime` is the audio time of the sample the
/// output device plays at `performanceTime`. So the audio time heard at the tap is `contextTime`
/// plus the time since `performanceTime` — the time of the clicks the musician heard, in the
/// clock the clicks were scheduled on. The output latency is inside that pairing already (it is
/// the output device's sample, not the one being rendered): subtracting `outputLatency` again
/// would make every tap early by it. Where a browser gives no pairing yet (a context just
/// started reports a `performanceTime` of 0), or one that does not hold together, the rendering
/// clock less the reported output latency is the nearest estimate. A pairing holds together when
/// the sample it names is the one being rendered now less the output's latency: WebKitGTK 2.50
/// reports a `performanceTime` that runs ahead of `performance.now()` by the context's whole age
/// (measured in e2e/engines), which would put every tap seconds late. The device's own input latency (a touch screen's scan, a
/// Bluetooth keyboard) is not measured: a calibration for it is still to come.

/**
 * The audio-clock time in seconds of an input event's `timeStamp` (milliseconds on the page's
 * clock).
 * @param {{currentTime: number, outputLatency?: number,
 *   getOutputTimestamp?: () => {contextTime?: number, performanceTime?: number}}} context
 * @param {number} timeStamp the event's `timeStamp`
 * @param {number} now `performance.now()` when asked
 * @returns {number}
 */
export function tapTime(context, timeStamp, now) {
  const stamp = context.getOutputTimestamp?.();
  if (stamp && stamp.performanceTime > 0 && Number.isFinite(stamp.contextTime) && holdsTogether(stamp, context, now)) {
    return stamp.contextTime + (timeStamp - stamp.performanceTime) / 1000;
  }
  return context.currentTime - (context.outputLatency ?? 0) - (now - timeStamp) / 1000;
}

/** How far (s) a pairing may stray from the rendering clock and the reported latencies: a few
 * of the output's buffers, far under the seconds of a pairing in another time base. */
const PAIRING_TOLERANCE = 0.1;

/**
 * Whether the output timestamp names the sample that the rendering clock less the output's
 * latency says is heard now: `(performanceTime − now) − (contextTime − currentTime)` is the
 * latency between rendering and hearing (Chromium: output plus base latency; Firefox: 0).
 * @param {{contextTime?: number, performanceTime?: number}} stamp
 * @param {{currentTime: number, outputLatency?: number, baseLatency?: number}} context
 * @param {number} now
 */
function holdsTogether(stamp, context, now) {
  const latency = (stamp.performanceTime - now) / 1000 - (stamp.contextTime - context.currentTime);
  const reported = (context.outputLatency ?? 0) + (context.baseLatency ?? 0);
  return latency >= -PAIRING_TOLERANCE && latency <= reported + PAIRING_TOLERANCE;
}

/// The Peach audio engine: sine notes on the Web Audio clock. No DOM access.
///
/// The engine takes an `AudioContext`-like object (a real `AudioContext`, an
/// `OfflineAudioContext` in the browser tests, or a fake in `node --test`) and plays what the
/// server sent: frequencies in hertz, a duration in seconds, a level offset in decibels.
/// The only musical computation here is the slider mapping of docs/api.md
/// (`startFrequency · 2^(v · centSpan / 1200)`, DESIGN.md §3).
///
/// Signal path of one voice:
///
///     OscillatorNode (sine) → envelope GainNode → cut GainNode → level GainNode → output
///
/// - `envelope` carries the raised-cosine attack, and for notes of known length the
///   raised-cosine release that ends exactly at the note's end.
/// - `cut` stays at 1 until the voice is stopped early (an answer, leaving the page): then it
///   gets its one and only automation event, a short falling raised-cosine curve. Keeping the
///   early stop on its own node means it can never collide with the envelope's curves
///   (`setValueCurveAtTime` throws when automation events overlap a curve) and needs no
///   `cancelAndHoldAtTime`, which older Safari lacks.
/// - `level` is the loudness offset (`10^(dB/20)`) times the engine's master level.
///
/// Works on plain HTTP: only OscillatorNode, GainNode and AudioParam automation are used,
/// no AudioWorklet (which needs a secure context).

/** Length of the raised-cosine attack and release, in seconds (5–10 ms: no click, no blur). */
export const ENVELOPE_SECONDS = 0.008;
/** Release used by `stopAll()` and early stops: as short as is still click-free. */
export const STOP_RELEASE_SECONDS = 0.005;
/** Time constant of the tunable note's frequency glide (about 10 ms: no zipper noise). */
export const GLIDE_TIME_CONSTANT = 0.01;
/** Points in the precomputed envelope curves (linearly interpolated by the browser). */
export const CURVE_POINTS = 256;
/** Master level of one note; two back-to-back notes never overlap, so no headroom is needed for sums. */
export const NOTE_LEVEL = 0.5;

/**
 * A raised-cosine (half-cosine) curve from 0 to 1 (`rising`) or 1 to 0, `points` values,
 * first and last exactly 0 or 1: `0.5 − 0.5·cos(π·i/(points−1))`.
 * @param {number} points
 * @param {boolean} rising
 * @param {number} [scale=1] multiplies every value
 * @returns {Float32Array}
 */
export function raisedCosineCurve(points, rising, scale = 1) {
  const curve = new Float32Array(points);
  for (let i = 0; i < points; i += 1) {
    const x = i / (points - 1);
    const up = x === 1 ? 1 : 0.5 - 0.5 * Math.cos(Math.PI * x);
    curve[i] = scale * (rising ? up : 1 - up);
  }
  curve[rising ? points - 1 : 0] = scale;
  curve[rising ? 0 : points - 1] = 0;
  return curve;
}

/** The linear gain of a level offset in decibels: `10^(dB/20)`. */
export function gainFromDecibels(decibels) {
  return Math.pow(10, (decibels ?? 0) / 20);
}

/**
 * The tunable note's frequency for slider value `v` (clamped to [−1, 1]):
 * `startFrequency · 2^(v · centSpan / 1200)` (docs/api.md).
 */
export function sliderFrequency(startFrequency, centSpan, v) {
  const clamped = Math.max(-1, Math.min(1, Number.isFinite(v) ? v : 0));
  return startFrequency * Math.pow(2, (clamped * centSpan) / 1200);
}

/** One sounding (or scheduled) oscillator with its three gain stages. */
class Voice {
  constructor(engine, { frequency, startTime, endTime = null, gain = 1 }) {
    const context = engine.context;
    this.engine = engine;
    this.startTime = startTime;
    this.endTime = endTime;
    this.stopped = false;

    this.oscillator = context.createOscillator();
    this.oscillator.type = 'sine';
    this.oscillator.frequency.value = frequency;
    this.envelope = context.createGain();
    this.cut = context.createGain();
    this.level = context.createGain();
    // The envelope needs no initial value: before `startTime` the oscillator is silent, and
    // the attack curve starts at exactly 0. (An extra setValueAtTime could collide with it.)
    this.level.gain.value = gain * engine.noteLevel;

    this.oscillator.connect(this.envelope);
    this.envelope.connect(this.cut);
    this.cut.connect(this.level);
    this.level.connect(engine.output);

    const attack = engine.envelopeSeconds;
    this.envelope.gain.setValueCurveAtTime(engine.attackCurve, startTime, attack);
    if (endTime !== null) {
      this.envelope.gain.setValueCurveAtTime(engine.releaseCurve, endTime - attack, attack);
    }
    this.oscillator.start(startTime);
    if (endTime !== null) this.oscillator.stop(endTime);

    this.ended = new Promise((resolve) => {
      this.oscillator.onended = () => {
        this.disconnect();
        engine.voices.delete(this);
        resolve();
      };
    });
    engine.voices.add(this);
  }

  /**
   * Stops the voice with a falling raised-cosine of `release` seconds starting at
   * `max(now + lookahead, startTime)`; a voice whose start is still ahead is cancelled outright.
   * Returns the audio-clock time at which it is silent.
   */
  stop(release) {
    const context = this.engine.context;
    const now = context.currentTime;
    if (this.stopped) return this.silentAt;
    this.stopped = true;
    const at = now + this.engine.lookahead;
    if (at <= this.startTime) {
      // Not started yet: a stop time before the start time means it never sounds.
      this.oscillator.stop(now);
      this.silentAt = now;
      return this.silentAt;
    }
    if (this.endTime !== null && at + release >= this.endTime) {
      // The note ends on its own (with its own release) no later than this stop would.
      this.silentAt = this.endTime;
      return this.silentAt;
    }
    this.cut.gain.setValueCurveAtTime(this.engine.releaseCurve, at, release);
    this.oscillator.stop(at + release);
    this.silentAt = at + release;
    return this.silentAt;
  }

  disconnect() {
    for (const node of [this.oscillator, this.envelope, this.cut, this.level]) {
      try { node.disconnect(); } catch { /* already disconnected */ }
    }
  }
}

/**
 * The indefinite tunable note of pitch matching: sounds at `startFrequency` from `startTime`
 * until `stop()`; `setSlider(v)` glides to `sliderFrequency(startFrequency, centSpan, v)`.
 */
export class TunableNote {
  constructor(engine, { startFrequency, centSpan, startTime, gain = 1 }) {
    this.engine = engine;
    this.startFrequency = startFrequency;
    this.centSpan = centSpan;
    this.startTime = startTime;
    this.sliderValue = 0;
    this.voice = new Voice(engine, { frequency: startFrequency, startTime, gain });
    this.ended = this.voice.ended;
  }

  /** The frequency the note is gliding to (hertz). */
  get frequency() {
    return sliderFrequency(this.startFrequency, this.centSpan, this.sliderValue);
  }

  /**
   * Follows the slider: a first-order glide (`setTargetAtTime`, time constant ~10 ms) from
   * wherever the frequency is now to the new value. Continuous in frequency and phase (the
   * oscillator integrates its frequency), monotonic toward the new value, no steps.
   * Events at or after the glide's start are dropped first, so a burst of slider events within
   * one render quantum leaves one event, not a growing list.
   * Cost: two AudioParam calls, no allocation beyond the browser's own event.
   * @returns {number} the frequency now being approached
   */
  setSlider(v) {
    if (this.voice.stopped) return this.frequency;
    this.sliderValue = Math.max(-1, Math.min(1, Number.isFinite(v) ? v : 0));
    const param = this.voice.oscillator.frequency;
    const at = Math.max(this.engine.context.currentTime, this.startTime);
    const target = this.frequency;
    param.cancelScheduledValues(at);
    param.setTargetAtTime(target, at, this.engine.glideTimeConstant);
    return target;
  }

  /** Releases the note with the raised-cosine release; returns when (audio clock) it is silent. */
  stop() {
    return this.voice.stop(this.engine.envelopeSeconds);
  }

  get stopped() {
    return this.voice.stopped;
  }
}

/** Plays Peach's notes on one audio context. */
export class AudioEngine {
  /**
   * @param {BaseAudioContext} context a running AudioContext, an OfflineAudioContext, or a fake
   * @param {object} [options]
   * @param {AudioNode} [options.output=context.destination]
   * @param {number} [options.envelopeSeconds=ENVELOPE_SECONDS]
   * @param {number} [options.stopReleaseSeconds=STOP_RELEASE_SECONDS]
   * @param {number} [options.glideTimeConstant=GLIDE_TIME_CONSTANT]
   * @param {number} [options.lookahead=0.02] seconds between "now" and the first scheduled
   *   sound, so the first samples of a note are never in the past when the audio thread sees it
   * @param {number} [options.noteLevel=NOTE_LEVEL]
   */
  constructor(context, options = {}) {
    this.context = context;
    this.output = options.output ?? context.destination;
    this.envelopeSeconds = options.envelopeSeconds ?? ENVELOPE_SECONDS;
    this.stopReleaseSeconds = options.stopReleaseSeconds ?? STOP_RELEASE_SECONDS;
    this.glideTimeConstant = options.glideTimeConstant ?? GLIDE_TIME_CONSTANT;
    this.lookahead = options.lookahead ?? 0.02;
    this.noteLevel = options.noteLevel ?? NOTE_LEVEL;
    this.attackCurve = raisedCosineCurve(CURVE_POINTS, true);
    this.releaseCurve = raisedCosineCurve(CURVE_POINTS, false);
    this.voices = new Set();
  }

  /** The audio-clock time at which something scheduled "now" may start. */
  nextStartTime() {
    return this.context.currentTime + this.lookahead;
  }

  /**
   * Plays one sine note of `duration` seconds (attack and release inside the duration).
   * @returns {{startTime: number, endTime: number, ended: Promise<void>, stop: () => number}}
   */
  playNote({ frequency, duration, startTime = this.nextStartTime(), gainDecibels = 0 }) {
    const minimum = 2 * this.envelopeSeconds;
    const length = Math.max(duration, minimum);
    const voice = new Voice(this, {
      frequency, startTime, endTime: startTime + length, gain: gainFromDecibels(gainDecibels),
    });
    return {
      startTime,
      endTime: startTime + length,
      ended: voice.ended,
      stop: () => voice.stop(this.stopReleaseSeconds),
      get stopped() { return voice.stopped; },
    };
  }

  /**
   * Schedules reference and target back to back on the audio clock: the target starts exactly
   * when the reference ends (the reference's release reaches 0 at that instant, the target's
   * attack starts from 0 there).
   *
   * `targetStarted` resolves when the target begins, driven by the audio clock itself: it is
   * the `ended` event of the reference oscillator, whose stop time *is* the target's start
   * time. The event arrives on the main thread within one render quantum plus event-loop
   * latency (a few ms), never before the target sounds, and needs no timers that could drift
   * from `currentTime`. If the exercise is stopped first, it resolves with `null` instead.
   *
   * @param {{frequency: number}} reference
   * @param {{frequency: number, gainDecibels?: number}} target
   * @param {number} noteDuration seconds
   */
  scheduleComparison(reference, target, noteDuration, { startTime = this.nextStartTime() } = {}) {
    const first = this.playNote({ frequency: reference.frequency, duration: noteDuration, startTime });
    const second = this.playNote({
      frequency: target.frequency,
      duration: noteDuration,
      startTime: first.endTime,
      gainDecibels: target.gainDecibels ?? 0,
    });
    return {
      referenceStart: first.startTime,
      targetStart: second.startTime,
      targetEnd: second.endTime,
      targetStarted: first.ended.then(() => (second.stopped ? null : second.startTime)),
      ended: second.ended,
      stop: () => Math.max(first.stop(), second.stop()),
    };
  }

  /**
   * Starts the indefinite tunable note at `startFrequency` (slider at 0).
   * @returns {TunableNote}
   */
  startTunableNote({ startFrequency, centSpan, startTime = this.nextStartTime() }) {
    return new TunableNote(this, { startFrequency, centSpan, startTime });
  }

  /**
   * Schedules the reference note and, exactly at its end, the tunable note.
   * `tunableStarted` resolves (reference's `ended` event, as in `scheduleComparison`) when the
   * slider may become active (`null` if stopped before).
   */
  schedulePitchMatching(reference, tunable, noteDuration, { startTime = this.nextStartTime() } = {}) {
    const first = this.playNote({ frequency: reference.frequency, duration: noteDuration, startTime });
    const note = this.startTunableNote({
      startFrequency: tunable.startFrequency, centSpan: tunable.centSpan, startTime: first.endTime,
    });
    return {
      referenceStart: first.startTime,
      tunableStart: note.startTime,
      tunableNote: note,
      tunableStarted: first.ended.then(() => (note.stopped ? null : note.startTime)),
      stop: () => Math.max(first.stop(), note.stop()),
    };
  }

  /** Silences every voice at once with a very short raised-cosine release (no click). */
  stopAll() {
    let silentAt = this.context.currentTime;
    for (const voice of [...this.voices]) {
      silentAt = Math.max(silentAt, voice.stop(this.stopReleaseSeconds));
    }
    return silentAt;
  }

  /** Number of voices not yet ended (for tests and diagnostics). */
  get activeVoiceCount() {
    return this.voices.size;
  }
}

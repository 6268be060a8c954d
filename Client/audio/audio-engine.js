/// The Peach audio engine: notes on the Web Audio clock, a sine or an instrument's sample.
/// No DOM access.
///
/// The engine takes an `AudioContext`-like object (a real `AudioContext`, an
/// `OfflineAudioContext` in the browser tests, or a fake in `node --test`) and plays what the
/// core chose (device.js gives it the core's numbers): frequencies in hertz, a duration in
/// seconds, a level offset in decibels, and optionally a `sound` — a SampleZone of
/// sample-zone.js (absent or null: the sine). It computes no musical value: even the tunable
/// note's frequency for each slider position comes from the core (docs/design.md).
///
/// Signal path of one voice:
///
///     source → envelope GainNode → cut GainNode → level GainNode → output
///
///     source: OscillatorNode (sine), pitch on `frequency` = f
///          or AudioBufferSourceNode (zone), pitch on `playbackRate` = f / rootFrequency
///
/// - `envelope` carries the raised-cosine attack, and for notes of known length the
///   raised-cosine release that ends exactly at the note's end.
/// - `cut` stays at 1 until the voice is stopped early (an answer, leaving the page): then it
///   gets its one and only automation event, a short falling raised-cosine curve. Keeping the
///   early stop on its own node means it can never collide with the envelope's curves
///   (`setValueCurveAtTime` throws when automation events overlap a curve) and needs no
///   `cancelAndHoldAtTime`, which older Safari lacks.
/// - `level` is the loudness offset (`10^(dB/20)`) times the engine's master level, times the
///   zone's `gain` (which levels the instrument's zones with each other).
///
/// A sampled voice plays the zone's buffer, which has the zone's own sample rate (sample-zone.js
/// decodes it in a context at that rate, so the loop points stay on the frames the SoundFont
/// chose); the node resamples to the context's rate while playing. Its pitch is
/// `playbackRate = frequency / rootFrequency` (docs/sounds.md): a plain ratio of hertz, exact to
/// float32 (about 1e-4 cent), the same number whatever the buffer's and the context's rates.
/// Not `detune` (cents converted back through `2^(c/1200)`: a logarithm and an exponential
/// for nothing, when the core already gives hertz) and not a MIDI-style pitch bend (a
/// synthesizer's control with a range of semitones and 14-bit steps of about 0.01–0.02 cent
/// per step at best; the exercises ask for arbitrary hertz). The tunable note glides `playbackRate` exactly as
/// the sine glides `frequency`: the read position integrates the rate, so the glide is
/// phase-continuous. (Chromium applies `playbackRate` once per 128-frame render quantum: the
/// glide is a staircase of 2.7 ms steps of the exponential, continuous in the waveform.)
/// A zone that loops (`loopStart`/`loopEnd`) lasts as long as a note asks. A zone that does not
/// loop and is shorter than the note ends when its data ends: the envelope's release is
/// scheduled to end one buffer frame before the data runs out (for the tunable note, computed
/// at the fastest rate the slider can reach), and the node then plays on silently — looping
/// the whole buffer under a gain of 0 — until the note's scheduled end, so its `ended` event
/// still marks the end of the note and back-to-back timing is the same as the sine's.
///
/// Works on plain HTTP: only OscillatorNode, AudioBufferSourceNode, GainNode and AudioParam
/// automation are used, no AudioWorklet (which needs a secure context).

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

/** The wrong-answer sound (TrainingSettings' `wrongAnswerSound`): how long it lasts, and its
 *  gain against a note's (with the noise's own level, about 14 dB quieter than a sine note;
 *  e2e/browser/test_audio_engine.py measures it). Noise, not a tone: it has no pitch, so it
 *  never stands beside the notes as one more pitch to compare, and it ends long before the
 *  next note, 400 ms after the answer. */
export const WRONG_ANSWER_SECONDS = 0.1;
export const WRONG_ANSWER_DECIBELS = -6;

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

/**
 * The wrong-answer sound's samples as a SampleZone: soft noise (white noise smoothed by a
 * one-pole low-pass, a muffled "shh"), the same every time (a fixed xorshift sequence),
 * peaking at 1, played at its own rate (`rootFrequency` 1 with a frequency of 1).
 * @param {BaseAudioContext} context
 */
export function wrongAnswerNoise(context) {
  const frames = Math.ceil(WRONG_ANSWER_SECONDS * context.sampleRate) + 1;
  const buffer = context.createBuffer(1, frames, context.sampleRate);
  const data = buffer.getChannelData(0);
  let state = 0x2545f491;
  let smoothed = 0;
  let peak = 0;
  for (let i = 0; i < frames; i += 1) {
    state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
    smoothed += 0.25 * ((state >>> 0) / 0x80000000 - 1 - smoothed);
    data[i] = smoothed;
    peak = Math.max(peak, Math.abs(smoothed));
  }
  for (let i = 0; i < frames; i += 1) data[i] /= peak;
  return { buffer, rootFrequency: 1, loopStart: null, loopEnd: null, gain: 1 };
}

/** The linear gain of a level offset in decibels: `10^(dB/20)`. */
export function gainFromDecibels(decibels) {
  return Math.pow(10, (decibels ?? 0) / 20);
}

/**
 * The node that makes a voice's sound and the AudioParam that carries its pitch:
 * the sine's `frequency` (hertz, `rootFrequency` 1) or a zone's `playbackRate`
 * (`frequency / rootFrequency`). The pitch param's value is always `frequency / rootFrequency`.
 */
function createSource(context, sound, frequency) {
  if (!sound) {
    const node = context.createOscillator();
    node.type = 'sine';
    node.frequency.value = frequency;
    return { node, pitch: node.frequency, rootFrequency: 1 };
  }
  const node = context.createBufferSource();
  node.buffer = sound.buffer;
  if (sound.loopStart !== null && sound.loopStart !== undefined) {
    node.loop = true;
    node.loopStart = sound.loopStart;
    node.loopEnd = sound.loopEnd;
  }
  node.playbackRate.value = frequency / sound.rootFrequency;
  // For audio_probe.py: what hertz this playbackRate means.
  node.peachRootFrequency = sound.rootFrequency;
  return { node, pitch: node.playbackRate, rootFrequency: sound.rootFrequency };
}

/** One sounding (or scheduled) source with its three gain stages. */
class Voice {
  /**
   * @param {object} engine the `AudioEngine` whose context and output the voice plays into
   * @param {object} options
   * @param {number} options.frequency hertz at the start
   * @param {number} options.startTime on the audio clock
   * @param {number|null} [options.endTime] when the note ends (null: held until stopped)
   * @param {number} [options.gain=1]
   * @param {object|null} [options.sound] a SampleZone, or null for the sine
   * @param {number} [options.fastestFrequency=frequency] the highest frequency the voice may
   *   glide to: a non-looping zone's data runs out soonest at that rate
   */
  constructor(engine, { frequency, startTime, endTime = null, gain = 1, sound = null, fastestFrequency = frequency }) {
    const context = engine.context;
    this.engine = engine;
    this.sound = sound ?? null;
    this.startTime = startTime;
    this.endTime = endTime;
    this.stopped = false;

    const { node, pitch, rootFrequency } = createSource(context, this.sound, frequency);
    this.source = node;
    this.pitch = pitch;
    this.rootFrequency = rootFrequency;
    // When the voice is silent on its own: its end, or earlier when a zone's data runs out.
    this.audibleEnd = endTime;
    if (this.sound && !node.loop) {
      const buffer = this.sound.buffer;
      const dataEnd = startTime + (buffer.length - 1) / buffer.sampleRate / (fastestFrequency / rootFrequency);
      if (endTime === null || dataEnd < endTime) {
        this.audibleEnd = dataEnd;
        node.loop = true; // silent (envelope at 0) from dataEnd until the scheduled stop
      }
    }
    this.envelope = context.createGain();
    this.cut = context.createGain();
    this.level = context.createGain();
    // The envelope needs no initial value: before `startTime` the source is silent, and
    // the attack curve starts at exactly 0. (An extra setValueAtTime could collide with it.)
    this.level.gain.value = gain * engine.noteLevel * (this.sound?.gain ?? 1);

    node.connect(this.envelope);
    this.envelope.connect(this.cut);
    this.cut.connect(this.level);
    this.level.connect(engine.output);

    const attack = this.audibleEnd === null
      ? engine.envelopeSeconds
      : Math.min(engine.envelopeSeconds, (this.audibleEnd - startTime) / 2);
    this.envelope.gain.setValueCurveAtTime(engine.attackCurve, startTime, attack);
    if (this.audibleEnd !== null) {
      this.envelope.gain.setValueCurveAtTime(engine.releaseCurve, this.audibleEnd - attack, attack);
    }
    node.start(startTime);
    if (endTime !== null) node.stop(endTime);

    this.ended = new Promise((resolve) => {
      node.onended = () => {
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
      this.source.stop(now);
      this.silentAt = now;
      return this.silentAt;
    }
    if (this.audibleEnd !== null && at + release >= this.audibleEnd) {
      // The note ends on its own (with its own release) no later than this stop would.
      // A zone whose data ran out plays on silently until its end: end it once silent.
      if (this.audibleEnd !== this.endTime) this.source.stop(Math.max(at, this.audibleEnd));
      this.silentAt = this.audibleEnd;
      return this.silentAt;
    }
    this.cut.gain.setValueCurveAtTime(this.engine.releaseCurve, at, release);
    this.source.stop(at + release);
    this.silentAt = at + release;
    return this.silentAt;
  }

  disconnect() {
    for (const node of [this.source, this.envelope, this.cut, this.level]) {
      try { node.disconnect(); } catch { /* already disconnected */ }
    }
  }
}

/**
 * The indefinite tunable note of pitch matching: sounds at `startFrequency` from `startTime`
 * until `stop()`; `glideTo(frequency)` follows the slider, the core giving the frequency of each
 * slider position; `highestFrequency` is the highest it can give (the slider at its top).
 */
export class TunableNote {
  constructor(engine, { startFrequency, highestFrequency = startFrequency, startTime, gain = 1, sound = null }) {
    this.engine = engine;
    this.startFrequency = startFrequency;
    this.startTime = startTime;
    /** The frequency the note is gliding to (hertz). */
    this.frequency = startFrequency;
    this.voice = new Voice(engine, {
      frequency: startFrequency, startTime, gain, sound, fastestFrequency: highestFrequency,
    });
    this.ended = this.voice.ended;
  }

  /** The SampleZone this note plays, or null for the sine. */
  get sound() {
    return this.voice.sound;
  }

  /**
   * Follows the slider to `frequency` (hertz): a first-order glide (`setTargetAtTime`, time
   * constant ~10 ms) from wherever the frequency is now to the new value. Continuous in frequency and phase (the
   * oscillator integrates its frequency; a buffer source integrates its playbackRate),
   * monotonic toward the new value, no steps in the waveform.
   * Events at or after the glide's start are dropped first, so a burst of slider events within
   * one render quantum leaves one event, not a growing list.
   * Cost: two AudioParam calls, no allocation beyond the browser's own event.
   * @returns {number} the frequency now being approached
   */
  glideTo(frequency) {
    if (this.voice.stopped) return this.frequency;
    this.frequency = frequency;
    const param = this.voice.pitch;
    const at = Math.max(this.engine.context.currentTime, this.startTime);
    param.cancelScheduledValues(at);
    param.setTargetAtTime(frequency / this.voice.rootFrequency, at, this.engine.glideTimeConstant);
    return frequency;
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
    /** The wrong-answer sound's samples, made at its first use. */
    this.noise = null;
  }

  /** The audio-clock time at which something scheduled "now" may start. */
  nextStartTime() {
    return this.context.currentTime + this.lookahead;
  }

  /**
   * Plays one note of `duration` seconds (attack and release inside the duration), on the
   * sine or on `sound`, a SampleZone (a non-looping zone shorter than the note falls silent
   * when its data ends; `endTime` and `ended` stay the note's scheduled end).
   * @returns {{startTime: number, endTime: number, sound: object|null, ended: Promise<void>,
   *   stop: () => number, readonly stopped: boolean}}
   */
  playNote({ frequency, duration, startTime = this.nextStartTime(), gainDecibels = 0, sound = null }) {
    const minimum = 2 * this.envelopeSeconds;
    const length = Math.max(duration, minimum);
    const voice = new Voice(this, {
      frequency, startTime, endTime: startTime + length, gain: gainFromDecibels(gainDecibels), sound,
    });
    return {
      startTime,
      endTime: startTime + length,
      sound: voice.sound,
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
   * the `ended` event of the reference's source node, whose stop time *is* the target's start
   * time. The event arrives on the main thread within one render quantum plus event-loop
   * latency (a few ms), never before the target sounds, and needs no timers that could drift
   * from `currentTime`. If the exercise is stopped first, it resolves with `null` instead.
   *
   * @param {{frequency: number, sound?: object|null}} reference
   * @param {{frequency: number, gainDecibels?: number, sound?: object|null}} target
   * @param {number} noteDuration seconds
   */
  scheduleComparison(reference, target, noteDuration, { startTime = this.nextStartTime() } = {}) {
    const first = this.playNote({
      frequency: reference.frequency, duration: noteDuration, startTime, sound: reference.sound,
    });
    const second = this.playNote({
      frequency: target.frequency,
      duration: noteDuration,
      startTime: first.endTime,
      gainDecibels: target.gainDecibels ?? 0,
      sound: target.sound,
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
   * Starts the indefinite tunable note at `startFrequency` (slider at 0), on the sine or on
   * `sound`, a SampleZone.
   * @returns {TunableNote}
   */
  startTunableNote({ startFrequency, highestFrequency, startTime = this.nextStartTime(), sound = null }) {
    return new TunableNote(this, { startFrequency, highestFrequency, startTime, sound });
  }

  /**
   * Schedules the reference note and, exactly at its end, the tunable note.
   * `tunableStarted` resolves (reference's `ended` event, as in `scheduleComparison`) when the
   * slider may become active (`null` if stopped before).
   * @param {{frequency: number, sound?: object|null}} reference
   * @param {{startFrequency: number, highestFrequency: number, sound?: object|null}} tunable
   */
  schedulePitchMatching(reference, tunable, noteDuration, { startTime = this.nextStartTime() } = {}) {
    const first = this.playNote({
      frequency: reference.frequency, duration: noteDuration, startTime, sound: reference.sound,
    });
    const note = this.startTunableNote({
      startFrequency: tunable.startFrequency, highestFrequency: tunable.highestFrequency, startTime: first.endTime,
      sound: tunable.sound,
    });
    return {
      referenceStart: first.startTime,
      tunableStart: note.startTime,
      tunableNote: note,
      tunableStarted: first.ended.then(() => (note.stopped ? null : note.startTime)),
      stop: () => Math.max(first.stop(), note.stop()),
    };
  }

  /**
   * Plays the wrong-answer sound from `startTime` (default: at once): a voice like a note's,
   * so `stopAll()` silences it too.
   */
  playWrongAnswerSound({ startTime = this.nextStartTime() } = {}) {
    this.noise ??= wrongAnswerNoise(this.context);
    return this.playNote({
      frequency: 1, duration: WRONG_ANSWER_SECONDS, startTime, gainDecibels: WRONG_ANSWER_DECIBELS, sound: this.noise,
    });
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

/// The click of rhythm training on the Web Audio clock. No DOM access.
///
/// Every click of an exercise is scheduled before the first one sounds: one
/// `AudioBufferSourceNode` per click, started with `start(when)` at its onset in the context's
/// seconds, so the audio thread places each click on its sample frame and nothing in the page
/// (a busy main thread, a late timer) can move it. No decision is taken while it plays; `stop()`
/// cancels every click at once.
///
/// Signal path:
///
///     source (one per click) → accented or plain GainNode → cut GainNode → output
///
/// - the click is the prepared hi wood block (the sound index's `click`, docs/sounds.md) as a
///   SampleZone, played at its own rate (`playbackRate` 1: a click has no pitch to set), or,
///   when there is none — the sine is the chosen sound, or the SoundFont has no drum kit — a
///   click synthesized once per context (`synthesizedClick`);
/// - the first step of a bar is accented: 6 dB louder than the others (`ACCENT_DECIBELS`);
/// - `cut` carries only the early stop's short fall, as the audio engine's voices do.

import {
  CURVE_POINTS, NOTE_LEVEL, STOP_RELEASE_SECONDS, gainFromDecibels, raisedCosineCurve,
} from './audio-engine.js';

/** How much louder an accented click is than a plain one: twice the amplitude. The wood block
 *  has one sample for every velocity, so an accent can only be a gain (velocity 127 against 100
 *  would be the SoundFont's default velocity curve, 40·log10(127/100) = 4.2 dB, of the same
 *  sample); 6 dB is heard at once as the bar's first step, yet the plain clicks stay clear. */
export const ACCENT_DECIBELS = 6;

/** The synthesized click: noise under an exponential decay with this time constant… */
export const SYNTHESIZED_CLICK_DECAY_SECONDS = 0.0003;
/** …cut after this long (ten time constants: 87 dB down), a tick with no pitch. */
export const SYNTHESIZED_CLICK_SECONDS = 0.003;

/** The synthesized click of each context, built once. */
const synthesized = new WeakMap();

/**
 * The click played when there is no prepared one: white noise (a fixed xorshift sequence, the
 * same every time), first-differenced so that its energy lies high and it has no pitch, under an
 * exponential decay of 0.3 ms from its first frame — a sharp attack, as short as a tick is heard
 * — peaking at 1. One per context (its rate), built on first use.
 * @param {BaseAudioContext} context
 * @returns {{buffer: AudioBuffer, gain: number}}
 */
export function synthesizedClick(context) {
  let click = synthesized.get(context);
  if (click === undefined) {
    const rate = context.sampleRate;
    const frames = Math.ceil(SYNTHESIZED_CLICK_SECONDS * rate);
    const buffer = context.createBuffer(1, frames, rate);
    const data = buffer.getChannelData(0);
    let state = 0x2545f491;
    let previous = 0;
    let peak = 0;
    for (let i = 0; i < frames; i += 1) {
      state ^= state << 13; state ^= state >>> 17; state ^= state << 5;
      const noise = (state >>> 0) / 0x80000000 - 1;
      data[i] = (noise - previous) * Math.exp(-i / (SYNTHESIZED_CLICK_DECAY_SECONDS * rate));
      previous = noise;
      peak = Math.max(peak, Math.abs(data[i]));
    }
    for (let i = 0; i < frames; i += 1) data[i] /= peak;
    click = { buffer, gain: 1 };
    synthesized.set(context, click);
  }
  return click;
}

/**
 * One onset of a click track.
 * @typedef {object} ClickOnset
 * @property {number} time when the click starts, in the context's seconds (`currentTime`'s clock)
 * @property {boolean} accent whether it is the first step of a bar
 */

/** The clicks of one exercise, all scheduled when it is made. */
export class ClickTrack {
  /**
   * Schedules a click at every onset: an accented click at `NOTE_LEVEL` (the loudness of a
   * note's peak) times the click's own levelling gain, a plain one `ACCENT_DECIBELS` below.
   * @param {BaseAudioContext} context
   * @param {ClickOnset[]} onsets every click of the exercise
   * @param {{buffer: AudioBuffer, gain: number}|null} sound the prepared click (a SampleZone of
   *   `SoundLibrary.click()`), or null for the synthesized one
   * @param {AudioNode} [output=context.destination]
   */
  constructor(context, onsets, sound, output = context.destination) {
    for (const { time } of onsets) {
      if (!Number.isFinite(time) || time < 0) throw new RangeError(`a click cannot start at ${time} s`);
    }
    const click = sound ?? synthesizedClick(context);
    this.context = context;
    this.stopped = false;
    this.cut = context.createGain();
    this.cut.connect(output);
    const accented = context.createGain();
    accented.gain.value = NOTE_LEVEL * click.gain;
    accented.connect(this.cut);
    const plain = context.createGain();
    plain.gain.value = NOTE_LEVEL * click.gain * gainFromDecibels(-ACCENT_DECIBELS);
    plain.connect(this.cut);
    /** @type {AudioBufferSourceNode[]} one per onset, in the onsets' order */
    this.sources = onsets.map(({ time, accent }) => {
      const source = context.createBufferSource();
      source.buffer = click.buffer;
      source.connect(accent ? accented : plain);
      source.start(time);
      return source;
    });
    /** When the last click has sounded, in the context's seconds (now, if there is none). */
    this.end = Math.max(context.currentTime, ...onsets.map(({ time }) => time + click.buffer.duration));
    /** @type {AudioBufferSourceNode[]} the silent sources of `when` */
    this.markers = [];
  }

  /**
   * Resolves with `time` when the audio clock reaches it, or with null if the track is stopped
   * first: driven by the audio thread (the `ended` event of a silent source stopped at `time`),
   * as the audio engine opens a comparison's answers, so a busy main thread can make it late
   * but never early.
   * @param {number} time in the context's seconds
   * @returns {Promise<number|null>}
   */
  when(time) {
    const marker = this.context.createBufferSource();
    marker.buffer = this.context.createBuffer(1, 1, this.context.sampleRate);
    marker.loop = true;
    marker.connect(this.cut);
    const reached = new Promise((resolve) => {
      marker.onended = () => resolve(this.stopped ? null : time);
    });
    marker.start(this.context.currentTime);
    marker.stop(time);
    this.markers.push(marker);
    if (this.stopped) marker.stop(this.context.currentTime);
    return reached;
  }

  /**
   * Cancels every click at once (the exercise is discarded): a click sounding now falls silent
   * within `STOP_RELEASE_SECONDS` on the audio engine's raised-cosine curve, and every source
   * stops then — one whose onset is later never plays. A second call does nothing.
   */
  stop() {
    if (this.stopped) return;
    this.stopped = true;
    const now = this.context.currentTime;
    this.cut.gain.setValueCurveAtTime(raisedCosineCurve(CURVE_POINTS, false), now, STOP_RELEASE_SECONDS);
    for (const source of this.sources) source.stop(now + STOP_RELEASE_SECONDS);
    for (const marker of this.markers) marker.stop(now);
  }
}

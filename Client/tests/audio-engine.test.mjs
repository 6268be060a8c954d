import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  AudioEngine, raisedCosineCurve, gainFromDecibels,
  ENVELOPE_SECONDS, STOP_RELEASE_SECONDS, GLIDE_TIME_CONSTANT, CURVE_POINTS, NOTE_LEVEL,
} from '../audio/audio-engine.js';
import { FakeAudioContext, flush } from './fake-audio-context.mjs';

const close = (actual, expected, tolerance, message) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${message}: ${actual} vs ${expected}`);

/** The three gain stages of oscillator i: envelope, cut, level (created in that order). */
const stagesOf = (context, i) => context.gains.slice(3 * i, 3 * i + 3);

test('the envelope curve is a half cosine from exactly 0 to exactly 1, and back for the release', () => {
  const up = raisedCosineCurve(CURVE_POINTS, true);
  const down = raisedCosineCurve(CURVE_POINTS, false);
  assert.equal(up.length, 256);
  assert.equal(up[0], 0);
  assert.equal(up[255], 1);
  assert.equal(down[0], 1);
  assert.equal(down[255], 0);
  for (let i = 0; i < up.length; i += 1) {
    const expected = 0.5 - 0.5 * Math.cos((Math.PI * i) / 255);
    close(up[i], expected, 1e-7, `attack point ${i}`);
    close(down[i], 1 - expected, 1e-7, `release point ${i}`);
    if (i > 0) assert.ok(up[i] > up[i - 1], 'the attack rises strictly');
  }
  close(up[128], 0.5 - 0.5 * Math.cos(Math.PI * 128 / 255), 1e-7, 'midpoint');
  // Symmetry: the release is the attack played backwards.
  for (let i = 0; i < up.length; i += 1) close(down[i], up[255 - i], 1e-7, `symmetry ${i}`);
});

test('the envelope lasts 5 to 10 ms and the early stop is no longer', () => {
  assert.ok(ENVELOPE_SECONDS >= 0.005 && ENVELOPE_SECONDS <= 0.010);
  assert.ok(STOP_RELEASE_SECONDS >= 0.003 && STOP_RELEASE_SECONDS <= ENVELOPE_SECONDS);
});

test('gain from decibels is 10^(dB/20)', () => {
  assert.equal(gainFromDecibels(0), 1);
  close(gainFromDecibels(-6), 0.501187, 1e-6, '−6 dB');
  close(gainFromDecibels(2), 1.258925, 1e-6, '+2 dB');
  close(gainFromDecibels(-20), 0.1, 1e-12, '−20 dB');
  assert.equal(gainFromDecibels(undefined), 1);
});

test('a comparison schedules the target exactly when the reference ends', async () => {
  const context = new FakeAudioContext({ currentTime: 3.25 });
  const engine = new AudioEngine(context, { lookahead: 0.02 });
  const handle = engine.scheduleComparison({ frequency: 261.6 }, { frequency: 262.1, gainDecibels: -1.5 }, 1.2);

  assert.equal(context.oscillators.length, 2);
  const [reference, target] = context.oscillators;
  close(handle.referenceStart, 3.27, 1e-12, 'reference starts one lookahead after now');
  assert.equal(reference.startTime, handle.referenceStart);
  assert.equal(reference.stopTime, handle.referenceStart + 1.2);
  assert.equal(target.startTime, reference.stopTime, 'back to back: target onset = reference end');
  assert.equal(handle.targetStart, target.startTime);
  assert.equal(target.stopTime, target.startTime + 1.2);
  assert.equal(reference.frequency.value, 261.6);
  assert.equal(target.frequency.value, 262.1);
  assert.equal(reference.type, 'sine');

  // Levels: the target is offset by gainDecibels.
  const referenceLevel = stagesOf(context, 0)[2].gain.value;
  const targetLevel = stagesOf(context, 1)[2].gain.value;
  close(referenceLevel, NOTE_LEVEL, 1e-12, 'reference level');
  close(targetLevel / referenceLevel, Math.pow(10, -1.5 / 20), 1e-12, 'target level offset');

  // Envelope: attack from the start, release ending exactly at the note's end.
  for (const [i, osc] of [[0, reference], [1, target]]) {
    const [envelope] = stagesOf(context, i);
    const [attack, release] = envelope.gain.scheduled;
    assert.equal(attack.type, 'setValueCurve');
    assert.equal(attack.time, osc.startTime);
    assert.equal(attack.duration, ENVELOPE_SECONDS);
    assert.equal(attack.values[0], 0);
    assert.equal(attack.values.at(-1), 1);
    assert.equal(release.type, 'setValueCurve');
    close(release.time + release.duration, osc.stopTime, 1e-12, 'release ends at the stop time');
    assert.equal(release.values.at(-1), 0);
  }
});

test('targetStarted resolves with the target onset when the reference ends, not before', async () => {
  const context = new FakeAudioContext();
  const engine = new AudioEngine(context);
  const handle = engine.scheduleComparison({ frequency: 440 }, { frequency: 441 }, 1);
  let started = null;
  handle.targetStarted.then((time) => { started = time; });
  context.advanceTo(handle.targetStart - 0.001);
  await flush();
  assert.equal(started, null, 'still playing the reference');
  context.advanceTo(handle.targetStart);
  await flush();
  assert.equal(started, handle.targetStart);
});

test('stopping during the reference cancels the target and reports no target start', async () => {
  const context = new FakeAudioContext();
  const engine = new AudioEngine(context, { lookahead: 0.02 });
  const handle = engine.scheduleComparison({ frequency: 440 }, { frequency: 441 }, 1);
  let started = 'pending';
  handle.targetStarted.then((time) => { started = time; });
  context.advanceTo(0.5);
  const silentAt = engine.stopAll();
  const [reference, target] = context.oscillators;
  close(silentAt, 0.5 + 0.02 + STOP_RELEASE_SECONDS, 1e-12, 'silent after the short release');
  assert.equal(reference.stopTime, silentAt);
  assert.ok(target.stopTime <= target.startTime, 'the target never sounds');
  const cut = stagesOf(context, 0)[1].gain.scheduled;
  assert.equal(cut.length, 1);
  assert.equal(cut[0].type, 'setValueCurve');
  assert.equal(cut[0].duration, STOP_RELEASE_SECONDS);
  assert.equal(cut[0].values[0], 1);
  assert.equal(cut[0].values.at(-1), 0);
  context.advanceTo(2.5);
  await flush();
  assert.equal(started, null);
  assert.equal(engine.activeVoiceCount, 0, 'every voice ended and was released');
});

test('stopAll twice schedules one release only', () => {
  const context = new FakeAudioContext();
  const engine = new AudioEngine(context);
  engine.startTunableNote({ startFrequency: 300, highestFrequency: 320 });
  context.advanceTo(1);
  engine.stopAll();
  engine.stopAll();
  assert.equal(stagesOf(context, 0)[1].gain.scheduled.length, 1);
});

test('the tunable note starts at startFrequency and glides to each frequency it is given', () => {
  const context = new FakeAudioContext();
  const engine = new AudioEngine(context);
  const note = engine.startTunableNote({ startFrequency: 395.1, highestFrequency: 418.6, startTime: 0.1 });
  const [osc] = context.oscillators;
  assert.equal(osc.frequency.value, 395.1);
  assert.equal(osc.stopTime, null, 'indefinite');
  context.advanceTo(0.5);
  assert.equal(note.glideTo(406.7), 406.7);
  assert.equal(note.frequency, 406.7);
  const [glide] = osc.frequency.scheduled;
  assert.deepEqual(glide, { type: 'setTarget', target: 406.7, time: 0.5, timeConstant: GLIDE_TIME_CONSTANT });
  // A burst of slider events in the same instant leaves one event, not a list.
  note.glideTo(407.1);
  note.glideTo(407.5);
  assert.equal(osc.frequency.scheduled.length, 1);
  assert.equal(osc.frequency.scheduled[0].target, 407.5, 'latest wins');
  // Later events keep earlier ones (the glide in progress continues from where it is).
  context.advanceTo(0.51);
  note.glideTo(372.9);
  assert.equal(osc.frequency.scheduled.length, 2);
});

test('the tunable note releases with the raised-cosine release and ignores the slider afterwards', () => {
  const context = new FakeAudioContext();
  const engine = new AudioEngine(context, { lookahead: 0.01 });
  const note = engine.startTunableNote({ startFrequency: 200, highestFrequency: 211.9, startTime: 0 });
  context.advanceTo(2);
  const silentAt = note.stop();
  close(silentAt, 2 + 0.01 + ENVELOPE_SECONDS, 1e-12, 'silent after one envelope length');
  const [cut] = stagesOf(context, 0)[1].gain.scheduled;
  assert.equal(cut.duration, ENVELOPE_SECONDS);
  note.glideTo(211.9);
  assert.equal(context.oscillators[0].frequency.scheduled.length, 0);
});

test('pitch matching starts the tunable note exactly at the end of the reference', async () => {
  const context = new FakeAudioContext();
  const engine = new AudioEngine(context);
  const handle = engine.schedulePitchMatching({ frequency: 261.6 }, { startFrequency: 270, highestFrequency: 286 }, 0.8);
  const [reference, tunable] = context.oscillators;
  assert.equal(tunable.startTime, reference.stopTime);
  assert.equal(handle.tunableStart, tunable.startTime);
  assert.equal(tunable.frequency.value, 270);
  let started = null;
  handle.tunableStarted.then((t) => { started = t; });
  context.advanceTo(reference.stopTime);
  await flush();
  assert.equal(started, tunable.startTime);
  // A slider move before the tunable note starts is scheduled at its start, not in the past.
  const early = engine.startTunableNote({ startFrequency: 100, highestFrequency: 106, startTime: 5 });
  early.glideTo(100.6);
  assert.equal(context.oscillators[2].frequency.scheduled[0].time, 5);
});

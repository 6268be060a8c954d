import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AudioEngine, ENVELOPE_SECONDS, GLIDE_TIME_CONSTANT, NOTE_LEVEL } from '../audio/audio-engine.js';
import { sampleZone } from '../audio/sample-zone.js';
import { FakeAudioContext, flush } from './fake-audio-context.mjs';
import { decodeWave, waveFile } from './wave-file.mjs';

const close = (actual, expected, tolerance, message) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${message}: ${actual} vs ${expected}`);

/** A zone of `frames` frames at 44.1 kHz, root 37 cents above A3 (not a whole semitone). */
function zone(context, { frames = 44100, loopStart = 4410, loopEnd = 44100, gain = 0.7 } = {}) {
  const samples = Array.from({ length: frames }, (_, i) => Math.round(8000 * Math.sin(i / 5)));
  return sampleZone({ keyLow: 55, keyHigh: 64, rootHertz: 440 * Math.pow(2, -863 / 1200), sampleRate: 44100, loopStart, loopEnd, gain },
    decodeWave(waveFile([samples])));
}

test('a sampled note is a buffer source at playbackRate f / root, looping in seconds, through the same gain stages', () => {
  const context = new FakeAudioContext({ sampleRate: 48000 });
  const engine = new AudioEngine(context, { lookahead: 0.02 });
  const sound = zone(context);
  const note = engine.playNote({ frequency: 250, duration: 1, sound, gainDecibels: -3 });
  assert.equal(context.oscillators.length, 0, 'no sine');
  const [source] = context.bufferSources;
  assert.equal(source.buffer, sound.buffer);
  assert.equal(source.playbackRate.value, 250 / sound.rootFrequency);
  close(source.playbackRate.value, 250 / (440 * Math.pow(2, -863 / 1200)), 1e-12, 'rate');
  assert.equal(source.loop, true);
  assert.equal(source.loopStart, 0.1);
  assert.equal(source.loopEnd, 1);
  assert.equal(source.startTime, note.startTime);
  assert.equal(source.stopTime, note.endTime);
  assert.equal(note.sound, sound);
  const [envelope, cut, level] = context.gains;
  assert.equal(source.outputs.has(envelope), true);
  assert.equal(envelope.outputs.has(cut) && cut.outputs.has(level), true);
  close(level.gain.value, NOTE_LEVEL * 0.7 * Math.pow(10, -3 / 20), 1e-12, 'level × zone gain × offset');
  const [attack, release] = envelope.gain.scheduled;
  assert.equal(attack.time, note.startTime);
  close(release.time + release.duration, note.endTime, 1e-12, 'release ends at the note end');
});

test('a comparison plays each note on its own sound, back to back, and targetStarted still follows the reference end', async () => {
  const context = new FakeAudioContext();
  const engine = new AudioEngine(context);
  const sound = zone(context);
  const handle = engine.scheduleComparison({ frequency: 260, sound }, { frequency: 261, sound: null }, 0.5);
  const [reference] = context.bufferSources;
  const [target] = context.oscillators;
  assert.equal(target.startTime, reference.stopTime);
  assert.equal(target.frequency.value, 261);
  let started = null;
  handle.targetStarted.then((time) => { started = time; });
  context.advanceTo(reference.stopTime);
  await flush();
  assert.equal(started, handle.targetStart);
});

test('the tunable note glides playbackRate with the same time constant, to frequency / root', () => {
  const context = new FakeAudioContext();
  const engine = new AudioEngine(context);
  const sound = zone(context);
  const handle = engine.schedulePitchMatching({ frequency: 300, sound }, { startFrequency: 310, highestFrequency: 328.4, sound }, 0.5);
  const note = handle.tunableNote;
  const [, source] = context.bufferSources;
  assert.equal(note.sound, sound);
  assert.equal(source.startTime, handle.tunableStart);
  assert.equal(source.stopTime, null, 'indefinite');
  assert.equal(source.playbackRate.value, 310 / sound.rootFrequency);
  context.advanceTo(1);
  const f = note.glideTo(315.4);
  assert.equal(f, 315.4, 'in hertz');
  const [glide] = source.playbackRate.scheduled;
  assert.equal(glide.type, 'setTarget');
  assert.equal(glide.time, 1);
  assert.equal(glide.timeConstant, GLIDE_TIME_CONSTANT);
  close(glide.target, f / sound.rootFrequency, 1e-12, 'rate target');
});

test('a non-looping zone shorter than the note releases before its data ends and plays on silently to the note end', async () => {
  const context = new FakeAudioContext({ sampleRate: 48000 });
  const engine = new AudioEngine(context, { lookahead: 0.02 });
  const sound = zone(context, { frames: 22050, loopStart: null, loopEnd: null }); // 0.5 s
  const frequency = 2 * sound.rootFrequency; // the data lasts 0.25 s
  const handle = engine.scheduleComparison({ frequency, sound }, { frequency, sound }, 1);
  const [reference] = context.bufferSources;
  const dataEnd = handle.referenceStart + (22050 - 1) / 44100 / 2;
  assert.equal(reference.loop, true, 'runs on (silent) after its data');
  assert.equal(reference.stopTime, handle.targetStart, 'its ended event is still the note end');
  const [envelope] = context.gains;
  const release = envelope.gain.scheduled[1];
  close(release.time + release.duration, dataEnd, 1e-12, 'release ends one frame before the data runs out');
  assert.equal(release.duration, ENVELOPE_SECONDS);
  // An early stop after the data ran out ends the silent node at once.
  context.advanceTo(handle.referenceStart + 0.5);
  handle.stop();
  close(reference.stopTime, handle.referenceStart + 0.52, 1e-12, 'stopped one lookahead later');
  // The tunable note: the data end is computed at the fastest rate the slider can reach.
  const highestFrequency = 1.06 * frequency;
  const tunable = engine.startTunableNote({ startFrequency: frequency, highestFrequency, startTime: 5, sound });
  const envelopeOfTunable = context.gains[6];
  const [, tunableRelease] = envelopeOfTunable.gain.scheduled;
  close(tunableRelease.time + tunableRelease.duration, 5 + 22049 / 44100 / (2 * 1.06), 1e-12,
    'tunable release at the fastest rate');
  assert.equal(tunable.voice.source.loop, true);
});

test('a non-looping zone longer than the note does not loop', () => {
  const context = new FakeAudioContext();
  const engine = new AudioEngine(context);
  const sound = zone(context, { frames: 44100, loopStart: null, loopEnd: null });
  engine.playNote({ frequency: sound.rootFrequency, duration: 0.5, sound });
  assert.equal(context.bufferSources[0].loop, false);
  assert.equal(context.gains[0].gain.scheduled.length, 2);
});

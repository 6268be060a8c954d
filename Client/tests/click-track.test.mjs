import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ClickTrack, synthesizedClick, ACCENT_DECIBELS, SYNTHESIZED_CLICK_SECONDS,
} from '../audio/click-track.js';
import { NOTE_LEVEL, STOP_RELEASE_SECONDS, gainFromDecibels } from '../audio/audio-engine.js';
import { FakeAudioBuffer, FakeAudioContext } from './fake-audio-context.mjs';

/** Fill the Gap at 80 BPM: four sixteenths a beat, the third silent, a bar of four beats —
 *  onsets that are not whole frames at 48 kHz (a sixteenth is 0.1875 s, the start 1.00001 s). */
function fillTheGap(cycles, start = 1.00001, bpm = 80) {
  const sixteenth = 60 / bpm / 4;
  const onsets = [];
  for (let cycle = 0; cycle < cycles; cycle += 1) {
    for (const step of [0, 1, 3]) {
      onsets.push({ time: start + (4 * cycle + step) * sixteenth, accent: cycle % 4 === 0 && step === 0 });
    }
  }
  return onsets;
}

/** The wood block as the sound library gives it: a SampleZone at its own rate. */
const woodBlock = () => ({
  buffer: new FakeAudioBuffer(1, 4410, 44100), rootFrequency: 1000, loopStart: null, loopEnd: null,
  gain: 0.8, keyLow: 76, keyHigh: 76,
});

/** The gain node a click's source plays through, and from there its route to the output. */
const route = (source) => {
  const [level] = source.outputs;
  const [cut] = level.outputs;
  return { level, cut, output: [...cut.outputs][0] };
};

test('every onset gets its own source, started at exactly its time, on the click\'s buffer', () => {
  const context = new FakeAudioContext({ currentTime: 0.5 });
  const onsets = fillTheGap(16);
  const sound = woodBlock();
  const track = new ClickTrack(context, onsets, sound);
  assert.equal(context.bufferSources.length, 48);
  assert.deepEqual(track.sources, context.bufferSources);
  onsets.forEach(({ time }, i) => {
    const source = context.bufferSources[i];
    assert.equal(source.startTime, time, `click ${i}: the onset's time itself, not rounded`);
    assert.equal(source.stopTime, null, `click ${i} plays its whole sample`);
    assert.equal(source.buffer, sound.buffer);
    assert.equal(source.playbackRate.value, 1, 'at its own rate');
    assert.equal(source.loop, false);
    assert.equal(route(source).output, context.destination);
  });
  assert.equal(track.end, onsets.at(-1).time + 0.1);
});

test('the first step of a bar is 6 dB louder: a note\'s level times the click\'s gain, the others half', () => {
  const context = new FakeAudioContext();
  const onsets = fillTheGap(8);
  new ClickTrack(context, onsets, woodBlock());
  assert.equal(ACCENT_DECIBELS, 6);
  onsets.forEach(({ accent }, i) => {
    const { level, cut } = route(context.bufferSources[i]);
    const expected = accent ? NOTE_LEVEL * 0.8 : NOTE_LEVEL * 0.8 * gainFromDecibels(-6);
    assert.equal(level.gain.value, expected, `click ${i} (${accent ? 'accented' : 'plain'})`);
    assert.equal(cut.gain.value, 1);
    assert.deepEqual(cut.gain.scheduled, [], 'nothing scheduled on the cut until a stop');
  });
  assert.equal(onsets.filter((o) => o.accent).length, 2);
  assert.ok(Math.abs(20 * Math.log10(gainFromDecibels(0) / gainFromDecibels(-ACCENT_DECIBELS)) - 6) < 1e-12);
});

test('stop cancels every click at once: the sounding one falls within the stop release, no later one starts', () => {
  const context = new FakeAudioContext();
  const onsets = fillTheGap(16);
  const track = new ClickTrack(context, onsets, woodBlock());
  context.advanceTo(4.2);
  track.stop();
  for (const source of context.bufferSources) assert.equal(source.stopTime, 4.2 + STOP_RELEASE_SECONDS);
  const [fall] = route(context.bufferSources[0]).cut.gain.scheduled;
  assert.equal(fall.type, 'setValueCurve');
  assert.equal(fall.time, 4.2);
  assert.equal(fall.duration, STOP_RELEASE_SECONDS);
  assert.equal(fall.values[0], 1);
  assert.equal(fall.values.at(-1), 0);
  const later = context.bufferSources.filter((s) => s.startTime > 4.2 + STOP_RELEASE_SECONDS);
  assert.ok(later.length > 0 && later.every((s) => s.stopTime < s.startTime), 'stopped before they start: never heard');
  // A second stop (the page leaves after the exercise was discarded) changes nothing and throws nothing.
  context.advanceTo(5);
  track.stop();
  assert.ok(context.bufferSources.every((s) => s.stopTime === 4.2 + STOP_RELEASE_SECONDS));
});

test('with no prepared click (the sine), a synthesized one: built once per context, short, peaking at 1', () => {
  const context = new FakeAudioContext({ sampleRate: 48000 });
  const onsets = fillTheGap(2);
  const track = new ClickTrack(context, onsets, null);
  const click = synthesizedClick(context);
  assert.equal(synthesizedClick(context), click, 'once per context');
  assert.notEqual(synthesizedClick(new FakeAudioContext({ sampleRate: 44100 })).buffer, click.buffer);
  assert.ok(context.bufferSources.every((source) => source.buffer === click.buffer));
  assert.equal(click.buffer.sampleRate, 48000);
  assert.equal(click.buffer.length, Math.ceil(SYNTHESIZED_CLICK_SECONDS * 48000));
  const data = click.buffer.getChannelData(0);
  const peak = Math.max(...data.map(Math.abs));
  assert.equal(peak, 1);
  // A sharp attack: the peak within the first 0.2 ms; 60 dB down by the end.
  assert.ok([...data].findIndex((x) => Math.abs(x) === 1) < 0.0002 * 48000);
  assert.ok(Math.max(...data.slice(-10).map(Math.abs)) < 1e-3);
  const { level } = route(context.bufferSources[0]);
  assert.equal(level.gain.value, NOTE_LEVEL, 'the accent at a note\'s level');
  assert.equal(track.end, onsets.at(-1).time + click.buffer.duration);
});

test('an onset that is not a time is refused before anything is scheduled', () => {
  const context = new FakeAudioContext();
  for (const time of [NaN, -0.1, Infinity]) {
    assert.throws(() => new ClickTrack(context, [{ time: 1, accent: true }, { time, accent: false }], null), RangeError);
  }
  assert.equal(context.bufferSources.length, 0);
});

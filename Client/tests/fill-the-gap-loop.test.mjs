// Compare Timing's and Fill the Gap's loops on a fake audio context, deciding through the real
// wasm core (scripts/build-wasm.sh): the clicks are the core's onsets, the answers and taps its
// records.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FillTheGapLoop } from '../pages/fill-the-gap-loop.js';
import { LoopState, TrainingLoop } from '../pages/training-loop.js';
import { Device } from '../store/device.js';
import { loadPeachCore, named } from '../core/peach-core.js';
import { RecordField, RecordKind } from '../core/peach-fields.js';
import { FakeAudioContext, flush } from './fake-audio-context.mjs';

const wasm = readFileSync(new URL('../../.build/wasm/peach-core.wasm', import.meta.url));

/** The audio engine's part a rhythm loop uses: its context, output and clock. */
class Engine {
  constructor(context) { this.context = context; this.output = context.destination; this.stopAllCount = 0; }
  nextStartTime() { return this.context.currentTime + 0.05; }
  stopAll() { this.stopAllCount += 1; }
}

/** Timers the test fires by hand. */
class ManualTimers {
  constructor() { this.pending = new Map(); this.nextId = 1; }
  setTimeout = (fn) => { const id = this.nextId++; this.pending.set(id, fn); return id; };
  clearTimeout = (id) => { this.pending.delete(id); };
  fire() { for (const [id, fn] of [...this.pending]) { this.pending.delete(id); fn(); } }
}

async function setup(Loop, kind, settings = {}) {
  const core = await loadPeachCore(wasm);
  core.reset(11);
  for (const [key, value] of Object.entries(settings)) assert.equal(core.setSetting(key, value), null);
  const records = [];
  const store = { addRecord: (id, numbers) => { records.push(named(RecordField, numbers)); return Promise.resolve(); } };
  const device = new Device(core, store, { languages: () => ['en'], now: () => Date.UTC(2026, 10, 28) });
  const context = new FakeAudioContext({ sampleRate: 48_000, currentTime: 2 });
  const timers = new ManualTimers();
  const events = [];
  const loop = new Loop({
    kind, mode: kind, device, engine: new Engine(context), timers,
    hooks: {
      onStateChange: (state) => events.push(state),
      onFeedback: (feedback) => events.push(feedback),
      onFeedbackEnd: () => events.push('feedbackEnd'),
    },
  });
  return { context, loop, records, events, timers };
}

/** The clicks scheduled so far: the sources started with a buffer longer than a frame. */
const clickTimes = (context) => context.bufferSources.filter((s) => s.buffer.length > 1).map((s) => s.startTime);

test('Compare Timing plays the core\'s four clicks and opens Early and Late as the fourth sounds', async () => {
  const { context, loop, records, events } = await setup(TrainingLoop, 'rhythmOffsetDetection', { tempo: '100' });
  loop.start();
  const { onsets, ends } = loop.exercise;
  assert.deepEqual(clickTimes(context), onsets.map((onset) => onset.seconds));
  assert.equal(onsets[0].sample, Math.ceil(2.05 * 48_000), 'from the engine\'s next start time');
  assert.equal(loop.answer('early'), false, 'not while the clicks play');
  context.advanceTo(ends);
  await flush();
  assert.equal(loop.state, LoopState.awaitingAnswer);
  assert.equal(loop.answer('higher'), false, 'a pitch answer is no answer here');
  const early = onsets[3].seconds - onsets[2].seconds < 0.15;
  assert.equal(loop.answer(early ? 'early' : 'late'), true);
  await flush();
  assert.equal(records.length, 1);
  assert.equal(records[0].kind, RecordKind.rhythmOffsetDetection);
  assert.equal(records[0].outcome, 1);
  assert.equal(events.at(-1).isCorrect, true);
  loop.stop();
  assert.ok(context.bufferSources.every((source) => source.stopTime !== null), 'every click and marker stopped');
});

test('Fill the Gap plays sixteen cycles without their gaps, counts taps, and continues the loop into the next trial', async () => {
  const { context, loop, records, events, timers } = await setup(FillTheGapLoop, 'continuousRhythmMatching', {
    tempo: '120', gapPositions: '4',
  });
  loop.start();
  assert.equal(loop.state, LoopState.awaitingAnswer, 'taps count from the first click');
  const first = loop.exercise;
  const gaps = first.onsets.filter((onset) => onset.isGap);
  assert.deepEqual(clickTimes(context), first.onsets.filter((onset) => !onset.isGap).map((onset) => onset.seconds));
  assert.deepEqual(loop.tap(gaps[0].seconds + 0.002), { band: 'green', cycle: 0, step: 3 });
  assert.equal(loop.tap(gaps[0].seconds + 0.003), null, 'a second tap for the gap is ignored');
  assert.equal(loop.tap(first.onsets[0].seconds), null, 'a tap on a click is ignored');
  context.advanceTo(first.ends);
  await flush();
  assert.equal(records.length, 1, 'the trial is a record');
  assert.equal(records[0].kind, RecordKind.continuousRhythmMatching);
  assert.equal(records[0].outcome, 1);
  assert.equal(events.at(-1).kind, 'continuousRhythmMatching');
  const second = loop.exercise;
  assert.notEqual(second, first);
  assert.ok(Math.abs(second.onsets[0].seconds - first.next) < 1 / 48_000, 'the loop goes on without a break');
  timers.fire();
  assert.equal(events.at(-1), 'feedbackEnd');
  context.advanceTo(second.ends);
  await flush();
  assert.equal(records.length, 1, 'a trial without a counted tap makes no record');
  loop.stop();
  assert.equal(loop.tap(second.ends), null);
  assert.equal(loop.state, LoopState.stopped);
  context.advanceTo(second.ends + 60);
  await flush();
  assert.equal(records.length, 1, 'a stopped loop records nothing more');
});

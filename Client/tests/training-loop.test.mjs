import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { TrainingLoop, LoopState, FEEDBACK_MILLISECONDS } from '../pages/training-loop.js';
import { Device } from '../store/device.js';
import { loadPeachCore, named } from '../core/peach-core.js';
import { RecordField, RecordKind } from '../core/peach-fields.js';
import { flush } from './fake-audio-context.mjs';
const close = (actual, expected, tolerance, message) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${message}: ${actual} vs ${expected}`);

/** An engine whose notes start when the test says so. */
class FakeEngine {
  constructor() {
    this.scheduled = []; this.stopAllCount = 0; this.glides = []; this.clock = 1.0; this.wrongAnswerSounds = [];
  }
  playWrongAnswerSound() { this.wrongAnswerSounds.push(this.clock); }
  schedule(kind, args) {
    let startTarget;
    const started = new Promise((resolve) => { startTarget = resolve; });
    const entry = { kind, args, stopped: false, startTarget: () => startTarget(entry.stopped ? null : 1.0) };
    entry.stop = () => { entry.stopped = true; };
    this.scheduled.push(entry);
    return entry;
  }
  scheduleComparison(reference, target, noteDuration, { startTime } = {}) {
    const entry = this.schedule('comparison', { reference, target, noteDuration, startTime });
    return { targetStarted: entry.started ?? this.startedOf(entry), stop: entry.stop };
  }
  schedulePitchMatching(reference, tunable, noteDuration, { startTime } = {}) {
    const entry = this.schedule('pitchMatching', { reference, tunable, noteDuration, startTime });
    return {
      tunableStarted: this.startedOf(entry),
      stop: entry.stop,
      tunableNote: { glideTo: (frequency) => this.glides.push(frequency) },
    };
  }
  startedOf(entry) {
    return new Promise((resolve) => { entry.startTarget = () => resolve(entry.stopped ? null : 1.0); });
  }
  stopAll() { this.stopAllCount += 1; for (const e of this.scheduled) e.stopped = true; }
  nextStartTime() { return this.clock; }
  get last() { return this.scheduled.at(-1); }
}

/** Timers the test advances by hand. */
class ManualTimers {
  constructor() { this.now = 0; this.pending = new Map(); this.nextId = 1; }
  setTimeout = (fn, ms) => { const id = this.nextId++; this.pending.set(id, { fn, at: this.now + ms }); return id; };
  clearTimeout = (id) => { this.pending.delete(id); };
  advance(ms) {
    this.now += ms;
    for (const [id, { fn, at }] of [...this.pending]) {
      if (at <= this.now) { this.pending.delete(id); fn(); }
    }
  }
}

// The real wasm core (scripts/build-wasm.sh): the loop plays what it decides.
const wasm = readFileSync(new URL('../../.build/wasm/peach-core.wasm', import.meta.url));

/** The device's store in memory: what IndexedDB would hold, and when each write was asked for.
 *  With `holdCommits`, a write commits only when the test calls `commit()`. */
class MemoryStore {
  constructor({ holdCommits = false } = {}) { this.records = []; this.holdCommits = holdCommits; this.commits = []; }
  addRecord(id, numbers) {
    this.records.push({ id, numbers: [...numbers] });
    if (!this.holdCommits) return Promise.resolve();
    return new Promise((resolve) => this.commits.push(resolve));
  }
  commit() { this.commits.shift()(); }
}

async function setup(kind = 'comparison', mode = kind, soundsFor = undefined, storeOptions = {}) {
  const core = await loadPeachCore(wasm);
  core.reset(7);
  const store = new MemoryStore(storeOptions);
  let now = Date.UTC(2026, 10, 24, 12);
  const device = new Device(core, store, { languages: () => ['en'], now: () => (now += 1000) });
  const engine = new FakeEngine();
  const timers = new ManualTimers();
  const events = [];
  const loop = new TrainingLoop({
    kind, mode, device, engine, timers, soundsFor,
    hooks: {
      onStateChange: (state) => events.push(state),
      onFeedback: (feedback) => events.push(['feedback', feedback]),
      onFeedbackEnd: () => events.push('feedbackEnd'),
    },
  });
  return { core, store, engine, timers, events, loop };
}

test('the loop plays the exercise the core chose, with the core\'s frequencies', async () => {
  const { engine, loop } = await setup();
  loop.start();
  const { reference, target, noteDuration } = engine.last.args;
  assert.equal(noteDuration, 1, 'the default note duration');
  // The cold start is 100 cents (`KazezChain`): the target lies 100 cents from the reference.
  const cents = 1200 * Math.log2(target.frequency / reference.frequency);
  assert.ok(Math.abs(Math.abs(cents) - 100) < 1e-9, `target ${cents} cents from the reference`);
  assert.equal(loop.exercise.interval.name, 'Unison');
});

test('answers are refused during the reference and accepted once the target starts', async () => {
  const { engine, store, loop } = await setup();
  loop.start();
  assert.equal(loop.state, LoopState.playingReference);
  assert.equal(loop.answer('higher'), false, 'no answer during the reference');
  assert.equal(store.records.length, 0);
  engine.last.startTarget();
  await flush();
  assert.equal(loop.state, LoopState.awaitingAnswer);
  assert.equal(loop.answer('higher'), true);
  assert.equal(store.records.length, 1, 'the record is written in the task that took the answer');
});

test('an answer is evaluated by the core and stored with an id made on the device', async () => {
  const { engine, store, events, loop } = await setup();
  loop.start();
  const { reference, target } = engine.last.args;
  engine.last.startTarget();
  await flush();
  const higher = target.frequency > reference.frequency;
  loop.answer(higher ? 'higher' : 'lower');
  await flush();
  const [record] = store.records;
  assert.match(record.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const { kind, referenceNote, targetNote, centOffset, outcome: isCorrect } = named(RecordField, record.numbers);
  assert.equal(kind, RecordKind.comparison);
  assert.equal(referenceNote, targetNote, 'a unison comparison');
  assert.equal(Math.sign(centOffset), higher ? 1 : -1);
  assert.equal(isCorrect, 1, 'the right answer counts as correct');
  assert.deepEqual(events.at(-1), ['feedback', {
    kind: 'comparison', isCorrect: true, band: null, direction: null, text: '', announcement: 'Correct',
    wrongAnswerSound: false,
  }]);
});

test('with the setting on, a wrong answer plays the wrong-answer sound as its feedback shows; a right one does not', async () => {
  for (const setting of ['true', 'false']) {
    const { core, engine, store, events, timers, loop } = await setup('intervalComparison', 'intervalComparison', undefined,
      { holdCommits: true });
    assert.equal(core.setSetting('wrongAnswerSound', setting), null);
    loop.start();
    for (const right of [false, true]) {
      const { reference, target } = engine.last.args;
      const cents = 1200 * Math.log2(target.frequency / reference.frequency);
      // Perfect Fifth Up: above 700 cents is sharp of it, which the core takes as "higher".
      const sharp = cents > 700;
      engine.last.startTarget();
      await flush();
      engine.wrongAnswerSounds = [];
      loop.answer(sharp === right ? 'higher' : 'lower');
      assert.equal(engine.wrongAnswerSounds.length, 0, 'nothing before the record is committed');
      engine.clock += 0.01;
      store.commit();
      await flush();
      const [, feedback] = events.at(-1);
      assert.equal(feedback.isCorrect, right);
      assert.equal(feedback.wrongAnswerSound, setting === 'true' && !right);
      assert.deepEqual(engine.wrongAnswerSounds, setting === 'true' && !right ? [engine.clock] : [],
        `setting ${setting}, a ${right ? 'right' : 'wrong'} answer`);
      timers.advance(400);
    }
  }
});

test('the first answer wins: a second tap or key cannot count', async () => {
  const { engine, store, loop } = await setup();
  loop.start();
  engine.last.startTarget();
  await flush();
  assert.equal(loop.answer('lower'), true);
  assert.equal(loop.answer('higher'), false);
  assert.equal(loop.answer('lower'), false);
  assert.equal(store.records.length, 1);
  assert.equal(engine.scheduled.at(-2).stopped, true, 'the target note stops at the answer');
  assert.equal(engine.last.stopped, false, 'the next exercise waits for its start');
  assert.equal(loop.state, LoopState.saving);
  await flush();
  assert.equal(loop.state, LoopState.feedback);
});

test('the next exercise is scheduled with the answer to start when the 400 ms of feedback are over', async () => {
  const { engine, timers, events, loop } = await setup();
  loop.start();
  const first = engine.last.args;
  engine.last.startTarget();
  await flush();
  loop.answer(first.target.frequency > first.reference.frequency ? 'higher' : 'lower');
  assert.equal(FEEDBACK_MILLISECONDS, 400);
  await flush();
  assert.equal(loop.state, LoopState.feedback);
  assert.equal(loop.answer('lower'), false, 'no answers during feedback');
  assert.equal(engine.scheduled.length, 2, 'the next exercise is scheduled at once …');
  assert.equal(engine.last.args.startTime, 1.0 + 0.4, '… to start on the audio clock after the feedback');
  timers.advance(399);
  assert.equal(loop.state, LoopState.feedback);
  timers.advance(1);
  assert.equal(loop.state, LoopState.playingReference);
  assert.ok(events.includes('feedbackEnd'));
  assert.equal(engine.scheduled.length, 2, 'nothing more is scheduled when the feedback ends');
  const next = engine.last.args;
  const cents = Math.abs(1200 * Math.log2(next.target.frequency / next.reference.frequency));
  // Kazez: p' = p · (1 − 0.05·√p) = 100 · 0.5 after a right answer at 100 cents.
  assert.ok(Math.abs(cents - 50) < 1e-9, `the chain narrowed to ${cents} cents`);
  assert.equal(loop.answer('higher'), false, 'the next reference is playing');
  engine.last.startTarget();
  await flush();
  assert.equal(loop.state, LoopState.awaitingAnswer);
});

test('the feedback shows only once the answer\'s record is committed', async () => {
  const { engine, store, events, loop } = await setup('comparison', 'comparison', undefined, { holdCommits: true });
  loop.start();
  engine.last.startTarget();
  await flush();
  assert.equal(loop.answer('higher'), true);
  assert.equal(store.records.length, 1, 'the write is asked for in the answer\'s task');
  await flush();
  assert.equal(loop.state, LoopState.saving, 'still saving: the store has not committed');
  assert.ok(!events.some((event) => Array.isArray(event)), 'no feedback before the commit');
  assert.equal(loop.answer('lower'), false, 'no second answer while saving');
  store.commit();
  await flush();
  assert.equal(loop.state, LoopState.feedback);
  assert.equal(events.filter((event) => Array.isArray(event)).length, 1, 'the feedback, once committed');
});

test('a commit within the feedback time keeps the next note 400 ms after the answer', async () => {
  const { engine, store, timers, loop } = await setup('comparison', 'comparison', undefined, { holdCommits: true });
  loop.start();
  engine.last.startTarget();
  await flush();
  loop.answer('higher');
  const next = engine.last;
  assert.equal(next.args.startTime, 1.4, 'scheduled with the answer, 400 ms on');
  engine.clock = 1.015; // the commit takes 15 ms
  store.commit();
  await flush();
  assert.equal(next.stopped, false);
  assert.equal(engine.last, next, 'nothing scheduled again');
  timers.advance(384);
  assert.equal(loop.state, LoopState.feedback);
  timers.advance(1);
  assert.equal(loop.state, LoopState.playingReference, 'the feedback ends as the next exercise starts');
});

test('a commit slower than half the feedback time moves the next exercise: the feedback is shown in full', async () => {
  const { engine, store, timers, loop } = await setup('comparison', 'comparison', undefined, { holdCommits: true });
  loop.start();
  engine.last.startTarget();
  await flush();
  loop.answer('higher');
  const first = engine.last;
  engine.clock = 1.3; // storage took 300 ms
  store.commit();
  await flush();
  assert.equal(first.stopped, true, 'the exercise scheduled with the answer is taken back');
  assert.ok(Math.abs(engine.last.args.startTime - 1.7) < 1e-12, 'and scheduled a whole feedback time after the commit');
  assert.deepEqual(engine.last.args.reference, first.args.reference, 'the same exercise');
  timers.advance(399);
  assert.equal(loop.state, LoopState.feedback);
  timers.advance(1);
  assert.equal(loop.state, LoopState.playingReference);
});

test('leaving while the answer is being saved: the record stays, no feedback, nothing plays next', async () => {
  const { engine, store, events, timers, loop } = await setup('comparison', 'comparison', undefined, { holdCommits: true });
  loop.start();
  engine.last.startTarget();
  await flush();
  loop.answer('higher');
  loop.stop();
  assert.equal(engine.last.stopped, true, 'the next exercise is silenced');
  store.commit();
  await flush();
  timers.advance(1000);
  assert.equal(loop.state, LoopState.stopped);
  assert.ok(!events.some((event) => Array.isArray(event)), 'no feedback after leaving');
  assert.equal(store.records.length, 1);
});

test('stopping during the reference discards the exercise: nothing is recorded, the sound stops', async () => {
  const { engine, store, loop } = await setup();
  loop.start();
  loop.stop();
  assert.equal(loop.state, LoopState.stopped);
  assert.equal(engine.stopAllCount >= 1, true);
  engine.last.startTarget();
  await flush();
  assert.equal(loop.state, LoopState.stopped, 'a late target start does not reopen answers');
  assert.equal(loop.answer('higher'), false);
  assert.equal(store.records.length, 0);
});

test('stopping while awaiting the answer discards it; stopping during feedback cancels the next', async () => {
  const { engine, store, timers, loop } = await setup();
  loop.start();
  engine.last.startTarget();
  await flush();
  loop.stop();
  assert.equal(loop.answer('higher'), false);
  assert.equal(store.records.length, 0);

  loop.start();
  engine.last.startTarget();
  await flush();
  loop.answer('lower');
  await flush();
  assert.equal(loop.state, LoopState.feedback);
  const scheduledBefore = engine.scheduled.length;
  loop.stop();
  assert.equal(engine.last.stopped, true, 'the next exercise, already scheduled, is silenced');
  timers.advance(1000);
  assert.equal(engine.scheduled.length, scheduledBefore, 'no next exercise after stopping');
  assert.equal(loop.state, LoopState.stopped);
  assert.equal(store.records.length, 1, 'the answer given before stopping stays recorded');
});

test('pitch matching: slider only while the tunable note plays; release records the core\'s cent error', async () => {
  const { engine, store, events, loop } = await setup('pitchMatching');
  loop.start();
  assert.equal(engine.last.kind, 'pitchMatching');
  const { startFrequency, highestFrequency } = engine.last.args.tunable;
  assert.ok(highestFrequency > startFrequency, 'the note can go up from where it starts');
  assert.equal(loop.setSlider(0.3), false, 'inactive during the reference');
  assert.equal(loop.answer(0.3), false);
  engine.last.startTarget();
  await flush();
  assert.equal(loop.setSlider(0.3), true);
  assert.equal(loop.setSlider(-0.2), true);
  assert.equal(loop.setSlider(1.7), true);
  assert.equal(engine.glides.length, 3, 'the note follows each move');
  const centsAbove = (frequency) => 1200 * Math.log2(frequency / startFrequency);
  close(centsAbove(engine.glides[0]), 30, 1e-9, 'the core\'s mapping: 100 cents per unit of the slider');
  close(centsAbove(engine.glides[1]), -20, 1e-9, 'below the start');
  assert.equal(engine.glides[2], highestFrequency, 'held at the top');
  assert.equal(loop.answer('higher'), false, 'a comparison answer is not a slider value');
  assert.equal(loop.answer(1.2), false, 'beyond the slider\'s end: refused by the core');
  assert.equal(loop.answer(-0.2), true);
  assert.equal(loop.answer(0.5), false);
  assert.equal(loop.setSlider(0.9), false, 'nothing follows the slider after release');
  await flush();
  assert.equal(engine.scheduled.at(-2).stopped, true, 'the tunable note is released');
  const { kind, centOffset: initialCentOffset, outcome: userCentError } = named(RecordField, store.records[0].numbers);
  assert.equal(kind, RecordKind.pitchMatching);
  assert.equal(userCentError, initialCentOffset - 0.2 * 100, 'error = initial offset + v · 100 cents');
  const [, feedback] = events.find((event) => Array.isArray(event));
  assert.equal(feedback.kind, 'pitchMatching');
  // A tuner's words: "117 cents flat", never a signed "−117 cents".
  const rounded = Math.round(userCentError);
  const unit = Math.abs(rounded) === 1 ? 'cent' : 'cents';
  assert.equal(feedback.text, rounded === 0 ? '0 cents' : `${Math.abs(rounded)} ${unit} ${rounded > 0 ? 'sharp' : 'flat'}`);
});

test('a setting changed during training applies from the next exercise', async () => {
  const { core, engine, timers, loop } = await setup();
  loop.start();
  engine.last.startTarget();
  await flush();
  assert.equal(core.setSetting('noteDuration', '2.5'), null);
  loop.answer('higher');
  await flush();
  timers.advance(FEEDBACK_MILLISECONDS);
  assert.equal(engine.last.args.noteDuration, 2.5);
});

test('an interval mode plays the interval the settings name', async () => {
  const { core, engine, loop } = await setup('comparison', 'intervalComparison');
  loop.start();
  const { reference, target } = engine.last.args;
  const cents = 1200 * Math.log2(target.frequency / reference.frequency);
  // An interval mode starts within a quarter tone, so that the fifth stays a fifth.
  assert.ok(Math.abs(Math.abs(cents - 700) - 50) < 1e-9, `a perfect fifth up ± 50 cents, got ${cents}`);
  assert.equal(loop.exercise.interval.name, core.currentInterval('en').name);
});

test('both notes are played with the chosen sound: the zone of each note the core chose', async () => {
  const asked = [];
  const soundsFor = (notes) => { asked.push(...notes); return notes.map((note) => ({ zoneOf: note })); };
  for (const [kind, mode, second] of [['comparison', 'comparison', 'target'],
    ['comparison', 'intervalComparison', 'target'], ['pitchMatching', 'pitchMatching', 'tunable'],
    ['pitchMatching', 'intervalPitchMatching', 'tunable']]) {
    asked.length = 0;
    const { engine, core, loop } = await setup(kind, mode, soundsFor);
    core.setSetting('intervals', 'M3up', 'en');
    loop.start();
    const { reference } = engine.last.args;
    const other = engine.last.args[second];
    assert.ok(Number.isInteger(reference.note) && Number.isInteger(other.note), `${mode}: notes given`);
    assert.deepEqual(asked, [reference.note, other.note], `${mode}: one zone per note, chosen together`);
    assert.deepEqual(reference.sound, { zoneOf: reference.note });
    assert.deepEqual(other.sound, { zoneOf: other.note });
    const semitones = mode.startsWith('interval') ? 4 : 0;
    assert.equal(other.note - reference.note, semitones, `${mode}: the core's target note`);
  }
});

test('while the zones of an exercise\'s notes are not loaded, both notes are the sine', async () => {
  const { engine, loop } = await setup('comparison', 'comparison', () => null);
  loop.start();
  assert.equal(engine.last.args.reference.sound, null);
  assert.equal(engine.last.args.target.sound, null);
});

test('without a chosen sound every note is the sine', async () => {
  const { engine, loop } = await setup();
  loop.start();
  assert.equal(engine.last.args.reference.sound, null);
  assert.equal(engine.last.args.target.sound, null);
});

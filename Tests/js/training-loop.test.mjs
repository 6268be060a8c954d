import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TrainingLoop, LoopState, FEEDBACK_MILLISECONDS } from '../../Sources/PeachWeb/Assets/training-loop.js';
import { flush } from './fake-audio-context.mjs';

/** An engine whose notes start when the test says so. */
class FakeEngine {
  constructor() { this.scheduled = []; this.stopAllCount = 0; this.sliderValues = []; }
  schedule(kind, args) {
    let startTarget;
    const started = new Promise((resolve) => { startTarget = resolve; });
    const entry = { kind, args, stopped: false, startTarget: () => startTarget(entry.stopped ? null : 1.0) };
    entry.stop = () => { entry.stopped = true; };
    this.scheduled.push(entry);
    return entry;
  }
  scheduleComparison(reference, target, noteDuration) {
    const entry = this.schedule('comparison', { reference, target, noteDuration });
    return { targetStarted: entry.started ?? this.startedOf(entry), stop: entry.stop };
  }
  schedulePitchMatching(reference, tunable, noteDuration) {
    const entry = this.schedule('pitchMatching', { reference, tunable, noteDuration });
    return {
      tunableStarted: this.startedOf(entry),
      stop: entry.stop,
      tunableNote: { setSlider: (v) => this.sliderValues.push(v) },
    };
  }
  startedOf(entry) {
    return new Promise((resolve) => { entry.startTarget = () => resolve(entry.stopped ? null : 1.0); });
  }
  stopAll() { this.stopAllCount += 1; for (const e of this.scheduled) e.stopped = true; }
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

let exerciseCounter = 0;
const comparisonExercise = () => ({
  id: `ex-${++exerciseCounter}`, mode: 'comparison', kind: 'comparison', noteDuration: 1,
  interval: { code: 'P1up', name: 'Unison' },
  reference: { frequency: 261.6 }, target: { frequency: 262.0, gainDecibels: 0 },
});
const pitchExercise = () => ({
  id: `ex-${++exerciseCounter}`, mode: 'pitchMatching', kind: 'pitchMatching', noteDuration: 1,
  interval: { code: 'P1up', name: 'Unison' },
  reference: { frequency: 261.6 }, tunable: { startFrequency: 270, centSpan: 100 },
});

/** An API whose replies the test releases. */
class FakeApi {
  constructor(make) { this.make = make; this.answers = []; this.nextCalls = 0; }
  async nextExercise() { this.nextCalls += 1; return this.make(); }
  answer(id, body) {
    return new Promise((resolve, reject) => {
      this.answers.push({ id, body, resolve, reject });
    });
  }
  reply(index = this.answers.length - 1, feedback = { kind: 'comparison', isCorrect: true, announcement: 'Correct' }) {
    this.answers[index].resolve({ feedback, next: this.make() });
  }
}

function setup(kind = 'comparison') {
  const engine = new FakeEngine();
  const api = new FakeApi(kind === 'comparison' ? comparisonExercise : pitchExercise);
  const timers = new ManualTimers();
  const events = [];
  const loop = new TrainingLoop({
    kind, mode: kind, nextUrl: `/api/exercises/next?mode=${kind}`, api, engine, timers,
    hooks: {
      onStateChange: (state) => events.push(state),
      onFeedback: (feedback) => events.push(['feedback', feedback]),
      onFeedbackEnd: () => events.push('feedbackEnd'),
      onError: (error) => events.push(['error', error.message]),
    },
  });
  return { engine, api, timers, events, loop };
}

test('answers are refused during the reference and accepted once the target starts', async () => {
  const { engine, api, loop } = setup();
  await loop.start();
  assert.equal(loop.state, LoopState.playingReference);
  assert.equal(loop.answer('higher'), false, 'no answer during the reference');
  assert.equal(api.answers.length, 0);
  engine.last.startTarget();
  await flush();
  assert.equal(loop.state, LoopState.awaitingAnswer);
  assert.equal(loop.answer('higher'), true);
  assert.deepEqual(api.answers.map((a) => a.body), [{ answer: 'higher' }]);
});

test('the first answer wins: a second tap or key cannot count', async () => {
  const { engine, api, loop } = setup();
  await loop.start();
  engine.last.startTarget();
  await flush();
  assert.equal(loop.answer('lower'), true);
  assert.equal(loop.answer('higher'), false);
  assert.equal(loop.answer('lower'), false);
  assert.equal(api.answers.length, 1);
  assert.equal(api.answers[0].body.answer, 'lower');
  assert.equal(engine.last.stopped, true, 'the target note stops at the answer');
  assert.equal(loop.state, LoopState.submitting);
});

test('feedback shows for exactly 400 ms, then the next exercise plays', async () => {
  const { engine, api, timers, events, loop } = setup();
  await loop.start();
  engine.last.startTarget();
  await flush();
  loop.answer('higher');
  api.reply();
  await flush();
  assert.equal(FEEDBACK_MILLISECONDS, 400);
  assert.equal(loop.state, LoopState.feedback);
  assert.deepEqual(events.at(-1), ['feedback', { kind: 'comparison', isCorrect: true, announcement: 'Correct' }]);
  assert.equal(loop.answer('lower'), false, 'no answers during feedback');
  timers.advance(399);
  assert.equal(loop.state, LoopState.feedback);
  assert.equal(engine.scheduled.length, 1);
  timers.advance(1);
  assert.equal(engine.scheduled.length, 2, 'the next exercise (from the reply) is scheduled');
  assert.equal(loop.state, LoopState.playingReference);
  assert.ok(events.includes('feedbackEnd'));
  assert.equal(api.nextCalls, 1, 'one round trip per exercise: the next came with the reply');
  assert.equal(loop.answer('higher'), false, 'the next reference is playing');
});

test('stopping during the reference discards the exercise: nothing is sent, the sound stops', async () => {
  const { engine, api, loop } = setup();
  await loop.start();
  loop.stop();
  assert.equal(loop.state, LoopState.stopped);
  assert.equal(engine.stopAllCount >= 1, true);
  engine.last.startTarget();
  await flush();
  assert.equal(loop.state, LoopState.stopped, 'a late target start does not reopen answers');
  assert.equal(loop.answer('higher'), false);
  assert.equal(api.answers.length, 0);
});

test('stopping while awaiting the answer discards it; stopping during feedback cancels the next', async () => {
  const { engine, api, timers, loop } = setup();
  await loop.start();
  engine.last.startTarget();
  await flush();
  loop.stop();
  assert.equal(loop.answer('higher'), false);
  assert.equal(api.answers.length, 0);

  await loop.start();
  engine.last.startTarget();
  await flush();
  loop.answer('lower');
  api.reply();
  await flush();
  assert.equal(loop.state, LoopState.feedback);
  const scheduledBefore = engine.scheduled.length;
  loop.stop();
  timers.advance(1000);
  assert.equal(engine.scheduled.length, scheduledBefore, 'no next exercise after stopping');
});

test('a reply that arrives after stopping is ignored', async () => {
  const { engine, api, events, loop } = setup();
  await loop.start();
  engine.last.startTarget();
  await flush();
  loop.answer('higher');
  loop.stop();
  api.reply();
  await flush();
  assert.equal(loop.state, LoopState.stopped);
  assert.ok(!events.some((e) => Array.isArray(e) && e[0] === 'feedback'));
});

test('pitch matching: slider only while the tunable note plays; release commits the value', async () => {
  const { engine, api, loop } = setup('pitchMatching');
  await loop.start();
  assert.equal(engine.last.kind, 'pitchMatching');
  assert.equal(loop.setSlider(0.3), false, 'inactive during the reference');
  assert.equal(loop.answer(0.3), false);
  engine.last.startTarget();
  await flush();
  assert.equal(loop.setSlider(0.3), true);
  assert.equal(loop.setSlider(-0.2), true);
  assert.deepEqual(engine.sliderValues, [0.3, -0.2]);
  assert.equal(loop.answer('higher'), false, 'a comparison answer is not a slider value');
  assert.equal(loop.answer(-0.2), true);
  assert.equal(loop.answer(0.5), false);
  assert.equal(loop.setSlider(0.9), false, 'nothing follows the slider after release');
  assert.deepEqual(api.answers.map((a) => a.body), [{ sliderValue: -0.2 }]);
  assert.equal(engine.last.stopped, true, 'the tunable note is released');
});

test('an unknown exercise (server restarted) continues with a fresh one; other errors stop', async () => {
  const { engine, api, events, loop } = setup();
  await loop.start();
  engine.last.startTarget();
  await flush();
  loop.answer('higher');
  api.answers[0].reject(Object.assign(new Error('There is no open exercise'), { code: 'unknownExercise' }));
  await flush();
  assert.equal(api.nextCalls, 2);
  assert.equal(loop.state, LoopState.playingReference);

  engine.last.startTarget();
  await flush();
  loop.answer('lower');
  api.answers[1].reject(Object.assign(new Error('The slider value 3 is outside −1 … 1.'), { code: 'outOfRange' }));
  await flush();
  assert.equal(loop.state, LoopState.stopped);
  assert.deepEqual(events.at(-1), ['error', 'The slider value 3 is outside −1 … 1.']);
});

test('a next exercise of another mode (a retry answered after a restart) is replaced by one of the page\'s mode', async () => {
  const { engine, api, timers, loop } = setup();
  await loop.start();
  engine.last.startTarget();
  await flush();
  loop.answer('higher');
  api.answers[0].resolve({
    feedback: { kind: 'comparison', isCorrect: true },
    next: { ...comparisonExercise(), mode: 'intervalComparison' },
  });
  await flush();
  assert.equal(api.nextCalls, 1);
  timers.advance(FEEDBACK_MILLISECONDS);
  await flush();
  assert.equal(api.nextCalls, 2, 'asked for an exercise of its own mode');
  assert.equal(engine.scheduled.length, 2, 'the other mode\'s exercise was never played');
  assert.equal(loop.exercise.mode, 'comparison');
});

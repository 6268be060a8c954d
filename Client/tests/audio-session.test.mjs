import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AudioSession } from '../audio/audio-session.js';
import { FakeAudioContext } from './fake-audio-context.mjs';

/**
 * A window with a stand-in AudioContext whose state and clock the test drives: it starts
 * `suspended`, `resume()` makes it `running` after `startDelay` milliseconds (never, with
 * null), and its clock moves while it runs unless `frozen`. Every step is logged in order.
 */
function standIn({ startDelay = 0, audioSession = true } = {}) {
  const log = [];
  const contexts = [];
  class StandInContext extends FakeAudioContext {
    constructor(options) {
      super();
      log.push(['new AudioContext', options.latencyHint]);
      this.events = new EventTarget();
      this.state = 'suspended';
      this.frozen = false;
      this.startedAt = null;
      this.closed = false;
      contexts.push(this);
    }
    get currentTime() {
      return this.startedAt === null || this.frozen ? 0 : (performance.now() - this.startedAt) / 1000;
    }
    set currentTime(value) { /* the clock is the stand-in's */ }
    addEventListener(...args) { this.events.addEventListener(...args); }
    removeEventListener(...args) { this.events.removeEventListener(...args); }
    setState(state) {
      this.state = state;
      if (state === 'running') this.startedAt ??= performance.now();
      this.events.dispatchEvent(new Event('statechange'));
    }
    resume() {
      log.push(['resume']);
      if (startDelay !== null && this.state !== 'running') setTimeout(() => this.setState('running'), startDelay);
      return Promise.resolve();
    }
    close() { this.closed = true; this.setState('closed'); return Promise.resolve(); }
    createBuffer(channels, length, sampleRate) { return { channels, length, sampleRate }; }
  }
  const navigator = {};
  if (audioSession) {
    let type = 'auto';
    navigator.audioSession = {
      get type() { return type; },
      set type(value) { log.push(['audioSession.type', value]); type = value; },
    };
  }
  const window = { AudioContext: StandInContext, navigator, setTimeout, clearTimeout };
  return { window, log, contexts };
}

test('inside the tap, the page says it plays media before the context is created or resumed', async () => {
  const { window, log } = standIn();
  const session = new AudioSession({ window });
  session.unlock();
  assert.deepEqual(log, [['audioSession.type', 'playback'], ['new AudioContext', 'interactive'], ['resume']]);
  assert.equal(await session.whenRunning(), true);
  log.length = 0;
  session.unlock();
  assert.deepEqual(log, [['resume']], 'set once; the running context is resumed, not replaced');
});

test('without navigator.audioSession (every browser but Safari 17+) the tap works the same', async () => {
  const { window, log } = standIn({ audioSession: false });
  const session = new AudioSession({ window });
  session.unlock();
  assert.deepEqual(log, [['new AudioContext', 'interactive'], ['resume']]);
  assert.equal(await session.whenRunning(), true);
});

test('a context that reports running a second after the tap is waited for, by its statechange', async () => {
  const { window } = standIn({ startDelay: 1200 });
  const session = new AudioSession({ window });
  session.unlock();
  const started = performance.now();
  assert.equal(await session.whenRunning(), true);
  assert.ok(performance.now() - started >= 1200, 'resolved when the context started');
});

test('a context that does not start within the bound is reported as not running', async () => {
  const { window } = standIn({ startDelay: null });
  const session = new AudioSession({ window });
  session.unlock();
  assert.equal(await session.whenRunning(50), false);
  assert.equal(session.interrupted, false, 'not started is not interrupted: a tap may still start it');
});

test('a context running with a frozen clock counts as interrupted: the next tap makes a new one', async () => {
  const { window, contexts } = standIn();
  const session = new AudioSession({ window });
  session.unlock();
  assert.equal(await session.whenRunning(), true);
  contexts[0].frozen = true;
  assert.equal(await session.whenRunning(), false, 'no notes on a clock that stands still');
  assert.equal(session.interrupted, true);
  session.unlock();
  assert.equal(contexts.length, 2, 'a new context');
  assert.equal(contexts[0].closed, true, 'the frozen one is let go');
  assert.equal(await session.whenRunning(), true);
  assert.equal(session.context, contexts[1]);
});

for (const state of ['interrupted', 'suspended']) {
  test(`the context moving to ${state} is an interruption; only a tap starts the sound again, on a new context`, async () => {
    const { window, contexts } = standIn();
    let interruptions = 0;
    const session = new AudioSession({ window, onInterrupted: () => { interruptions += 1; } });
    session.unlock();
    assert.equal(await session.whenRunning(), true);
    contexts[0].setState(state);
    assert.equal(interruptions, 1);
    assert.equal(session.interrupted, true);
    contexts[0].setState('running'); // Safari may report running again: the clock may be frozen
    assert.equal(await session.whenRunning(), false, 'not trusted without a tap');
    session.unlock();
    assert.equal(contexts.length, 2);
    assert.equal(await session.whenRunning(), true);
    assert.equal(interruptions, 1, 'closing the old context is no second interruption');
  });
}

test('a context suspended before it was ever heard is no interruption (one that starts suspended)', async () => {
  const { window, contexts } = standIn();
  let interruptions = 0;
  const session = new AudioSession({ window, onInterrupted: () => { interruptions += 1; } });
  session.unlock();
  contexts[0].setState('suspended');
  assert.equal(interruptions, 0);
  assert.equal(await session.whenRunning(), true, 'it starts running after all');
  assert.equal(contexts.length, 1, 'the same context');
});

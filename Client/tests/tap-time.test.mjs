import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tapTime } from '../audio/tap-time.js';

test('a tap is placed on the audio clock by the output timestamp: the time heard then', () => {
  const context = {
    currentTime: 10.2, outputLatency: 0.04,
    getOutputTimestamp: () => ({ contextTime: 10.15, performanceTime: 5_000 }),
  };
  assert.equal(tapTime(context, 5_030, 5_050), 10.15 + 0.03);
  assert.equal(tapTime(context, 4_990, 5_050), 10.15 - 0.01, 'an event from before the pairing');
});

test('without an output timestamp yet, the rendering clock less the output latency and the event\'s age', () => {
  const context = { currentTime: 3, outputLatency: 0.02, getOutputTimestamp: () => ({ contextTime: 0, performanceTime: 0 }) };
  assert.ok(Math.abs(tapTime(context, 990, 1_000) - (3 - 0.02 - 0.01)) < 1e-12);
  assert.ok(Math.abs(tapTime({ currentTime: 3 }, 1_000, 1_000) - 3) < 1e-12);
});

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

test('a pairing that does not hold together with the rendering clock is not believed', () => {
  // As WebKitGTK 2.50 reports it: performanceTime is now plus the context's age.
  const context = {
    currentTime: 2.383, outputLatency: 0, baseLatency: 0.0029,
    getOutputTimestamp: () => ({ contextTime: 2.380, performanceTime: 5_346 }),
  };
  assert.ok(Math.abs(tapTime(context, 2_958, 2_968) - (2.383 - 0.01)) < 1e-12);
  // Chromium's, with its output and base latency between rendering and hearing: believed.
  const chromium = {
    currentTime: 0.9201, outputLatency: 0.032, baseLatency: 0.01,
    getOutputTimestamp: () => ({ contextTime: 0.88001, performanceTime: 1_078.3 }),
  };
  assert.ok(Math.abs(tapTime(chromium, 1_081.5, 1_081.5) - (0.88001 + 0.0032)) < 1e-9);
});

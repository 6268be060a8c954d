import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sampleZone } from '../audio/sample-zone.js';
import { decodeWave, waveFile } from './wave-file.mjs';

test('a zone keeps its samples at their own rate, its root in hertz and its loop in seconds', () => {
  const samples = Array.from({ length: 1000 }, (_, i) => Math.round(10000 * Math.sin(i / 7)));
  const zone = sampleZone({
    keyLow: 58, keyHigh: 62, rootHertz: 263.5, sampleRate: 44100, loopStart: 441, loopEnd: 882, gain: 0.8,
  }, decodeWave(waveFile([samples])));
  assert.equal(zone.buffer.sampleRate, 44100, 'at its own rate');
  assert.equal(zone.buffer.length, 1000);
  assert.equal(zone.buffer.getChannelData(0)[10], samples[10] / 32768);
  assert.equal(zone.rootFrequency, 263.5, 'the root the index gives, in hertz');
  assert.equal(zone.loopStart, 0.01);
  assert.equal(zone.loopEnd, 0.02);
  assert.equal(zone.gain, 0.8);
  assert.deepEqual([zone.keyLow, zone.keyHigh], [58, 62]);
});

test('a zone without a loop has null loop points; a loop outside the data or a rate mismatch is refused', () => {
  const buffer = decodeWave(waveFile([[1, 2, 3, 4]], { sampleRate: 32000 }));
  const zone = sampleZone({ keyLow: 1, keyHigh: 2, rootHertz: 261.6, loopStart: null, loopEnd: null }, buffer);
  assert.equal(zone.loopStart, null);
  assert.equal(zone.loopEnd, null);
  assert.equal(zone.gain, 1);
  assert.throws(() => sampleZone({ rootHertz: 261.6, loopStart: 2, loopEnd: 5 }, buffer), /loop \[2, 5\)/);
  assert.throws(() => sampleZone({ rootHertz: 261.6, sampleRate: 44100, loopStart: null, loopEnd: null }, buffer),
    /zone says 44100 Hz, its samples are 32000 Hz/);
});

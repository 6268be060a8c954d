import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseWave, sampleZone, rootFrequency } from '../../Sources/PeachWeb/Assets/sample-zone.js';
import { FakeAudioContext } from './fake-audio-context.mjs';
import { waveFile } from './wave-file.mjs';

test('a mono 16-bit PCM WAV parses to its rate, frames and samples / 32768', () => {
  const wave = parseWave(waveFile([[0, 16384, -32768, 32767, -1]], { sampleRate: 44100 }));
  assert.equal(wave.sampleRate, 44100);
  assert.equal(wave.channels, 1);
  assert.equal(wave.frames, 5);
  assert.deepEqual([...wave.data], [0, 0.5, -1, 32767 / 32768, -1 / 32768]);
});

test('a stereo WAV is averaged to one channel, and chunks before data (odd sizes padded) are skipped', () => {
  const wave = parseWave(waveFile([[1000, -2000], [3000, 2000]], { sampleRate: 22050, extraChunk: true }));
  assert.equal(wave.channels, 2);
  assert.equal(wave.frames, 2);
  assert.deepEqual([...wave.data], [2000 / 32768, 0]);
});

test('anything but a 16-bit PCM WAV is refused with an Error that says why', () => {
  const refusals = [
    [new ArrayBuffer(0), /not a WAV file/],
    [new TextEncoder().encode('RIFF....AVI LIST').buffer, /not a WAV file/],
    [waveFile([[0, 0]], { formatTag: 3, bitsPerSample: 32 }), /unsupported WAV format 3/],
    [waveFile([[0, 0]], { bitsPerSample: 8 }), /unsupported WAV sample size 8 bits/],
    [waveFile([[0], [0], [0]]), /unsupported WAV channel count 3/],
    [waveFile([[1, 2, 3, 4]]).slice(0, 48), /truncated/],
    ['RIFF', /not a WAV file/],
  ];
  for (const [bytes, message] of refusals) assert.throws(() => parseWave(bytes), message);
  const noData = waveFile([[]]).slice(0, 36);
  new DataView(noData).setUint32(4, 28, true);
  assert.throws(() => parseWave(noData), /no data chunk/);
});

test('a zone becomes a buffer at the WAV\'s own rate, its root in hertz and its loop in seconds', () => {
  const context = new FakeAudioContext({ sampleRate: 48000 });
  const samples = Array.from({ length: 1000 }, (_, i) => Math.round(10000 * Math.sin(i / 7)));
  const zone = sampleZone(context, {
    keyLow: 58, keyHigh: 62, pitchCents: 6037, sampleRate: 44100, loopStart: 441, loopEnd: 882, gain: 0.8,
  }, waveFile([samples]));
  assert.equal(zone.buffer.sampleRate, 44100, 'not resampled to the context');
  assert.equal(zone.buffer.length, 1000);
  assert.equal(zone.buffer.getChannelData(0)[10], samples[10] / 32768);
  assert.equal(zone.rootFrequency, 440 * Math.pow(2, (6037 - 6900) / 1200));
  assert.equal(zone.loopStart, 0.01);
  assert.equal(zone.loopEnd, 0.02);
  assert.equal(zone.gain, 0.8);
  assert.deepEqual([zone.keyLow, zone.keyHigh], [58, 62]);
  assert.equal(rootFrequency(6900), 440);
  assert.equal(rootFrequency(6000), 440 / Math.pow(2, 0.75));
});

test('a zone without a loop has null loop points; a loop outside the data or a rate mismatch is refused', () => {
  const context = new FakeAudioContext();
  const bytes = waveFile([[1, 2, 3, 4]], { sampleRate: 32000 });
  const zone = sampleZone(context, { keyLow: 1, keyHigh: 2, pitchCents: 6000, loopStart: null, loopEnd: null }, bytes);
  assert.equal(zone.loopStart, null);
  assert.equal(zone.loopEnd, null);
  assert.equal(zone.gain, 1);
  assert.throws(() => sampleZone(context, { pitchCents: 6000, loopStart: 2, loopEnd: 5 }, bytes), /loop \[2, 5\)/);
  assert.throws(() => sampleZone(context, { pitchCents: 6000, sampleRate: 44100, loopStart: null, loopEnd: null }, bytes),
    /zone says 44100 Hz, its WAV is 32000 Hz/);
});

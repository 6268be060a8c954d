// Builds RIFF WAVE bytes for the tests of sample-zone.js and sound-library.js, and decodes them
// into a FakeAudioBuffer: what the browser's decodeAudioData does (there with FLAC), for node.

import { FakeAudioBuffer } from './fake-audio-context.mjs';

/**
 * A WAV file of 16-bit PCM (or any format tag and sample size, to test refusals).
 * @param {number[][]} channels one array of int16 values per channel
 */
export function waveFile(channels, { sampleRate = 44100, formatTag = 1, bitsPerSample = 16, extraChunk = false } = {}) {
  const frames = channels[0].length;
  const blockAlign = channels.length * bitsPerSample / 8;
  const dataSize = frames * blockAlign;
  const extra = extraChunk ? 8 + 3 + 1 : 0; // an odd-sized chunk, padded
  const bytes = new ArrayBuffer(44 + extra + dataSize);
  const view = new DataView(bytes);
  const tag = (offset, text) => [...text].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  tag(0, 'RIFF'); view.setUint32(4, bytes.byteLength - 8, true); tag(8, 'WAVE');
  tag(12, 'fmt '); view.setUint32(16, 16, true);
  view.setUint16(20, formatTag, true); view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true); view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true); view.setUint16(34, bitsPerSample, true);
  let at = 36;
  if (extraChunk) { tag(at, 'LIST'); view.setUint32(at + 4, 3, true); at += 12; }
  tag(at, 'data'); view.setUint32(at + 4, dataSize, true); at += 8;
  for (let i = 0; i < frames; i += 1) {
    for (const channel of channels) {
      if (bitsPerSample === 16) view.setInt16(at, channel[i], true);
      at += bitsPerSample / 8;
    }
  }
  return bytes;
}

const PCM = 1;
const EXTENSIBLE = 0xfffe;

/**
 * Parses a RIFF WAVE file of 16-bit PCM, mono or stereo (stereo is averaged to one channel).
 * Throws an `Error` that says what is wrong on anything else ("not a WAV file",
 * "unsupported WAV format 3", a truncated chunk…); never reads outside the buffer.
 * Cost: one pass over the samples.
 * @param {ArrayBuffer} arrayBuffer
 * @returns {{sampleRate: number, channels: number, frames: number, data: Float32Array}}
 *   `data`: `frames` values in [−1, 1) (`int16 / 32768`)
 */
function parseWave(arrayBuffer) {
  if (!(arrayBuffer instanceof ArrayBuffer) && !ArrayBuffer.isView(arrayBuffer)) {
    throw new Error('not a WAV file: expected an ArrayBuffer');
  }
  const view = ArrayBuffer.isView(arrayBuffer)
    ? new DataView(arrayBuffer.buffer, arrayBuffer.byteOffset, arrayBuffer.byteLength)
    : new DataView(arrayBuffer);
  const tag = (offset) => String.fromCharCode(
    view.getUint8(offset), view.getUint8(offset + 1), view.getUint8(offset + 2), view.getUint8(offset + 3));
  if (view.byteLength < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('not a WAV file');

  let format = null;
  let data = null;
  for (let offset = 12; offset + 8 <= view.byteLength;) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (body + size > view.byteLength) {
      // A data chunk cut short is a truncated download; any other chunk too.
      throw new Error(`WAV file truncated: chunk "${id}" needs ${size} bytes, ${view.byteLength - body} left`);
    }
    if (id === 'fmt ') {
      if (size < 16) throw new Error('WAV fmt chunk too short');
      let formatTag = view.getUint16(body, true);
      if (formatTag === EXTENSIBLE && size >= 26) formatTag = view.getUint16(body + 24, true);
      format = {
        formatTag,
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      data = { offset: body, size };
    }
    offset = body + size + (size & 1); // chunks are padded to an even length
  }
  if (format === null) throw new Error('WAV file has no fmt chunk');
  if (format.formatTag !== PCM) throw new Error(`unsupported WAV format ${format.formatTag} (16-bit PCM only)`);
  if (format.bitsPerSample !== 16) throw new Error(`unsupported WAV sample size ${format.bitsPerSample} bits (16-bit PCM only)`);
  if (format.channels !== 1 && format.channels !== 2) throw new Error(`unsupported WAV channel count ${format.channels}`);
  if (format.sampleRate === 0) throw new Error('WAV sample rate is 0');
  if (data === null) throw new Error('WAV file has no data chunk');

  const channels = format.channels;
  const frames = Math.floor(data.size / (2 * channels));
  const samples = new Float32Array(frames);
  for (let i = 0, at = data.offset; i < frames; i += 1) {
    let sum = 0;
    for (let c = 0; c < channels; c += 1, at += 2) sum += view.getInt16(at, true);
    samples[i] = sum / (32768 * channels);
  }
  return { sampleRate: format.sampleRate, channels, frames, data: samples };
}


/** The buffer the browser would decode from `bytes` (one channel, at the file's rate). */
export function decodeWave(bytes) {
  const wave = parseWave(bytes);
  const buffer = new FakeAudioBuffer(1, wave.frames, wave.sampleRate);
  buffer.copyToChannel(wave.data, 0);
  return buffer;
}

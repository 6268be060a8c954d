// Builds RIFF WAVE bytes for the tests of sample-zone.js and sound-library.js.

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

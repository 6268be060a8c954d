/// One prepared instrument zone (docs/sounds.md) made playable: its WAV parsed and copied into
/// an `AudioBuffer` at the sample's own rate, with its root frequency and loop in seconds.
/// No DOM access; used by sound-library.js and played by audio-engine.js.
///
/// Why `createBuffer` + `copyToChannel` and not `decodeAudioData`: decoding resamples the data
/// to the context's rate (44.1 kHz samples in a 48 kHz context), which moves the loop points
/// off the frames the SoundFont chose and can put them between samples. A buffer at the WAV's
/// own rate keeps every frame where it was; the `AudioBufferSourceNode` resamples while playing,
/// and `playbackRate = frequency / rootFrequency` is then exact (the node converts between the
/// buffer's rate and the context's by itself).

/** The frequency of MIDI cents `pitchCents` (6900 = A4 = 440 Hz): `440·2^((c − 6900)/1200)`. */
export function rootFrequency(pitchCents) {
  return 440 * Math.pow(2, (pitchCents - 6900) / 1200);
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
export function parseWave(arrayBuffer) {
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

/**
 * A zone ready to play: the engine's `sound`.
 * @typedef {object} SampleZone
 * @property {AudioBuffer} buffer one channel at the WAV's own sample rate
 * @property {number} rootFrequency hertz of the data played at its own rate
 * @property {number|null} loopStart seconds into the buffer, or null (the zone does not loop)
 * @property {number|null} loopEnd seconds into the buffer (first frame after the loop), or null
 * @property {number} gain linear gain that levels the zone with the others
 * @property {number} keyLow first MIDI note the zone plays
 * @property {number} keyHigh last MIDI note the zone plays (inclusive)
 */

/**
 * Builds the `SampleZone` of one index.json zone from its WAV's bytes.
 * @param {BaseAudioContext} context
 * @param {{keyLow: number, keyHigh: number, pitchCents: number, loopStart: number|null,
 *   loopEnd: number|null, gain?: number, sampleRate?: number}} zone
 * @param {ArrayBuffer} waveArrayBuffer
 * @returns {SampleZone}
 */
export function sampleZone(context, zone, waveArrayBuffer) {
  const wave = parseWave(waveArrayBuffer);
  if (zone.sampleRate !== undefined && zone.sampleRate !== wave.sampleRate) {
    throw new Error(`zone says ${zone.sampleRate} Hz, its WAV is ${wave.sampleRate} Hz`);
  }
  if (wave.frames === 0) throw new Error('WAV file has no samples');
  const loops = zone.loopStart !== null && zone.loopStart !== undefined
    && zone.loopEnd !== null && zone.loopEnd !== undefined;
  if (loops && !(zone.loopStart >= 0 && zone.loopStart < zone.loopEnd && zone.loopEnd <= wave.frames)) {
    throw new Error(`zone loop [${zone.loopStart}, ${zone.loopEnd}) is not inside its ${wave.frames} frames`);
  }
  // Without a context (Peach loads the chosen instrument when it opens, before the tap that
  // may create one) the AudioBuffer constructor makes the same buffer: buffers belong to no context.
  const buffer = context
    ? context.createBuffer(1, wave.frames, wave.sampleRate)
    : new AudioBuffer({ numberOfChannels: 1, length: wave.frames, sampleRate: wave.sampleRate });
  buffer.copyToChannel(wave.data, 0);
  return {
    buffer,
    rootFrequency: rootFrequency(zone.pitchCents),
    loopStart: loops ? zone.loopStart / wave.sampleRate : null,
    loopEnd: loops ? zone.loopEnd / wave.sampleRate : null,
    gain: zone.gain ?? 1,
    keyLow: zone.keyLow,
    keyHigh: zone.keyHigh,
  };
}

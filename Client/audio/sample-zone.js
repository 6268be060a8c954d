/// One prepared instrument zone (docs/sounds.md) made playable: its FLAC decoded into an
/// `AudioBuffer` at the sample's own rate, with its root frequency and loop in seconds.
/// No DOM access; used by sound-library.js and played by audio-engine.js.
///
/// Why an `OfflineAudioContext` at the zone's own rate: `decodeAudioData` resamples what it
/// decodes to its context's rate (44.1 kHz samples in a 48 kHz context), which would move the
/// loop points off the frames the SoundFont chose and put them between samples. Decoded by a
/// context at the file's own rate, nothing is resampled: FLAC is lossless, so the buffer holds
/// the prepared frames exactly. The `AudioBufferSourceNode` resamples while playing, and
/// `playbackRate = frequency / rootFrequency` is then exact (the node converts between the
/// buffer's rate and the context's by itself). Every current browser decodes FLAC this way,
/// Safari on iPhone too; no context of the page is needed, so an instrument loads before the
/// first tap.

/**
 * Decodes an audio file (the zones' FLAC) into an `AudioBuffer` at `sampleRate`, the file's own
 * rate, so that nothing is resampled.
 * @param {ArrayBuffer} bytes
 * @param {number} sampleRate
 * @returns {Promise<AudioBuffer>}
 */
export function decodeSamples(bytes, sampleRate) {
  return new OfflineAudioContext(1, 1, sampleRate).decodeAudioData(bytes);
}

/**
 * A zone ready to play: the engine's `sound`.
 * @typedef {object} SampleZone
 * @property {AudioBuffer} buffer one channel at the zone's own sample rate
 * @property {number} rootFrequency hertz of the data played at its own rate
 * @property {number|null} loopStart seconds into the buffer, or null (the zone does not loop)
 * @property {number|null} loopEnd seconds into the buffer (first frame after the loop), or null
 * @property {number} gain linear gain that levels the zone with the others
 * @property {number} keyLow first MIDI note the zone plays
 * @property {number} keyHigh last MIDI note the zone plays (inclusive)
 */

/**
 * The `SampleZone` of one index.json zone, from its decoded samples.
 * @param {{keyLow: number, keyHigh: number, rootHertz: number, loopStart: number|null,
 *   loopEnd: number|null, gain?: number, sampleRate?: number}} zone
 * @param {AudioBuffer} buffer the zone's samples at their own rate (`decodeSamples`)
 * @returns {SampleZone}
 */
export function sampleZone(zone, buffer) {
  if (zone.sampleRate !== undefined && zone.sampleRate !== buffer.sampleRate) {
    throw new Error(`zone says ${zone.sampleRate} Hz, its samples are ${buffer.sampleRate} Hz`);
  }
  const loops = zone.loopStart !== null && zone.loopStart !== undefined
    && zone.loopEnd !== null && zone.loopEnd !== undefined;
  if (loops && !(zone.loopStart >= 0 && zone.loopStart < zone.loopEnd && zone.loopEnd <= buffer.length)) {
    throw new Error(`zone loop [${zone.loopStart}, ${zone.loopEnd}) is not inside its ${buffer.length} frames`);
  }
  return {
    buffer,
    rootFrequency: zone.rootHertz,
    loopStart: loops ? zone.loopStart / buffer.sampleRate : null,
    loopEnd: loops ? zone.loopEnd / buffer.sampleRate : null,
    gain: zone.gain ?? 1,
    keyLow: zone.keyLow,
    keyHigh: zone.keyHigh,
  };
}

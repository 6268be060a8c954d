// A small stand-in for AudioContext that records what the engine schedules, for node --test.
// It models only what the audio engine uses: oscillators, buffer sources and buffers, gains,
// AudioParam automation calls, start/stop and the `ended` event (fired by `advanceTo(time)`).

export class FakeAudioParam {
  constructor(defaultValue) {
    this.value = defaultValue;
    this.events = [];
  }
  setValueAtTime(value, time) { this.events.push({ type: 'setValue', value, time }); return this; }
  linearRampToValueAtTime(value, time) { this.events.push({ type: 'linearRamp', value, time }); return this; }
  setTargetAtTime(target, time, timeConstant) {
    this.events.push({ type: 'setTarget', target, time, timeConstant }); return this;
  }
  setValueCurveAtTime(values, time, duration) {
    const overlapping = this.events.some((e) => e.type === 'setValueCurve'
      && time < e.time + e.duration && e.time < time + duration);
    if (overlapping) throw new Error('NotSupportedError: overlapping value curves');
    this.events.push({ type: 'setValueCurve', values: Float32Array.from(values), time, duration });
    return this;
  }
  cancelScheduledValues(time) {
    this.events = this.events.filter((e) => e.time < time);
    this.events.push({ type: 'cancel', time });
    return this;
  }
  /** The automation events that are still in effect (cancel markers dropped). */
  get scheduled() { return this.events.filter((e) => e.type !== 'cancel'); }
}

class FakeNode {
  constructor(context) { this.context = context; this.outputs = new Set(); }
  connect(node) { this.outputs.add(node); return node; }
  disconnect() { this.outputs.clear(); }
}

export class FakeGainNode extends FakeNode {
  constructor(context) { super(context); this.gain = new FakeAudioParam(1); }
}

export class FakeOscillatorNode extends FakeNode {
  constructor(context) {
    super(context);
    this.type = 'sine';
    this.frequency = new FakeAudioParam(440);
    this.startTime = null;
    this.stopTime = null;
    this.onended = null;
    this.hasEnded = false;
  }
  start(time = 0) { this.startTime = time; }
  stop(time = 0) {
    // As in Web Audio: the last call to stop() wins; a time in the past means "now".
    this.stopTime = Math.max(time, this.context.currentTime);
  }
}

export class FakeAudioBuffer {
  constructor(channels, length, sampleRate) {
    if (!(length > 0) || !(sampleRate > 0)) throw new Error('NotSupportedError: empty buffer');
    this.numberOfChannels = channels;
    this.length = length;
    this.sampleRate = sampleRate;
    this.duration = length / sampleRate;
    this.channels = Array.from({ length: channels }, () => new Float32Array(length));
  }
  copyToChannel(source, channel) { this.channels[channel].set(source.subarray(0, this.length)); }
  getChannelData(channel) { return this.channels[channel]; }
}

/** An AudioBufferSourceNode: same start/stop/ended as the oscillator, pitch on playbackRate. */
export class FakeAudioBufferSourceNode extends FakeNode {
  constructor(context) {
    super(context);
    this.buffer = null;
    this.loop = false;
    this.loopStart = 0;
    this.loopEnd = 0;
    this.playbackRate = new FakeAudioParam(1);
    this.detune = new FakeAudioParam(0);
    this.startTime = null;
    this.stopTime = null;
    this.onended = null;
    this.hasEnded = false;
  }
  start(time = 0) { this.startTime = time; }
  stop(time = 0) { this.stopTime = Math.max(time, this.context.currentTime); }
}

export class FakeAudioContext {
  constructor({ sampleRate = 48000, currentTime = 0 } = {}) {
    this.sampleRate = sampleRate;
    this.currentTime = currentTime;
    this.state = 'running';
    this.destination = new FakeNode(this);
    this.oscillators = [];
    this.bufferSources = [];
    this.gains = [];
  }
  createOscillator() { const o = new FakeOscillatorNode(this); this.oscillators.push(o); return o; }
  createBufferSource() { const b = new FakeAudioBufferSourceNode(this); this.bufferSources.push(b); return b; }
  createGain() { const g = new FakeGainNode(this); this.gains.push(g); return g; }
  createBuffer(channels, length, sampleRate) { return new FakeAudioBuffer(channels, length, sampleRate); }
  /** Moves the clock and fires `ended` for every source whose stop time has passed. */
  advanceTo(time) {
    this.currentTime = time;
    for (const o of [...this.oscillators, ...this.bufferSources]) {
      if (!o.hasEnded && o.stopTime !== null && o.stopTime <= time) {
        o.hasEnded = true;
        o.onended?.();
      }
    }
  }
}

/** Lets pending promise callbacks run. */
export const flush = () => new Promise((resolve) => setImmediate(resolve));

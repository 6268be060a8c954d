import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RETRY_MILLISECONDS, SoundChoice, SoundState } from '../audio/sound-choice.js';

/** A library whose loads the test finishes by hand. */
class ManualLibrary {
  constructor() { this.instruments = new Map(); this.loads = []; this.released = []; }
  loaded(source, { low, high }) { return this.instruments.get(`${source} ${low}-${high}`) ?? null; }
  playable(source, range, notes) {
    return this.loaded(source, range) ? notes.map((note) => this.loaded(source, range).zoneFor(note)) : null;
  }
  release(source = null, range = null) { this.released.push(source && `${source} ${range.low}-${range.high}`); }
  load(source, range) {
    let settle;
    const promise = new Promise((resolve, reject) => { settle = { resolve, reject }; });
    const key = `${source} ${range.low}-${range.high}`;
    const instrument = { source, zoneFor: (note) => ({ source, note }) };
    this.loads.push({
      key,
      finish: () => { this.instruments.set(key, instrument); settle.resolve(instrument); },
      fail: () => settle.reject(new Error('offline')),
    });
    return promise;
  }
}

function setup(settings, options = {}) {
  const library = new ManualLibrary();
  const statuses = [];
  const choice = new SoundChoice({
    library, settings: () => settings, onStatus: (status) => statuses.push(status), ...options,
  });
  return { library, statuses, choice };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const violin = { soundSource: 'violin', noteRangeLower: '36', noteRangeUpper: '84' };

test('the sine needs nothing: no load, always ready, every zone null', async () => {
  const { library, statuses, choice } = setup({ ...violin, soundSource: 'sine' });
  assert.equal(await choice.prepare(), null);
  assert.equal(choice.zonesFor([60, 67]), null);
  assert.equal(library.loads.length, 0);
  assert.deepEqual(statuses, [{ source: 'sine', state: SoundState.ready }]);
});

test('while an instrument loads the sine stands in at once, and the page is told', async () => {
  const { library, statuses, choice } = setup(violin);
  assert.equal(choice.zonesFor([60, 67]), null, 'never waits: the sine now');
  assert.equal(choice.zonesFor([64, 64]), null);
  assert.equal(library.loads.length, 1, 'one load for the range 36–84, however many notes asked');
  assert.equal(library.loads[0].key, 'violin 36-84');
  assert.deepEqual(statuses, [{ source: 'violin', state: SoundState.loading }]);
  library.loads[0].finish();
  await flush();
  assert.deepEqual(statuses.at(-1), { source: 'violin', state: SoundState.ready });
  assert.deepEqual(choice.zonesFor([60, 67]), [{ source: 'violin', note: 60 }, { source: 'violin', note: 67 }],
    'the instrument from the next exercise');
});

test('a failed load is reported once, plays the sine, and is tried again online or a minute later', async () => {
  let now = 0;
  const { library, statuses, choice } = setup(violin, { now: () => now });
  const first = choice.prepare();
  library.loads[0].fail();
  assert.equal(await first, null);
  assert.deepEqual(statuses.at(-1), { source: 'violin', state: SoundState.failed });
  assert.equal(choice.zonesFor([60, 67]), null);
  assert.equal(choice.zonesFor([62, 62]), null);
  assert.equal(library.loads.length, 1, 'not again at every exercise');
  assert.deepEqual(statuses.map((s) => s.state), ['loading', 'failed'], 'nothing more announced');
  now += RETRY_MILLISECONDS;
  choice.zonesFor([60, 67]);
  assert.equal(library.loads.length, 2, 'a minute later');
  library.loads[1].fail();
  await flush();
  choice.online();
  assert.equal(library.loads.length, 3, 'at once when the device is online again');
});

test('the last status is kept for a page shown while the load is under way', () => {
  const { choice } = setup(violin);
  choice.prepare();
  assert.deepEqual(choice.status, { source: 'violin', state: SoundState.loading });
});

test('a load for a range left meanwhile reports nothing', async () => {
  const settings = { ...violin };
  const { library, statuses, choice } = setup(settings);
  choice.prepare();
  settings.noteRangeUpper = '96';
  choice.prepare();
  library.loads[0].finish();
  await flush();
  assert.deepEqual(statuses.map((s) => s.state), ['loading', 'loading'], 'the old range is not "ready"');
  library.loads[1].finish();
  await flush();
  assert.deepEqual(statuses.at(-1), { source: 'violin', state: SoundState.ready });
});

test('a new note range loads the zones it needs', async () => {
  const settings = { ...violin };
  const { library, choice } = setup(settings);
  choice.prepare();
  library.loads[0].finish();
  await flush();
  settings.noteRangeUpper = '96';
  assert.equal(choice.zonesFor([90, 90]), null);
  assert.equal(library.loads.at(-1).key, 'violin 36-96');
});

test('the preview plays the core\'s preview note at its frequency with the loaded instrument', async () => {
  const { library, choice } = setup(violin, { previewNote: () => ({ note: 57, frequency: 221 }) });
  const played = [];
  const engine = { stopAll: () => played.push('stopAll'), playNote: (note) => { played.push(note); return note; } };
  const preview = choice.preview(engine);
  library.loads[0].finish();
  await preview;
  assert.deepEqual(played, ['stopAll', { frequency: 221, duration: 1, sound: { source: 'violin', note: 57 } }]);
});

test('only the chosen instrument is kept: a new choice, a new range or the sine lets go of the others', async () => {
  const settings = { ...violin };
  const { library, choice } = setup(settings);
  choice.prepare();
  settings.soundSource = 'cello';
  choice.prepare();
  settings.noteRangeUpper = '96';
  choice.prepare();
  settings.soundSource = 'sine';
  choice.prepare();
  assert.deepEqual(library.released, ['violin 36-84', 'cello 36-84', 'cello 36-96', null]);
});

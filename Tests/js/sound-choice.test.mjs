import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SoundChoice, SoundState } from '../../Sources/PeachWeb/Assets/sound-choice.js';

/** A library whose loads the test finishes by hand. */
class ManualLibrary {
  constructor() { this.instruments = new Map(); this.loads = []; }
  loaded(source, { low, high }) { return this.instruments.get(`${source} ${low}-${high}`) ?? null; }
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

function setup(settings) {
  const library = new ManualLibrary();
  const statuses = [];
  const choice = new SoundChoice({
    library, settings: () => settings, onStatus: (status) => statuses.push(status),
  });
  return { library, statuses, choice };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const violin = { soundSource: 'violin', noteRangeLower: '36', noteRangeUpper: '84', referencePitch: '440' };

test('the sine needs nothing: no load, always ready, every zone null', async () => {
  const { library, statuses, choice } = setup({ ...violin, soundSource: 'sine' });
  assert.equal(await choice.prepare(), null);
  assert.equal(choice.zoneFor(60), null);
  assert.equal(library.loads.length, 0);
  assert.deepEqual(statuses, [{ source: 'sine', state: SoundState.ready }]);
});

test('while an instrument loads the sine stands in at once, and the page is told', async () => {
  const { library, statuses, choice } = setup(violin);
  assert.equal(choice.zoneFor(60), null, 'never waits: the sine now');
  assert.equal(choice.zoneFor(64), null);
  assert.equal(library.loads.length, 1, 'one load for the range 36–84, however many notes asked');
  assert.equal(library.loads[0].key, 'violin 36-84');
  assert.deepEqual(statuses, [{ source: 'violin', state: SoundState.loading }]);
  library.loads[0].finish();
  await flush();
  assert.deepEqual(statuses.at(-1), { source: 'violin', state: SoundState.ready });
  assert.deepEqual(choice.zoneFor(60), { source: 'violin', note: 60 }, 'the instrument from the next exercise');
});

test('a failed load is reported, plays the sine, and is tried again when needed', async () => {
  const { library, statuses, choice } = setup(violin);
  const first = choice.prepare();
  library.loads[0].fail();
  assert.equal(await first, null);
  assert.deepEqual(statuses.at(-1), { source: 'violin', state: SoundState.failed });
  assert.equal(choice.zoneFor(60), null);
  assert.equal(library.loads.length, 2, 'asked again');
});

test('a new note range loads the zones it needs', async () => {
  const settings = { ...violin };
  const { library, choice } = setup(settings);
  choice.prepare();
  library.loads[0].finish();
  await flush();
  settings.noteRangeUpper = '96';
  assert.equal(choice.zoneFor(90), null);
  assert.equal(library.loads.at(-1).key, 'violin 36-96');
});

test('the preview plays A4 at the reference pitch with the loaded instrument', async () => {
  const { library, choice } = setup({ ...violin, referencePitch: '442' });
  const played = [];
  const engine = { stopAll: () => played.push('stopAll'), playNote: (note) => { played.push(note); return note; } };
  const preview = choice.preview(engine);
  library.loads[0].finish();
  await preview;
  assert.deepEqual(played, ['stopAll', { frequency: 442, duration: 1, sound: { source: 'violin', note: 69 } }]);
});

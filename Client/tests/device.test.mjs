import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Device } from '../store/device.js';
import { loadPeachCore } from '../core/peach-core.js';

const wasm = readFileSync(new URL('../../.build/wasm/peach-core.wasm', import.meta.url));

/** One device's store shared by its windows, in memory. As in IndexedDB, a read sees every write
 *  asked for before it and answers in a later task; with `holdReads`, only when the test calls
 *  `releaseReads()`, with what the store held when it was asked. With `holdClock`, the clock
 *  offset a setting is stamped with arrives only at `releaseClock()`. */
class SharedStore {
  constructor() {
    this.records = [];
    this.storedSettings = {};
    this.holdReads = false;
    this.held = [];
    this.holdClock = false;
    this.heldClock = [];
    /** How often the records beyond the profile were read. */
    this.reads = 0;
  }
  #read(value) {
    const snapshot = structuredClone(value);
    if (!this.holdReads) return new Promise((resolve) => setImmediate(() => resolve(snapshot)));
    return new Promise((resolve) => this.held.push(() => resolve(snapshot)));
  }
  releaseReads() {
    this.holdReads = false;
    for (const release of this.held.splice(0)) release();
  }
  addRecord(id, numbers) {
    this.records.push({ id, numbers: [...numbers], state: 'waiting' });
    return Promise.resolve();
  }
  settings() { return this.#read(this.storedSettings); }
  profile() { return this.#read(null); }
  recordsBeyondProfile() {
    this.reads += 1;
    return this.#read(this.records);
  }
  saveSettings(settings) {
    Object.assign(this.storedSettings, structuredClone(settings));
    return Promise.resolve();
  }
  clockOffset() {
    if (!this.holdClock) return Promise.resolve(0);
    return new Promise((resolve) => this.heldClock.push(() => resolve(0)));
  }
  releaseClock() {
    this.holdClock = false;
    for (const release of this.heldClock.splice(0)) release();
  }
}

/** A window of the device: its own core on the shared store. */
async function openWindow(store) {
  let now = Date.UTC(2026, 10, 24, 12);
  const device = new Device(await loadPeachCore(wasm), store, { languages: () => ['en'], now: () => (now += 1000) });
  await device.rebuild();
  return device;
}

/** The Profile page as a window opened now renders it from the store. */
async function profileOfAWindowOpenedNow(store) {
  return (await openWindow(store)).render('profile');
}

function answerComparisons(device, count) {
  return Promise.all(Array.from({ length: count }, (_, index) => {
    device.nextExercise('comparison');
    return device.answer(index % 2 ? 'higher' : 'lower').written;
  }));
}

test('a refresh takes in what another window stored, and the exercise under way still counts', async () => {
  const store = new SharedStore();
  const [first, second] = [await openWindow(store), await openWindow(store)];
  await answerComparisons(first, 3);
  second.nextExercise('comparison');
  let changed = 0;
  second.onChanged = () => { changed += 1; };
  await second.refresh();
  assert.equal(changed, 1);
  assert.notEqual(second.answer('higher'), null, 'the exercise under way is still there to answer');
  assert.equal(store.records.length, 4);
  assert.equal(second.render('profile'), await profileOfAWindowOpenedNow(store));
});

test('an answer given while a refresh reads the store is not undone by it', async () => {
  const store = new SharedStore();
  const [first, second] = [await openWindow(store), await openWindow(store)];
  await answerComparisons(first, 2);
  store.holdReads = true;
  const refreshing = second.refresh();
  await new Promise((resolve) => setImmediate(resolve));
  await answerComparisons(second, 1); // stored after the refresh's read was asked for
  store.releaseReads();
  await refreshing;
  assert.equal(second.render('profile'), await profileOfAWindowOpenedNow(store));
});

test('a setting changed while a refresh reads the store is not undone by it', async () => {
  const store = new SharedStore();
  const second = await openWindow(store);
  assert.equal(await second.setSetting('tuningSystem', 'justIntonation'), null);
  store.holdReads = true;
  const refreshing = second.refresh();
  await new Promise((resolve) => setImmediate(resolve));
  const saving = second.setSetting('tuningSystem', 'pythagorean');
  store.releaseReads();
  assert.equal(await saving, null);
  await refreshing;
  assert.equal(second.core.settings().tuningSystem, 'pythagorean');
});

test('a setting whose write waits for the clock offset is not undone by a refresh meanwhile', async () => {
  const store = new SharedStore();
  const second = await openWindow(store);
  assert.equal(await second.setSetting('tuningSystem', 'justIntonation'), null);
  store.holdClock = true;
  const saving = second.setSetting('tuningSystem', 'pythagorean');
  const refreshing = second.refresh();
  await new Promise((resolve) => setTimeout(resolve, 10)); // the refresh has read meanwhile
  store.releaseClock();
  assert.equal(await saving, null);
  await refreshing;
  assert.equal(second.core.settings().tuningSystem, 'pythagorean');
});

test('a setting another window stored is the one this window trains with after a refresh', async () => {
  const store = new SharedStore();
  const [first, second] = [await openWindow(store), await openWindow(store)];
  assert.equal(await first.setSetting('noteDuration', '0.5'), null);
  await second.refresh();
  assert.equal(second.core.settings().noteDuration, first.core.settings().noteDuration);
});

test('announcements that arrive during a refresh make one more, not one each', async () => {
  const store = new SharedStore();
  const [first, second] = [await openWindow(store), await openWindow(store)];
  let changed = 0;
  second.onChanged = () => { changed += 1; };
  const readsBefore = store.reads;
  store.holdReads = true;
  const refreshing = second.refresh();
  await answerComparisons(first, 1);
  for (let count = 0; count < 5; count += 1) second.refresh();
  store.releaseReads();
  await refreshing;
  assert.equal(store.reads - readsBefore, 2, 'the read under way and one more');
  assert.equal(changed, 1);
  assert.equal(second.render('profile'), await profileOfAWindowOpenedNow(store));
});

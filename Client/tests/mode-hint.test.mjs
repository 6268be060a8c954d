import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HINTS_SEEN_KEY, HintMemory } from '../pages/mode-hint.js';

/** `localStorage` as a map. */
class MemoryStorage {
  constructor(entries = {}) { this.entries = new Map(Object.entries(entries)); }
  getItem(key) { return this.entries.has(key) ? this.entries.get(key) : null; }
  setItem(key, value) { this.entries.set(key, String(value)); }
}

test('a mode\'s hint is unseen until marked, and stays seen for that mode only', () => {
  const storage = new MemoryStorage();
  const hints = new HintMemory(storage);
  assert.equal(hints.seen('comparison'), false);
  hints.markSeen('comparison');
  hints.markSeen('comparison');
  assert.equal(new HintMemory(storage).seen('comparison'), true, 'kept for the next visit');
  assert.equal(hints.seen('pitchMatching'), false);
  assert.equal(storage.getItem(HINTS_SEEN_KEY), '["comparison"]');
});

test('an unreadable entry counts as no hint seen, and is written anew', () => {
  for (const value of ['not json', '{"comparison": true}', '[1, null]']) {
    const storage = new MemoryStorage({ [HINTS_SEEN_KEY]: value });
    const hints = new HintMemory(storage);
    assert.equal(hints.seen('comparison'), false, value);
    hints.markSeen('comparison');
    assert.equal(hints.seen('comparison'), true, value);
  }
});

test('a browser that keeps nothing shows every hint, and marking one never throws', () => {
  const refusing = { getItem() { throw new Error('SecurityError'); }, setItem() { throw new Error('QuotaExceededError'); } };
  for (const storage of [null, refusing]) {
    const hints = new HintMemory(storage);
    assert.equal(hints.seen('comparison'), false);
    assert.doesNotThrow(() => hints.markSeen('comparison'));
    assert.equal(hints.seen('comparison'), false);
  }
});

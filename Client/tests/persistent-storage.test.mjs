import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PersistentStorage, runsInstalled } from '../store/persistent-storage.js';

/** `navigator.storage` as a browser answers: `grant` decides what `persist()` gives. */
function storage({ grant = false, persisted = false } = {}) {
  const calls = [];
  let kept = persisted;
  return {
    calls,
    persisted: async () => kept,
    persist: async () => { calls.push('persist'); kept = grant; return kept; },
  };
}

test('asked once per visit; a later ask only checks, unless Peach was installed meanwhile', async () => {
  const browser = storage({ grant: false });
  const persistence = new PersistentStorage({ storage: browser });
  assert.equal(persistence.kept, null, 'unknown until asked or checked');
  assert.equal(await persistence.ask(), false);
  assert.equal(await persistence.ask(), false);
  assert.deepEqual(browser.calls, ['persist']);
  assert.equal(await persistence.ask({ again: true }), false);
  assert.deepEqual(browser.calls, ['persist', 'persist'], 'installed: asked again');
});

test('storage already kept is not asked for again', async () => {
  const browser = storage({ persisted: true });
  const persistence = new PersistentStorage({ storage: browser });
  assert.equal(await persistence.check(), true);
  assert.equal(await persistence.ask(), true);
  assert.deepEqual(browser.calls, []);
});

test('a granted ask is kept; no navigator.storage (plain HTTP) or a failing one counts as not kept', async () => {
  const granted = new PersistentStorage({ storage: storage({ grant: true }) });
  assert.equal(await granted.ask(), true);
  assert.equal(granted.kept, true);
  const none = new PersistentStorage({ storage: undefined });
  assert.equal(await none.ask(), false);
  assert.equal(none.kept, false);
  const failing = new PersistentStorage({
    storage: { persisted: async () => { throw new Error('SecurityError'); }, persist: async () => { throw new Error('x'); } },
  });
  assert.equal(await failing.ask(), false);
  assert.equal(await failing.check(), false);
});

test('installed: standalone display mode, or iOS Safari\'s navigator.standalone', () => {
  const media = (matches) => () => ({ matches });
  assert.equal(runsInstalled({ matchMedia: media(true), navigator: {} }), true);
  assert.equal(runsInstalled({ matchMedia: media(false), navigator: { standalone: true } }), true);
  assert.equal(runsInstalled({ matchMedia: media(false), navigator: {} }), false);
  assert.equal(runsInstalled({}), false);
});

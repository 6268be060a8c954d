/// Which training modes' hints this browser has seen (docs/pages.md "Training pages"): a
/// training page shows its mode's hint before the first exercise until the user has begun
/// training from it once. No DOM access.
///
/// Kept in `localStorage` (`peach.hintsSeen`, a JSON list of modes): a fact about this browser,
/// not training data, so it neither syncs nor goes with a reset of the training data. Where the
/// browser keeps nothing (storage turned off, which also keeps Peach from training), every hint
/// counts as unseen.

export const HINTS_SEEN_KEY = 'peach.hintsSeen';

export class HintMemory {
  /** @param {Storage|null} [storage] `localStorage`, or a stand-in in tests */
  constructor(storage = HintMemory.localStorage()) {
    this.storage = storage;
  }

  /** The page's `localStorage`, or null where reading it throws (storage turned off). */
  static localStorage() {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  }

  /** The modes whose hint was seen; an unreadable entry counts as none. */
  modes() {
    try {
      const modes = JSON.parse(this.storage?.getItem(HINTS_SEEN_KEY) ?? '[]');
      return Array.isArray(modes) ? modes.filter((mode) => typeof mode === 'string') : [];
    } catch {
      return [];
    }
  }

  /** Whether the hint of `mode` (a `data-mode`, such as `comparison`) was seen. */
  seen(mode) {
    return this.modes().includes(mode);
  }

  /** Remembers that the hint of `mode` was seen; a browser that keeps nothing forgets it. */
  markSeen(mode) {
    if (this.seen(mode)) return;
    try {
      this.storage?.setItem(HINTS_SEEN_KEY, JSON.stringify([...this.modes(), mode]));
    } catch { /* storage full or turned off: the hint shows again next time */ }
  }
}

/// Whether the browser keeps this device's data (IndexedDB, the caches) or may delete it, and
/// asking it to keep it. Safari deletes a site's storage after seven days without a visit unless
/// the site is installed (Home Screen) or its storage is persistent; other browsers may delete it
/// when the disk runs low. Answers that have synced are safe on the server either way; the rest
/// live only here. No DOM access.
///
/// Peach asks (`navigator.storage.persist()`) at the first answer of a visit — when there is
/// something worth keeping — and again when it runs installed, where browsers grant it most
/// readily. Browsers decide by their own rules (Chromium quietly; Firefox may ask the user).

/** The browser's answer to "is Peach's storage kept?", and the means to ask for it. */
export class PersistentStorage {
  /**
   * @param {object} options
   * @param {{persisted?: () => Promise<boolean>, persist?: () => Promise<boolean>}} [options.storage]
   *   `navigator.storage` (absent on plain-HTTP pages and in old browsers)
   * @param {() => boolean} [options.installed] whether Peach runs as an installed app
   */
  constructor({ storage = globalThis.navigator?.storage, installed = runsInstalled } = {}) {
    this.storage = storage;
    this.installed = installed;
    /** The last answer: true, false, or null before the first. */
    this.kept = null;
    this.asked = false;
  }

  /** Whether the browser keeps the data now (false where it cannot say). Never rejects. */
  async check() {
    try {
      this.kept = (await this.storage?.persisted?.()) === true;
    } catch {
      this.kept = false;
    }
    return this.kept;
  }

  /**
   * Asks the browser to keep the data, once per visit unless `again` (installed just now).
   * @returns {Promise<boolean>} whether it is kept now; never rejects
   */
  async ask({ again = false } = {}) {
    if (this.kept || (this.asked && !again) || !this.storage?.persist) return this.check();
    this.asked = true;
    try {
      this.kept = (await this.storage.persist()) === true;
    } catch {
      this.kept = false;
    }
    return this.kept;
  }
}

/** Whether this page runs as an installed app (the Home Screen on iOS, an installed PWA). */
export function runsInstalled(window = globalThis) {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || window.navigator?.standalone === true;
}

/// Runs on every page (docs/pages.md): this device's Peach (the wasm core on the device's own
/// store, and its sync with the server), in-place page swapping, the page controllers, the
/// visit's sound (audio-session.js), the service worker, and the lifecycle (hidden, page hide,
/// audio interrupted).
///
/// Why in place: iOS Safari lets a page make sound only after a tap on that page. The context is
/// created (or resumed) inside the click on a Start page training link, and it survives because
/// the next page is swapped into this document instead of loaded as a new one.
///
/// Local-first: every page the device can render (Start, the four training pages, Profile,
/// Settings, Info) is rendered by the core from the device's own data, with or without a
/// network; only the server's own pages (pairing, the no-script forms) are fetched.

import { ApiClient } from './api-client.js';
import { AudioSession } from './audio-session.js';
import { Device } from './device.js';
import { PersistentStorage, runsInstalled } from './persistent-storage.js';
import { SoundChoice, SoundState } from './sound-choice.js';
import { SoundLibrary } from './sound-library.js';
import { Sync } from './sync.js';
import { peachCoreURL } from './peach-core-url.js';
import { API_PATHS, API_PREFIX, ASSET_PREFIX, DATA_PATHS, DEVICE_PAGES, START_PATH, TRAINING_PATHS } from './peach-routes.js';
import { startComparisonPage } from './comparison-page.js';
import { startPitchMatchingPage } from './pitch-matching-page.js';
import { startSettingsPage } from './settings-page.js';

const CONTROLLERS = {
  comparison: startComparisonPage,
  'pitch-matching': startPitchMatchingPage,
  settings: startSettingsPage,
};

/** The app for one visit: owns the audio context, the API client and the current page. */
class App {
  constructor() {
    /** The visit's AudioContext and engine; an interruption stops training quietly. */
    this.audio = new AudioSession({ onInterrupted: () => this.stopTrainingQuietly() });
    this.controller = null;
    this.hiddenWhileTraining = false;
    this.navigationId = 0;
    this.api = new ApiClient({ paths: API_PATHS });
    /** This device's Peach (`Device`), once it is open; `deviceError` (a `DeviceUnavailable`
     *  that says why) if it cannot open. */
    this.device = null;
    this.deviceError = null;
    /** Whether the browser keeps this device's data; asked at the first answer and when
     *  installed. */
    this.storage = new PersistentStorage();
    this.sync = null;
    this.syncStatus = null;
    /** The chosen sound, loaded ahead (`SoundChoice`), once the device is open. */
    this.sounds = null;
    /** The HTML of the page shown, as it was swapped in (null for the page first loaded). */
    this.shownHTML = null;
    this.ready = this.openDevice();
  }

  // --- the device ------------------------------------------------------------------------

  /** Opens the core on the device's store and starts syncing; never rejects. */
  async openDevice() {
    try {
      this.device = await Device.open(peachCoreURL, { onAnswer: () => this.answered() });
    } catch (error) {
      this.deviceError = error;
      console.error('Peach cannot train in this browser', error);
      this.showSyncStatus();
      return;
    }
    this.sync = new Sync({
      device: this.device,
      api: this.api,
      onStatus: (status) => {
        this.syncStatus = status;
        this.showSyncStatus();
        // A sync may bring a sound or note range chosen on another device: loaded now.
        this.sounds?.prepare();
      },
      onProfile: () => this.renderOnDevice({ onlyIfChanged: true }),
    });
    this.sync.start(window);
    this.sounds = new SoundChoice({
      library: new SoundLibrary(),
      settings: () => this.device.core.settings(),
      onStatus: (status) => this.showSoundStatus(status),
    });
    // Loaded now, so that the first exercise plays the instrument already.
    this.sounds.prepare();
    window.addEventListener('online', () => this.sounds.online());
    this.keepStorage({ ask: runsInstalled() });
    window.addEventListener('appinstalled', () => this.keepStorage({ ask: true, again: true }));
  }

  /** An answer was stored: sync soon; the first of the visit asks the browser to keep the data. */
  answered() {
    this.sync?.soon();
    if (!this.storage.asked) this.keepStorage({ ask: true });
  }

  /** Checks (or asks) whether the browser keeps this device's data, and says so where shown. */
  async keepStorage({ ask = false, again = false } = {}) {
    await (ask ? this.storage.ask({ again }) : this.storage.check());
    this.showSyncStatus();
    this.showStorageStatus();
  }

  /** Why Peach cannot train in this browser, in the page's words (`#sync-status`'s `data-msg-*`):
   *  the `DeviceUnavailable`'s reason names the text. */
  unavailableText() {
    const texts = document.getElementById('sync-status')?.dataset ?? {};
    const reason = this.deviceError?.reason ?? 'storageUnavailable';
    return texts[`msg${reason[0].toUpperCase()}${reason.slice(1)}`] ?? texts.msgStorageUnavailable ?? '';
  }

  /** The Settings page's line on this device's storage (`#storage-status`): kept or not. */
  showStorageStatus() {
    const line = document.getElementById('storage-status');
    if (!line || this.storage.kept === null) return;
    const text = (this.storage.kept ? line.dataset.msgKept : line.dataset.msgNotKept) ?? '';
    if (line.textContent !== text) line.textContent = text;
  }

  /**
   * Says on the page (`#sound-status`, an always-present live region, empty when there is
   * nothing to say) that the chosen instrument is loading, with the sine
   * playing meanwhile, or could not be loaded; "ready" only on the Settings page, where it
   * answers a choice just made. The words come from the page: the Sound picker's option, or the
   * training page's `data-msg-*`.
   */
  showSoundStatus({ source, state }) {
    const line = document.getElementById('sound-status');
    if (!line || source !== this.sounds?.source) return;
    const option = document.querySelector(`#setting-soundSource option[value="${CSS.escape(source)}"]`);
    // A training page that plays another sound (pitch matching plays the sine for an instrument
    // that fades, and says so) has nothing to say about this one's loading.
    if (!option && line.dataset.sound !== source) return;
    const messages = option?.dataset ?? line.dataset;
    const text = {
      [SoundState.loading]: messages.msgLoading,
      [SoundState.ready]: option ? messages.msgReady : '',
      [SoundState.failed]: messages.msgFailed,
    }[state] ?? '';
    // Only the text changes: the live region stays in place, so a screen reader announces it.
    if (line.textContent !== text) line.textContent = text;
  }

  /**
   * Fills the page's status line (`#sync-status`, always in place, empty when there is nothing
   * to say): why Peach cannot train in this browser, on every page; else how this device stands
   * with the server, except on training pages — while training, nothing but the exercise shows.
   */
  showSyncStatus() {
    const line = document.getElementById('sync-status');
    if (!line) return;
    let text = '';
    if (this.deviceError) {
      text = this.unavailableText();
    } else if (this.syncStatus && this.device && !this.controller?.training) {
      // Until the browser has said, the data counts as kept: no warning on a guess.
      const status = { ...this.syncStatus, kept: this.storage.kept !== false };
      text = this.device.core.syncStatus(status, this.device.language);
    }
    // Only the text changes: the live region stays in place, so a screen reader announces it.
    if (line.textContent !== text) line.textContent = text;
  }

  // --- audio -----------------------------------------------------------------------------

  /** The visit's AudioContext, or null before the first tap (for the tests' probes). */
  get audioContext() {
    return this.audio.context;
  }

  /** The engine on the visit's context, or null before the context exists. */
  get audioEngine() {
    return this.audio.engine;
  }

  /**
   * The sound stopped under the page (Safari's `interrupted`, or `suspended`): training stops
   * at once and quietly, and the page returns to Start, where the next tap starts it again.
   * Nothing is said: the user knows a call came in.
   */
  stopTrainingQuietly() {
    if (!this.controller?.training) return;
    this.controller.stop();
    this.navigate(START_PATH, { replace: true });
  }

  // --- pages -----------------------------------------------------------------------------

  startPage() {
    const main = document.getElementById('main');
    const start = CONTROLLERS[document.body.dataset.page];
    // Training runs on the device's core: without it a training page has nothing to play.
    const needsDevice = TRAINING_PATHS.includes(location.pathname);
    this.controller = start && main && (this.device || !needsDevice) ? start(this, main) : null;
    this.showSyncStatus();
    this.showStorageStatus();
    // A load under way (or failed) before this page was shown: the page says so too.
    if (this.sounds?.status) this.showSoundStatus(this.sounds.status);
  }

  /** Shows Start (a training page leaves to it). */
  goToStart() {
    this.navigate(START_PATH);
  }

  stopPage() {
    this.controller?.dispose?.();
    this.controller = null;
  }

  /** Whether a click on this link should be handled in place. */
  static inPlaceURL(link, event) {
    if (event.defaultPrevented || event.button !== 0) return null;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
    const href = link.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//')) return null;
    if (link.hasAttribute('data-full-load') || link.hasAttribute('download')) return null;
    if (link.target && link.target !== '_self') return null;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin) return null;
    if (url.pathname.startsWith(API_PREFIX) || url.pathname.startsWith(ASSET_PREFIX)) return null;
    return url;
  }

  onClick(event) {
    const link = event.target instanceof Element ? event.target.closest('a[href^="/"]') : null;
    if (!link) return;
    const url = App.inPlaceURL(link, event);
    if (!url) return;
    event.preventDefault();
    // The first tap unlocks audio: this must happen now, inside the click.
    if (TRAINING_PATHS.includes(url.pathname)) this.audio.unlock();
    if (url.pathname === location.pathname && url.search === location.search && url.hash) {
      location.hash = url.hash;
      return;
    }
    this.navigate(url.href);
  }

  /**
   * Shows the page at `href`: rendered by the device's core if it is one of its pages, else
   * fetched from the server. Swaps it in: `<body>` content and attributes, `document.title`,
   * `<html lang>`; pushes history (or replaces the current entry); starts the new page's
   * controller. Falls back to a normal load when the server's answer is not an HTML page.
   */
  async navigate(href, { push = true, replace = false } = {}) {
    const id = ++this.navigationId;
    // Leaving a training page is stopping it: its history entry gives way to the next page, so
    // that Back from there goes to where the training was started, not into it again. Its
    // answers are synced now (while training, a few seconds after answers: sync.js).
    if (TRAINING_PATHS.includes(location.pathname)) {
      replace ||= push;
      this.sync?.run();
    }
    this.stopPage();
    await this.ready;
    if (id !== this.navigationId) return;
    const url = new URL(href, location.href);
    let html = url.search ? null : this.renderHere(url.pathname);
    if (html === null) {
      try {
        const response = await fetch(href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
        const type = response.headers.get('Content-Type') ?? '';
        if (!response.ok || !type.includes('text/html')) throw new Error(`HTTP ${response.status}`);
        html = await response.text();
        href = response.url || href;
      } catch {
        if (id === this.navigationId) location.assign(href);
        return;
      }
      if (id !== this.navigationId) return;
    }
    this.swapIn(html);
    if (replace) history.replaceState({ peach: true }, '', href);
    else if (push) history.pushState({ peach: true }, '', href);
    window.scrollTo(0, 0);
    this.startPage();
    this.focusNewPage();
  }

  /**
   * Whether `html` shows what the page shows now (its `<main>`, as this browser serializes
   * both): the server's page and the device's are the same bytes for the same data, and
   * swapping one for its twin would only move the focus and the screen reader's place.
   */
  static showsSameMain(html) {
    const next = new DOMParser().parseFromString(html, 'text/html').querySelector('main');
    return next !== null && next.outerHTML === document.querySelector('main')?.outerHTML;
  }

  /** The page at `path` as this device renders it, or null for a page only the server has (or
   *  before the device is open). */
  renderHere(path) {
    const page = DEVICE_PAGES[path];
    return page && this.device ? this.device.render(page) : null;
  }

  /** Puts a page's HTML in place of the current one. */
  swapIn(html) {
    this.shownHTML = html;
    const next = new DOMParser().parseFromString(html, 'text/html');
    document.title = next.title;
    document.documentElement.lang = next.documentElement.lang || document.documentElement.lang;
    for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
    for (const name of next.body.getAttributeNames()) document.body.setAttribute(name, next.body.getAttribute(name));
    document.body.replaceChildren(...[...next.body.childNodes].map((node) => document.adoptNode(node)));
  }

  /**
   * Shows the current page again as this device renders it: once the device is open (the
   * server's page, or offline the service worker's copy of Start, was shown until then), and
   * after a sync brought a new profile. Only Start and Profile change with the data; a page
   * the user is working on (Settings, a training page) is left alone then. Nothing happens if
   * the user has moved on meanwhile, or if the device has nothing yet (a new device shows the
   * server's pages until its first sync).
   */
  async renderOnDevice({ onlyIfChanged = false } = {}) {
    const id = this.navigationId;
    await this.ready;
    // Offline, the service worker answers every page with its copy of Start: a page that shows
    // Start under another address is rendered on the device whatever it holds.
    const shell = location.pathname !== START_PATH && document.body.dataset.page === 'start';
    if (id !== this.navigationId || location.search || !this.device || !(this.device.hasData || shell)) return;
    if (onlyIfChanged && !DATA_PATHS.includes(location.pathname)) return;
    const html = this.renderHere(location.pathname);
    if (!html || html === this.shownHTML || App.showsSameMain(html)) return;
    const scroll = window.scrollY;
    this.stopPage();
    this.swapIn(html);
    this.startPage();
    if (onlyIfChanged) window.scrollTo(0, scroll);
  }

  /**
   * Moves focus to the new page's heading so screen readers announce the change — a training
   * page's too: its answer controls are disabled until the first target plays.
   */
  focusNewPage() {
    const target = document.querySelector('main h1') ?? document.getElementById('main');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }

  // --- lifecycle -------------------------------------------------------------------------

  /** The page went away (hidden, page hide): silence now, drop the unanswered exercise. */
  leave() {
    if (!this.controller?.training) return;
    this.controller.stop();
    this.hiddenWhileTraining = true;
  }

  /** Shown again: a training page that was hidden returns to Start. */
  comeBack() {
    if (!this.hiddenWhileTraining) return;
    this.hiddenWhileTraining = false;
    this.landOnStartIfTraining();
  }

  /**
   * Training starts only from a tap on a Start page link. Arriving at a training address any
   * other way — Back or Forward, a reload, a bookmark or a typed address, the page coming back
   * from the back/forward cache — lands on Start in its place, before anything plays: the
   * training there was stopped when it was left, and it must not start again unasked.
   * @returns {boolean} whether this is a training address (and Start is on its way)
   */
  landOnStartIfTraining() {
    if (!TRAINING_PATHS.includes(location.pathname)) return false;
    this.navigate(START_PATH, { replace: true });
    return true;
  }

  install() {
    document.addEventListener('click', (event) => this.onClick(event));
    window.addEventListener('popstate', () => {
      if (!this.landOnStartIfTraining()) this.navigate(location.href, { push: false });
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') {
        this.leave();
        // The answers of a session go up now, not when the page is next shown (a phone locked
        // right after training may not run the timer that would have sent them).
        this.sync?.run();
      } else {
        this.comeBack();
        // An installed Peach may stay open for days, and in-place navigation never makes the
        // browser look for a new service worker: look when it is shown again (installed on
        // the next start, service-worker.js).
        navigator.serviceWorker?.getRegistration().then((registration) => registration?.update()).catch(() => {});
      }
    });
    window.addEventListener('pagehide', () => this.leave());
    window.addEventListener('pageshow', (event) => {
      if (!event.persisted) return;
      this.hiddenWhileTraining = false;
      this.landOnStartIfTraining();
    });
    history.replaceState({ peach: true }, '', location.href);
    if (!this.landOnStartIfTraining()) {
      this.startPage();
      this.renderOnDevice();
    }
    // The app shell, the wasm core and the assets, cached for training with no network
    // (secure contexts only: loopback, or HTTPS on the LAN). Once the device is open, so that on
    // a slow first visit the worker's downloads do not hold up the files Start needs.
    this.ready.then(() => navigator.serviceWorker?.register('/sw.js'))
      .catch((error) => console.warn('No offline copy of Peach', error));
  }
}

const app = new App();
app.install();
// For end-to-end tests and debugging in the console; nothing in the app reads it.
globalThis.peach = app;

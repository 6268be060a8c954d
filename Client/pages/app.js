/// Runs on every page (docs/pages.md) and puts the visit together: this device's Peach (the wasm
/// core on the device's own store, and its sync with the server), the pages shown in place
/// (router.js) with their controllers, the visit's sound (audio-session.js), the status lines
/// (status-lines.js), the service worker, and the lifecycle (hidden, page hide, audio
/// interrupted).
///
/// Local-first: every page the device can render (Start, the four training pages, Profile,
/// Settings, Info) is rendered by the core from the device's own data, with or without a
/// network; only the server's own pages (pairing, the no-script forms) are fetched.

import { ApiClient } from '../store/api-client.js';
import { AudioSession } from '../audio/audio-session.js';
import { Device } from '../store/device.js';
import { PersistentStorage, runsInstalled } from '../store/persistent-storage.js';
import { SoundChoice } from '../audio/sound-choice.js';
import { SoundLibrary } from '../audio/sound-library.js';
import { Sync } from '../store/sync.js';
import { peachCoreURL } from '../peach-core-url.js';
import { API_PATHS, SERVICE_WORKER_PATH, SOUNDS_INDEX } from '../peach-routes.js';
import { Router, isTrainingPath } from './router.js';
import { watchLargeTitle } from './large-title.js';
import { showSoundStatus, showStorageStatus, showSyncStatus, unavailableText } from './status-lines.js';
import { startComparisonPage } from './comparison-page.js';
import { startPitchMatchingPage } from './pitch-matching-page.js';
import { startCompareTimingPage } from './compare-timing-page.js';
import { startFillTheGapPage } from './fill-the-gap-page.js';
import { startSettingsPage } from './settings-page.js';

/** The page controllers, each started as `start(context, main)` with a `PageContext` and the
 *  page's `#main`: a training page's by the exercise it plays (`<body data-kind>`), as an
 *  interval mode's page runs as its unison mode's; any other page's by its name
 *  (`<body data-page>`, `PageRoute.name`). */
const TRAINING_CONTROLLERS = {
  comparison: startComparisonPage,
  pitchMatching: startPitchMatchingPage,
  rhythmOffsetDetection: startCompareTimingPage,
  continuousRhythmMatching: startFillTheGapPage,
};
const CONTROLLERS = { settings: startSettingsPage };

/**
 * What a page controller is given, and all it may use of the visit.
 * @typedef {object} PageContext
 * @property {AudioSession} audio the visit's sound: `unlock()` inside a tap, `whenRunning()`,
 *   `engine`
 * @property {Device|null} device this device's Peach (a training page's exercises and answers);
 *   null until it is open, and if it cannot open
 * @property {SoundChoice|null} sounds the chosen sound, loaded ahead; null until the device is open
 * @property {ApiClient} api the server's API (the Settings page's import and reset)
 * @property {(name: string, value: string) => Promise<string|null>} setSetting changes a
 *   setting on this device: null, or why it was refused (or why Peach cannot train here)
 * @property {(name: string) => string|undefined} setting a setting's value as the core holds it
 * @property {() => void} syncSoon syncs in a few seconds (a setting changed)
 * @property {() => void} syncNow syncs now (the server's data changed)
 * @property {(href: string, options?: {replace?: boolean}) => Promise<void>} navigate shows
 *   another page in place
 * @property {() => Promise<void>} goToStart shows Start
 */

/** The visit: the device and its sync, the sound, the pages. */
class App {
  constructor() {
    /** The visit's AudioContext and engine; an interruption stops training quietly. */
    this.audio = new AudioSession({ onInterrupted: () => this.stopTrainingQuietly() });
    this.hiddenWhileTraining = false;
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
    /** Each answer given while the tests watch (`testHook`'s `watchAnswers`); null otherwise. */
    this.watchedAnswers = null;
    this.ready = this.openDevice();
    this.router = new Router({
      ready: this.ready,
      device: () => this.device,
      startController: (main) => this.startController(main),
      onPageShown: () => this.pageShown(),
      // The first tap unlocks audio: this must happen now, inside the click.
      onFollow: (url) => { if (isTrainingPath(url.pathname)) this.audio.unlock(); },
      // A training page's answers are synced as it is left (while training, a few seconds after
      // answers: sync.js).
      onLeaveTraining: () => this.sync?.run(),
    });
    this.context = this.pageContext();
  }

  // --- the device ------------------------------------------------------------------------

  /** Opens the core on the device's store and starts syncing; never rejects. */
  async openDevice() {
    try {
      this.device = await Device.open(peachCoreURL, {
        onAnswer: () => this.answered(),
        onAnswerGiven: (value) => this.watchedAnswers?.push(value),
        // Another window of this device (a tab, the installed app) answered, synced or changed a
        // setting: this one shows it at once, as after a sync of its own.
        onChanged: () => {
          this.router.renderOnDevice({ onlyIfChanged: true });
          this.sounds?.prepare();
        },
      });
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
      onProfile: () => this.router.renderOnDevice({ onlyIfChanged: true }),
    });
    this.sync.start(window);
    this.sounds = new SoundChoice({
      library: new SoundLibrary({ indexURL: SOUNDS_INDEX }),
      settings: () => this.device.core.settings(),
      previewNote: () => this.device.core.soundPreview(),
      onStatus: (status) => showSoundStatus(status, this.sounds?.source),
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
    showStorageStatus(this.storage.kept);
  }

  /** The sync status line, from the visit's state (status-lines.js). */
  showSyncStatus() {
    showSyncStatus({
      deviceError: this.deviceError, device: this.device, syncStatus: this.syncStatus,
      kept: this.storage.kept, training: Boolean(this.router?.controller?.training),
    });
  }

  // --- pages -----------------------------------------------------------------------------

  /** The controllers' view of the visit (`PageContext`). */
  pageContext() {
    const app = this;
    return {
      audio: app.audio,
      api: app.api,
      get device() { return app.device; },
      get sounds() { return app.sounds; },
      setSetting: async (name, value) => (app.device
        ? app.device.setSetting(name, value)
        : unavailableText(app.deviceError)),
      setting: (name) => app.device?.core.settings()[name],
      syncSoon: () => app.sync?.soon(),
      syncNow: () => { app.sync?.run(); },
      navigate: (href, options) => app.router.navigate(href, options),
      goToStart: () => app.router.goToStart(),
    };
  }

  /** Starts the controller of the page shown (see `CONTROLLERS`). */
  startController(main) {
    watchLargeTitle(main);
    const { kind, page } = document.body.dataset;
    const start = kind ? TRAINING_CONTROLLERS[kind] : CONTROLLERS[page];
    // Training runs on the device's core: without it a training page has nothing to play.
    const needsDevice = isTrainingPath(location.pathname);
    return start && (this.device || !needsDevice) ? start(this.context, main) : null;
  }

  /** A page was shown: its status lines say what the visit knows. */
  pageShown() {
    this.showSyncStatus();
    showStorageStatus(this.storage.kept);
    // A load under way (or failed) before this page was shown: the page says so too.
    if (this.sounds?.status) showSoundStatus(this.sounds.status, this.sounds.source);
  }

  // --- lifecycle -------------------------------------------------------------------------

  /**
   * The sound stopped under the page (Safari's `interrupted`, or `suspended`): training stops
   * at once and quietly, and the page returns to Start, where the next tap starts it again.
   * Nothing is said: the user knows a call came in.
   */
  stopTrainingQuietly() {
    if (!this.router.controller?.training) return;
    this.router.controller.stop();
    this.router.goToStart({ replace: true });
  }

  /** The page went away (hidden, page hide): silence now, drop the unanswered exercise. */
  leave() {
    if (!this.router.controller?.training) return;
    this.router.controller.stop();
    this.hiddenWhileTraining = true;
  }

  /** Shown again: a training page that was hidden returns to Start. */
  comeBack() {
    if (!this.hiddenWhileTraining) return;
    this.hiddenWhileTraining = false;
    this.router.landOnStartIfTraining();
  }

  install() {
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
      this.router.landOnStartIfTraining();
    });
    this.router.install();
    // The app shell, the wasm core and the assets, cached for training with no network
    // (secure contexts only: loopback, or HTTPS on the LAN). Once the device is open, so that on
    // a slow first visit the worker's downloads do not hold up the files Start needs.
    this.ready.then(() => navigator.serviceWorker?.register(SERVICE_WORKER_PATH))
      .catch((error) => console.warn('No offline copy of Peach', error));
  }

  /**
   * The one hook for the end-to-end tests (e2e/browser, e2e/engines, e2e/lan) and the console,
   * as `window.peach`; nothing in the app reads it. Only e2e/browser/device_page.py and
   * e2e/engines/peach_page.py name it, each operation called from one function there (the
   * other tests call those; test_pages.py fails if another e2e file names it). It names what
   * the tests do and read; it hands out no part of the device (its core, its store) to reach
   * through. All of it:
   *
   * This device's Peach and its data:
   * - `deviceOpen`: whether this device's Peach is open; `deviceError`: why it cannot open
   *   (a `DeviceUnavailable`), null until then and while it can;
   * - `records(state?)`: the records the device's store holds (`{id, numbers, state, …}`,
   *   device-store.js), every one or those in one state;
   * - `settings()`: the settings the core trains with (`{name: value}`, every one);
   *   `storedSettings()`: the changes the store keeps (`{name: {value, changedAt}}`);
   *   `setSetting(name, value)`: changes one as the Settings page does; null, or why refused;
   * - `answer(mode, value)`: the next exercise of `mode` answered as training answers it,
   *   without playing it (many answers in a moment); settles once its record is stored. A
   *   rhythm exercise is scheduled from 0 s on a 48 kHz clock: Compare Timing's `value` is
   *   `'early'` or `'late'`, Fill the Gap's the offset in ms of a tap at every gap;
   * - `addRecords([{id, numbers}])`, `deleteRecords(ids)`: records written to or deleted from
   *   the store as they are (a record kept by an older Peach), the core untouched;
   * - `seedProfile(numbers)`: a profile summary kept in the store as an older Peach kept it,
   *   the core rebuilt from the store as when the page opens; `profile()`: the summary the
   *   store keeps (its numbers), or null;
   * - `watchAnswers()`: from now on, each answer a page gives the device is kept, whether or
   *   not it counts; `answers`: those answers (`'higher'`/`'lower'`, the slider value), null
   *   before `watchAnswers()`;
   * - `syncStatus`: the last sync's outcome (`{state, …}`, sync.js), null before the first;
   *   `syncNow()`: syncs now, resolving when done.
   *
   * The page and its sound, read as the app holds them:
   * - `loop`: the training page's `TrainingLoop` (`state`, `exercise`), null on other pages;
   *   `training`: whether it is training; `stopTraining()`: stops it as leaving the page does;
   * - `audioContext`, `audioEngine`: the visit's sound, null before the first tap; and
   *   `sounds`: the chosen sound (`SoundChoice`), null until the device is open. Whole objects:
   *   the audio tests measure real sound through them (the context's clock and state, the
   *   engine's voices as they end, the loaded samples), which a narrower surface would hide;
   * - `renderHere(path)`: the page at `path` as this device renders it, or null;
   * - `shownHTML`: the page last swapped in, null for the page first loaded.
   *
   * No clock of its own: a test of a device whose clock is wrong sets the browser's.
   */
  testHook() {
    const app = this;
    const store = () => app.device.store;
    return Object.freeze({
      get deviceOpen() { return app.device !== null; },
      get deviceError() { return app.deviceError; },
      records: (state) => store().records(state),
      settings: () => app.device.core.settings(),
      storedSettings: () => store().settings(),
      setSetting: (name, value) => app.context.setSetting(name, value),
      answer: async (mode, value) => {
        if (mode === 'continuousRhythmMatching') {
          const trial = app.device.nextRhythmExercise(mode, 0, 48_000);
          for (const gap of trial.onsets.filter((onset) => onset.isGap)) app.device.tap(gap.seconds + value / 1000);
          await app.device.finishTrial()?.written;
          return;
        }
        if (mode === 'rhythmOffsetDetection') app.device.nextRhythmExercise(mode, 0, 48_000);
        else app.device.nextExercise(mode);
        await app.device.answer(value)?.written;
      },
      addRecords: (records) => Promise.all(records.map(({ id, numbers }) => store().addRecord(id, numbers))),
      deleteRecords: (ids) => store().deleteRecords(ids),
      seedProfile: async (numbers) => {
        await store().saveProfile(numbers, []);
        await app.device.rebuild();
      },
      profile: async () => {
        const numbers = await store().profile();
        return numbers && [...numbers];
      },
      watchAnswers: () => { app.watchedAnswers = []; },
      get answers() { return app.watchedAnswers && [...app.watchedAnswers]; },
      get syncStatus() { return app.syncStatus; },
      syncNow: () => app.sync.run(),
      get loop() { return app.router.controller?.loop ?? null; },
      get training() { return Boolean(app.router.controller?.training); },
      stopTraining: () => app.router.controller?.stop(),
      get audioContext() { return app.audio.context; },
      get audioEngine() { return app.audio.engine; },
      get sounds() { return app.sounds; },
      renderHere: (path) => app.router.renderHere(path),
      get shownHTML() { return app.router.shownHTML; },
    });
  }
}

const app = new App();
app.install();
globalThis.peach = app.testHook();

/// Runs on every page (docs/pages.md): in-place page swapping, the page controllers, one
/// AudioContext for the whole visit, and the lifecycle (hidden, page hide, audio interrupted).
///
/// Why in place: iOS Safari lets a page make sound only after a tap on that page. The context is
/// created (or resumed) inside the click on a Start page training link, and it survives because
/// the next page is swapped into this document instead of loaded as a new one.

import { AudioEngine } from './audio-engine.js';
import { ApiClient } from './api-client.js';
import { startComparisonPage } from './comparison-page.js';
import { startPitchMatchingPage } from './pitch-matching-page.js';
import { startSettingsPage } from './settings-page.js';

const TRAINING_PATHS = new Set(['/comparison', '/interval-comparison', '/pitch-matching', '/interval-pitch-matching']);
const CONTROLLERS = {
  comparison: startComparisonPage,
  'pitch-matching': startPitchMatchingPage,
  settings: startSettingsPage,
};

const delay = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** The app for one visit: owns the audio context, the API client and the current page. */
class App {
  constructor() {
    this.audioContext = null;
    this.audioEngine = null;
    this.controller = null;
    this.hiddenWhileTraining = false;
    this.navigationId = 0;
    this.api = new ApiClient({
      onConnectivityChange: (offline, message) => this.controller?.setOffline?.(offline, message),
    });
  }

  // --- audio -----------------------------------------------------------------------------

  /** The engine on the visit's context, or null before the context exists. */
  engine() {
    return this.audioEngine;
  }

  audioRunning() {
    return this.audioContext?.state === 'running';
  }

  /** Creates the one AudioContext of the visit (suspended until allowed to run). */
  ensureAudio() {
    if (this.audioContext) return this.audioContext;
    const Context = globalThis.AudioContext ?? globalThis.webkitAudioContext;
    if (!Context) return null;
    this.audioContext = new Context({ latencyHint: 'interactive' });
    this.audioEngine = new AudioEngine(this.audioContext);
    this.audioContext.addEventListener('statechange', () => {
      if (this.audioContext.state !== 'running') this.controller?.interrupt?.();
    });
    return this.audioContext;
  }

  /**
   * Call inside a user gesture (click): creates or resumes the context and plays one silent
   * sample, which older iOS versions need to open the audio route.
   * @returns {Promise<boolean>} whether the context runs
   */
  unlockAudio() {
    const context = this.ensureAudio();
    if (!context) return Promise.resolve(false);
    const resumed = context.resume ? context.resume() : Promise.resolve();
    try {
      const buffer = context.createBuffer(1, 1, context.sampleRate);
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      source.start(0);
    } catch { /* nothing to unlock */ }
    return Promise.resolve(resumed).then(() => context.state === 'running', () => false);
  }

  /** Outside a gesture: does the context start on its own within `milliseconds`? */
  async tryStartAudio(milliseconds) {
    const context = this.ensureAudio();
    if (!context) return false;
    if (context.state === 'running') return true;
    const resumed = Promise.resolve(context.resume?.()).then(() => context.state === 'running', () => false);
    return Promise.race([resumed, delay(milliseconds).then(() => context.state === 'running')]);
  }

  // --- pages -----------------------------------------------------------------------------

  startPage() {
    const main = document.getElementById('main');
    const start = CONTROLLERS[document.body.dataset.page];
    this.controller = start && main ? start(this, main) : null;
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
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/assets/')) return null;
    return url;
  }

  onClick(event) {
    const link = event.target instanceof Element ? event.target.closest('a[href^="/"]') : null;
    if (!link) return;
    const url = App.inPlaceURL(link, event);
    if (!url) return;
    event.preventDefault();
    // The first tap unlocks audio: this must happen now, inside the click.
    if (TRAINING_PATHS.has(url.pathname)) this.unlockAudio();
    if (url.pathname === location.pathname && url.search === location.search && url.hash) {
      location.hash = url.hash;
      return;
    }
    this.navigate(url.href);
  }

  /**
   * Fetches the page and swaps it in: `<body>` content and attributes, `document.title`,
   * `<html lang>`; pushes history (or replaces the current entry); starts the new page's
   * controller. Falls back to a normal load when the answer is not an HTML page.
   */
  async navigate(href, { push = true, replace = false } = {}) {
    const id = ++this.navigationId;
    // Leaving a training page is stopping it: its history entry gives way to the next page, so
    // that Back from there goes to where the training was started, not into it again.
    if (TRAINING_PATHS.has(location.pathname)) replace ||= push;
    this.stopPage();
    let html;
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
    const next = new DOMParser().parseFromString(html, 'text/html');
    document.title = next.title;
    document.documentElement.lang = next.documentElement.lang || document.documentElement.lang;
    for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
    for (const name of next.body.getAttributeNames()) document.body.setAttribute(name, next.body.getAttribute(name));
    document.body.replaceChildren(...[...next.body.childNodes].map((node) => document.adoptNode(node)));
    if (replace) history.replaceState({ peach: true }, '', href);
    else if (push) history.pushState({ peach: true }, '', href);
    window.scrollTo(0, 0);
    this.startPage();
    this.focusNewPage();
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
    if (!TRAINING_PATHS.has(location.pathname)) return false;
    this.navigate('/', { replace: true });
    return true;
  }

  install() {
    document.addEventListener('click', (event) => this.onClick(event));
    window.addEventListener('popstate', () => {
      if (!this.landOnStartIfTraining()) this.navigate(location.href, { push: false });
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.leave(); else this.comeBack();
    });
    window.addEventListener('pagehide', () => this.leave());
    window.addEventListener('pageshow', (event) => {
      if (!event.persisted) return;
      this.hiddenWhileTraining = false;
      this.landOnStartIfTraining();
    });
    history.replaceState({ peach: true }, '', location.href);
    if (!this.landOnStartIfTraining()) this.startPage();
  }
}

const app = new App();
app.install();
// For end-to-end tests and debugging in the console; nothing in the app reads it.
globalThis.peach = app;

/// In-place page swapping and the page's controller (docs/pages.md): a click on a link of this
/// site shows the next page in this same document — rendered by the device's core if it is one
/// of its pages, else fetched from the server — with history, focus and the page's controller
/// kept in step. The addresses come from the server's route table (peach-routes.js).
///
/// Why in place: iOS Safari lets a page make sound only after a tap on that page. The context is
/// created (or resumed) inside the click on a Start page training link, and it survives because
/// the next page is swapped into this document instead of loaded as a new one.

import { API_PREFIX, ASSET_PREFIX, DATA_PATHS, DEVICE_PAGES, START_PATH, TRAINING_PATHS } from '../peach-routes.js';

/** Whether `path` is a training page's. */
export function isTrainingPath(path) {
  return TRAINING_PATHS.includes(path);
}

/** Whether a click on this link should be handled in place: its URL, or null. */
function inPlaceURL(link, event) {
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

/**
 * Whether `html` shows what the page shows now (its `<main>`, as this browser serializes
 * both): the server's page and the device's are the same bytes for the same data, and
 * swapping one for its twin would only move the focus and the screen reader's place.
 */
function showsSameMain(html) {
  const next = new DOMParser().parseFromString(html, 'text/html').querySelector('main');
  return next !== null && next.outerHTML === document.querySelector('main')?.outerHTML;
}

/** The pages of one visit, shown in place. */
export class Router {
  /**
   * @param {object} options
   * @param {Promise<void>} options.ready settles once the device is open, or cannot be
   * @param {() => import('../store/device.js').Device | null} options.device this device's Peach
   * @param {(main: HTMLElement) => object | null} options.startController starts the shown
   *   page's controller (null if it has none)
   * @param {() => void} options.onPageShown a page was shown (its status lines are filled)
   * @param {(url: URL) => void} options.onFollow a link is followed in place, inside its click
   * @param {() => void} options.onLeaveTraining a training page is being left
   */
  constructor({ ready, device, startController, onPageShown, onFollow, onLeaveTraining }) {
    this.ready = ready;
    this.device = device;
    this.startController = startController;
    this.onPageShown = onPageShown;
    this.onFollow = onFollow;
    this.onLeaveTraining = onLeaveTraining;
    /** The shown page's controller (`training`, `stop`, `dispose`, a training page's `loop`),
     *  or null. */
    this.controller = null;
    this.navigationId = 0;
    /** The HTML of the page shown, as it was swapped in (null for the page first loaded). */
    this.shownHTML = null;
  }

  /** Starts the shown page's controller. */
  startPage() {
    const main = document.getElementById('main');
    this.controller = main ? this.startController(main) : null;
    this.onPageShown();
  }

  stopPage() {
    this.controller?.dispose?.();
    this.controller = null;
  }

  /** Shows Start (a training page leaves to it). */
  goToStart({ replace = false } = {}) {
    return this.navigate(START_PATH, { replace });
  }

  onClick(event) {
    const link = event.target instanceof Element ? event.target.closest('a[href^="/"]') : null;
    if (!link) return;
    const url = inPlaceURL(link, event);
    if (!url) return;
    event.preventDefault();
    this.onFollow(url);
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
    // that Back from there goes to where the training was started, not into it again.
    if (isTrainingPath(location.pathname)) {
      replace ||= push;
      this.onLeaveTraining();
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

  /** The page at `path` as this device renders it, or null for a page only the server has (or
   *  before the device is open). */
  renderHere(path) {
    const page = DEVICE_PAGES[path];
    const device = this.device();
    return page && device ? device.render(page) : null;
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
    const shell = location.pathname !== START_PATH && document.body.dataset.page === DEVICE_PAGES[START_PATH];
    const device = this.device();
    if (id !== this.navigationId || location.search || !device || !(device.hasData || shell)) return;
    if (onlyIfChanged && !DATA_PATHS.includes(location.pathname)) return;
    const html = this.renderHere(location.pathname);
    if (!html || html === this.shownHTML || showsSameMain(html)) return;
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
    const target = /** @type {HTMLElement} */ (document.querySelector('main h1')) ?? document.getElementById('main');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }

  /**
   * Training starts only from a tap on a Start page link. Arriving at a training address any
   * other way — Back or Forward, a reload, a bookmark or a typed address, the page coming back
   * from the back/forward cache — lands on Start in its place, before anything plays: the
   * training there was stopped when it was left, and it must not start again unasked.
   * @returns {boolean} whether this is a training address (and Start is on its way)
   */
  landOnStartIfTraining() {
    if (!isTrainingPath(location.pathname)) return false;
    this.goToStart({ replace: true });
    return true;
  }

  /** Handles the site's links in place, and Back and Forward; starts the page first loaded. */
  install() {
    document.addEventListener('click', (event) => this.onClick(event));
    window.addEventListener('popstate', () => {
      if (!this.landOnStartIfTraining()) this.navigate(location.href, { push: false });
    });
    history.replaceState({ peach: true }, '', location.href);
    if (!this.landOnStartIfTraining()) {
      this.startPage();
      this.renderOnDevice();
    }
  }
}

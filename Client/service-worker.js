/// The service worker (served at /sw.js, scope /): keeps one version of Peach's app shell, the
/// wasm core and every asset, so that Peach opens and trains with no network at all
/// (docs/sync.md "Offline"). The server puts constants in front of this file: `PEACH_VERSION`
/// (a fingerprint of every file below, so that a new build is a new worker), `PEACH_FILES`, and
/// from its route table the Start page `PEACH_SHELL` and the pages a device renders itself,
/// `PEACH_DEVICE_PAGES`.
///
/// - A page the device renders itself (Start, the training pages, Profile, Settings, Info) is
///   answered at once with the shell — the Start page as it was cached — and app.js renders the
///   page asked for from the device's own data. Never waiting for the network is the point: on a
///   bus the LAN address does not answer, it times out.
/// - Assets come from this version's cache: the files of one build always go together.
/// - Instrument sounds (docs/sounds.md) are kept by the page itself (sound-library.js) in a
///   cache of their own, `peach-sounds`, which outlives versions: it is left alone here.
/// - Everything else (the sync API, pairing, the no-script forms) goes to the network untouched.
/// - A new version installs in the background and takes over on the next start, once no page of
///   the old one is open (the default lifecycle: no skipWaiting), so a running exercise is never
///   switched to other files mid-way.

/* global PEACH_VERSION, PEACH_FILES, PEACH_SHELL, PEACH_DEVICE_PAGES */
const CACHE = `peach-${PEACH_VERSION}`;
const SOUNDS_CACHE = 'peach-sounds';
const DEVICE_PAGES = new Set(PEACH_DEVICE_PAGES);

self.addEventListener('install', /** @param {ExtendableEvent} event */ (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([PEACH_SHELL, ...PEACH_FILES])));
});

self.addEventListener('activate', /** @param {ExtendableEvent} event */ (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith('peach-') && name !== CACHE && name !== SOUNDS_CACHE)
      .map((name) => caches.delete(name)),
  )));
});

self.addEventListener('fetch', /** @param {FetchEvent} event */ (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && DEVICE_PAGES.has(url.pathname) && !url.search) {
    event.respondWith(fromCache(PEACH_SHELL, request));
  } else if (PEACH_FILES.includes(url.pathname)) {
    event.respondWith(fromCache(url.pathname, request));
  }
});

/** This version's copy of `path`, or the network's answer if the cache lacks it. */
async function fromCache(path, request) {
  const cached = await caches.open(CACHE).then((cache) => cache.match(path));
  return cached ?? fetch(request);
}

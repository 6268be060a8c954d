/// The visit's sound: one AudioContext (and the audio engine on it), started inside the user's
/// tap, told to play as a music app does, and watched for interruptions. No DOM access.
///
/// - **The silent switch.** On an iPhone, Web Audio follows the ring/silent switch unless the
///   page says it plays media: `navigator.audioSession.type = 'playback'` (Safari 17 and later;
///   WebKit bug 237322). It is set inside the tap, before the context is created or resumed,
///   where the API exists.
/// - **Starting takes time.** A context asked to run inside a tap may report `running` only
///   later (Firefox: 0.5–1.2 s). `whenRunning` waits for the context's own `statechange`, within a
///   generous bound, and then for its clock to advance.
/// - **Interruptions.** Safari moves a context to the non-standard state `interrupted` (a call,
///   Siri, headphones unplugged), others to `suspended`; both count as not running. Resuming such
///   a context can fail or leave a frozen clock, so after an interruption the next tap starts a
///   new context, and no notes are scheduled before the clock is seen to advance.

import { AudioEngine } from './audio-engine.js';

/** How long a context may take to report `running` after the tap that started it. */
export const START_BOUND_MILLISECONDS = 4000;
/** How long its clock may take to move once it reports `running` (a render quantum is 3 ms). */
export const CLOCK_BOUND_MILLISECONDS = 1000;

/** The visit's AudioContext and engine. */
export class AudioSession {
  /**
   * @param {object} options
   * @param {() => void} [options.onInterrupted] the running context stopped running
   * @param {object} [options.window] where `AudioContext`, `navigator` and the timers are
   */
  constructor({ onInterrupted = () => {}, window = globalThis } = {}) {
    this.onInterrupted = onInterrupted;
    this.window = window;
    /** @type {AudioContext|null} */
    this.context = null;
    /** @type {AudioEngine|null} */
    this.engine = null;
    /** Whether the context stopped running after it ran: the next tap starts a new one. */
    this.interrupted = false;
    /** Whether the context was seen running, its clock moving (`whenRunning`): only then is
     *  its leaving `running` an interruption (a context may start suspended, or be suspended
     *  before it ever played). */
    this.heard = false;
  }

  /**
   * Call inside the user's tap (click): says that Peach plays media (the silent switch), then
   * creates the context — a new one after an interruption — or resumes it, and plays one silent
   * sample, which older iOS versions need to open the audio route. Whether it runs is for
   * `whenRunning` to tell.
   * @returns {AudioContext|null} the context, or null where the browser has no Web Audio
   */
  unlock() {
    this.playAsMedia();
    if (this.interrupted) this.#discard();
    const context = this.#ensureContext();
    if (!context) return null;
    Promise.resolve(context.resume?.()).catch(() => {});
    try {
      const source = context.createBufferSource();
      source.buffer = context.createBuffer(1, 1, context.sampleRate);
      source.connect(context.destination);
      source.start(0);
    } catch { /* nothing to unlock */ }
    return context;
  }

  /** `navigator.audioSession.type = 'playback'` where the browser has it (Safari 17+). */
  playAsMedia() {
    const session = this.window.navigator?.audioSession;
    if (!session) return;
    try {
      if (session.type !== 'playback') session.type = 'playback';
    } catch { /* an older form of the API: nothing else to do */ }
  }

  /**
   * Resolves true once the context runs and its clock advances, false if either does not
   * happen within its bound, or if the context was interrupted (only a tap, `unlock`, starts
   * the sound again then). Outside a tap this only waits: a context that needs a tap to start
   * stays suspended.
   * @param {number} [startBound] milliseconds to wait for `running`
   * @returns {Promise<boolean>}
   */
  async whenRunning(startBound = START_BOUND_MILLISECONDS) {
    const context = this.context;
    if (!context || this.interrupted) return false;
    if (context.state !== 'running' && !(await this.#stateRunning(context, startBound))) return false;
    if (context !== this.context || this.interrupted) return false;
    if (!(await this.#clockAdvances(context))) {
      // Running by its word, but its clock stands still: notes on it would never sound.
      if (context === this.context) this.interrupted = true;
      return false;
    }
    if (context !== this.context || this.interrupted) return false;
    this.heard = true;
    return true;
  }

  /** The context's next `statechange` to `running`, or false after `bound` milliseconds. */
  #stateRunning(context, bound) {
    return new Promise((resolve) => {
      const finish = (running) => {
        context.removeEventListener('statechange', check);
        this.window.clearTimeout(timer);
        resolve(running);
      };
      const check = () => { if (context.state === 'running') finish(true); };
      const timer = this.window.setTimeout(() => finish(context.state === 'running'), bound);
      context.addEventListener('statechange', check);
      check();
    });
  }

  /** Whether `context.currentTime` moves within `CLOCK_BOUND_MILLISECONDS`. */
  async #clockAdvances(context) {
    const start = context.currentTime;
    // A running clock moves every render quantum (128 frames, under 3 ms): look every 10 ms.
    for (let waited = 0; waited < CLOCK_BOUND_MILLISECONDS; waited += 10) {
      await new Promise((resolve) => this.window.setTimeout(resolve, 10));
      if (context.currentTime > start) return true;
    }
    return false;
  }

  /** The visit's context, created running or suspended as the browser allows (no sound yet). */
  #ensureContext() {
    if (this.context) return this.context;
    const Context = this.window.AudioContext ?? this.window.webkitAudioContext;
    if (!Context) return null;
    const context = new Context({ latencyHint: 'interactive' });
    this.context = context;
    this.engine = new AudioEngine(context);
    context.addEventListener('statechange', () => {
      if (context !== this.context || context.state === 'running' || !this.heard) return;
      // `suspended`, Safari's `interrupted`, `closed`: the sound stopped under the page.
      this.heard = false;
      this.interrupted = true;
      this.onInterrupted();
    });
    return context;
  }

  /** Lets go of a context that was interrupted: the next `unlock` makes a new one. */
  #discard() {
    const context = this.context;
    this.context = null;
    this.engine?.stopAll();
    this.engine = null;
    this.interrupted = false;
    this.heard = false;
    Promise.resolve(context?.close?.()).catch(() => {});
  }
}

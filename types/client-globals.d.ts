// Types for `tsc --checkJs` (tsconfig.json) of what the browser modules use but no module
// declares: the values the server writes in front of the service worker (Assets.swift), and
// Safari's flag for a page opened from the home screen.
declare const PEACH_VERSION: string;
declare const PEACH_FILES: string[];
declare const PEACH_SHELL: string;
declare const PEACH_DEVICE_PAGES: string[];

interface Navigator {
  /** Safari on iOS: the page runs as a home-screen app. */
  readonly standalone?: boolean;
}

/** The service worker's events (the `webworker` library's, which cannot be loaded beside `dom`). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

/** The modules the server writes at start (Assets.swift, RouteTable.swift): no file holds them. */
declare module '*/peach-core-url.js' {
  /** Where the wasm core is served, or null if it was not built. */
  export const peachCoreURL: string | null;
}
declare module '*/peach-routes.js' {
  export const START_PATH: string;
  export const DEVICE_PAGES: Readonly<Record<string, string>>;
  export const TRAINING_PATHS: readonly string[];
  export const DATA_PATHS: readonly string[];
  export const API_PATHS: Readonly<Record<string, string>>;
  export const API_PREFIX: string;
  export const ASSET_PREFIX: string;
  export const SERVICE_WORKER_PATH: string;
  export const SOUNDS_INDEX: string;
}

/// The page's status lines (docs/pages.md): why Peach cannot train in this browser, how this
/// device stands with the server (`#sync-status`), the chosen sound's loading (`#sound-status`)
/// and whether the browser keeps this device's data (`#storage-status`, Settings). Each line is
/// always in place and empty when there is nothing to say; only its text changes, so that the
/// live region stays and a screen reader announces the change. The words come from the page's
/// `data-msg-*` (or the core), never from here.

import { SoundState } from '../audio/sound-choice.js';

/** Sets a line's text, touching the DOM only when it changes. */
function setText(line, text) {
  if (line.textContent !== text) line.textContent = text;
}

/** Why Peach cannot train in this browser, in the page's words (`#sync-status`'s `data-msg-*`):
 *  the `DeviceUnavailable`'s reason names the text. */
export function unavailableText(deviceError) {
  const texts = document.getElementById('sync-status')?.dataset ?? {};
  const reason = deviceError?.reason ?? 'storageUnavailable';
  return texts[`msg${reason[0].toUpperCase()}${reason.slice(1)}`] ?? texts.msgStorageUnavailable ?? '';
}

/**
 * Fills `#sync-status`: why Peach cannot train in this browser (`deviceError`), on every page;
 * else how this device stands with the server (`syncStatus`, said by the core), except while
 * `training` — then nothing but the exercise shows — and on Start when nothing needs the user.
 * @param {object} state
 * @param {Error|null} state.deviceError
 * @param {import('../store/device.js').Device|null} state.device
 * @param {object|null} state.syncStatus the last sync's outcome (sync.js)
 * @param {boolean|null} state.kept whether the browser keeps the data; null until it has said
 * @param {boolean} state.training
 */
export function showSyncStatus({ deviceError, device, syncStatus, kept, training }) {
  const line = document.getElementById('sync-status');
  if (!line) return;
  let text = '';
  if (deviceError) {
    text = unavailableText(deviceError);
  } else if (syncStatus && device && !training) {
    // Until the browser has said, the data counts as kept: no warning on a guess.
    // Start, the first page a new user reads, is quiet unless something needs the user.
    const quiet = document.body.dataset.page === 'start';
    text = device.core.syncStatus({ ...syncStatus, kept: kept !== false, quiet }, device.language);
  }
  setText(line, text);
}

/** The Settings page's line on this device's storage (`#storage-status`): kept or not; nothing
 *  until the browser has said (`kept` null). */
export function showStorageStatus(kept) {
  const line = document.getElementById('storage-status');
  if (!line || kept === null) return;
  setText(line, (kept ? line.dataset.msgKept : line.dataset.msgNotKept) ?? '');
}

/**
 * Says on `#sound-status` that the chosen instrument (`chosen`) is loading, with the sine
 * playing meanwhile, or could not be loaded; "ready" only on the Settings page, where it
 * answers a choice just made. The words come from the Sound picker's option, or the training
 * page's `data-msg-*`.
 * @param {{source: string, state: string}} status a `SoundChoice`'s status
 * @param {string|undefined} chosen the source chosen now: a status of another is old news
 */
export function showSoundStatus({ source, state }, chosen) {
  const line = document.getElementById('sound-status');
  if (!line || source !== chosen) return;
  const option = /** @type {HTMLOptionElement} */ (document.querySelector(`#setting-soundSource option[value="${CSS.escape(source)}"]`));
  // A training page that plays another sound (pitch matching plays the sine for an instrument
  // that fades, and says so) has nothing to say about this one's loading.
  if (!option && line.dataset.sound !== source) return;
  const messages = option?.dataset ?? line.dataset;
  const text = {
    [SoundState.loading]: messages.msgLoading,
    [SoundState.ready]: option ? messages.msgReady : '',
    [SoundState.failed]: messages.msgFailed,
  }[state] ?? '';
  setText(line, text);
}

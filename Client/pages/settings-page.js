/// The Settings page: every control saves on `change` to this device (the core checks it; sync
/// takes it to the server, last writer wins per setting), CSV import, and "Reset all training
/// data" behind a second, explicit button — those two act on the server's history. DOM
/// contract: docs/pages.md "Settings page". Every text shown comes from Swift (the core, the
/// server's messages and summaries, or `data-msg-*` attributes).

import { ApiError } from '../store/api-client.js';

/** The text value of one setting as the form holds it (docs/api.md formats). */
function formValue(form, name) {
  const controls = [...form.elements].filter((element) => element.name === name);
  if (controls.length === 0) return undefined;
  const first = controls[0];
  // An on/off setting (`wrongAnswerSound`): one checkbox with the switch role.
  if (first.getAttribute('role') === 'switch') return first.checked ? 'true' : 'false';
  if (first.type === 'checkbox') {
    // `intervals`: one checkbox per interval code, sent as a comma-separated list.
    return controls.filter((c) => c.checked).map((c) => c.value).join(',');
  }
  if (first.type === 'radio') return controls.find((c) => c.checked)?.value ?? '';
  return first.value;
}

/** Puts a saved value back into the form (after the server rejected a change). */
function restoreValue(form, name, value) {
  const controls = [...form.elements].filter((element) => element.name === name);
  if (controls.length === 0) return;
  const first = controls[0];
  if (first.getAttribute('role') === 'switch') {
    first.checked = String(value) === 'true';
  } else if (first.type === 'checkbox') {
    const codes = new Set(String(value).split(',').filter(Boolean));
    for (const c of controls) c.checked = codes.has(c.value);
  } else if (first.type === 'radio') {
    for (const c of controls) c.checked = c.value === String(value);
  } else {
    first.value = String(value);
    // Range controls often show their value in an <output for=…>; keep it in step.
    first.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Finds the element for messages, or makes one (role=alert for errors). */
function messageElement(container, selector, id, role) {
  let element = /** @type {HTMLElement} */ (container.querySelector(selector));
  if (!element) {
    element = document.createElement('p');
    element.id = id;
    element.setAttribute('role', role);
    element.className = 'form-message';
    container.prepend(element);
  }
  return element;
}

const show = (element, text, isError) => {
  element.textContent = text;
  element.hidden = !text;
  element.classList.toggle('is-error', Boolean(isError));
};

/** The settings that decide which instrument zones are needed. */
const SOUND_SETTINGS = new Set(['soundSource', 'noteRangeLower', 'noteRangeUpper']);

/** How long "Saved." stays after a change was saved. */
const SAVED_MILLISECONDS = 2000;

/**
 * Keeps the note range selects from offering a pair the server refuses: the lowest note's
 * choices end `minimumSpan` semitones under the highest note, and the other way round.
 */
function limitNoteRange(form) {
  const lower = form.elements.namedItem('noteRangeLower');
  const upper = form.elements.namedItem('noteRangeUpper');
  const span = Number(lower?.closest('fieldset')?.dataset.minimumSpan);
  if (!lower || !upper || !Number.isFinite(span)) return;
  for (const option of lower.options) option.disabled = Number(option.value) > Number(upper.value) - span;
  for (const option of upper.options) option.disabled = Number(option.value) < Number(lower.value) + span;
}

/**
 * Wires the settings page; returns its controller for app.js.
 * @param {import('./app.js').PageContext} context
 * @param {HTMLElement} main
 */
/**
 * The value of a row that opens checkboxes: the intervals' names, as each checkbox's label says
 * them, or the gap positions' numbers.
 * @param {HTMLFormElement} form
 */
function showChosen(form) {
  const rows = [['intervals', '#intervals-chosen'], ['gapPositions', '#gap-positions-chosen']];
  for (const [name, selector] of rows) {
    const value = form.querySelector(selector);
    if (!value) continue;
    const boxes = /** @type {HTMLInputElement[]} */ ([...form.querySelectorAll(`input[name="${name}"]:checked`)]);
    value.textContent = boxes.map((box) => box.labels?.[0]?.textContent?.trim() ?? '').join(', ');
  }
}

/**
 * The note that the chosen instrument fades in pitch matching: shown while it is chosen.
 * @param {HTMLFormElement} form
 */
function showFadingNote(form) {
  const chosen = formValue(form, 'soundSource');
  for (const note of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll('[data-fades]'))) {
    note.hidden = note.dataset.fades !== chosen;
  }
}

export function startSettingsPage(context, main) {
  const cleanups = [];
  const listen = (target, type, handler) => {
    target.addEventListener(type, handler);
    cleanups.push(() => target.removeEventListener(type, handler));
  };

  // --- settings, saved on change -------------------------------------------------------------
  const form = /** @type {HTMLFormElement} */ (main.querySelector('#settings-form'));
  if (form) {
    const controls = /** @type {HTMLInputElement[]} */ ([...form.elements]);
    const names = [...new Set(controls.map((e) => e.name).filter(Boolean))];
    const saved = Object.fromEntries(names.map((name) => [name, formValue(form, name)]));
    const status = messageElement(form, '#settings-status', 'settings-status', 'alert');
    if (!status.textContent) status.hidden = true;
    const savedNote = /** @type {HTMLElement} */ (form.querySelector('#settings-saved'));
    let savedTimer = null;
    const showSaved = (visible) => {
      clearTimeout(savedTimer);
      if (!savedNote) return;
      savedNote.hidden = !visible;
      if (visible) savedTimer = setTimeout(() => { savedNote.hidden = true; }, SAVED_MILLISECONDS);
    };
    cleanups.push(() => clearTimeout(savedTimer));
    limitNoteRange(form);
    let queue = Promise.resolve();

    listen(form, 'submit', (event) => event.preventDefault());
    listen(form, 'change', (event) => {
      const name = event.target?.name;
      if (!name || !(name in saved)) return;
      const value = formValue(form, name);
      // One change at a time, in order, as they were made.
      queue = queue.then(async () => {
        const refused = await context.setSetting(name, value);
        if (refused === null) {
          saved[name] = context.setting(name) ?? value;
          show(status, '', false);
          showSaved(true);
          context.syncSoon();
          if (name === 'language') context.navigate(location.href, { replace: true });
          // A new sound or note range: its instrument zones are loaded now, not at the next exercise.
          if (SOUND_SETTINGS.has(name)) context.sounds?.prepare();
        } else {
          restoreValue(form, name, saved[name]);
          showSaved(false);
          show(status, refused, true);
        }
        limitNoteRange(form);
        showChosen(form);
        showFadingNote(form);
      });
    });
  }

  // --- the Sound picker's preview: one note with the chosen sound -----------------------------
  const preview = /** @type {HTMLButtonElement} */ (main.querySelector('#sound-preview'));
  if (preview) {
    preview.hidden = false;
    listen(preview, 'click', async () => {
      // Inside the click: the one moment a browser lets a page start its audio.
      context.audio.unlock();
      if (await context.audio.whenRunning() && context.sounds) await context.sounds.preview(context.audio.engine);
    });
  }

  // --- CSV import: progress, and a question before a replace deletes --------------------------
  const importForm = /** @type {HTMLFormElement} */ (main.querySelector('#import-form'));
  if (importForm) {
    const result = messageElement(importForm, '#import-result', 'import-result', 'status');
    if (!result.textContent) result.hidden = true;
    const progress = /** @type {HTMLProgressElement} */ (importForm.querySelector('#import-progress'));
    const submit = /** @type {HTMLButtonElement} */ (importForm.querySelector('button[type="submit"], button:not([type])'));
    const confirmBlock = /** @type {HTMLElement} */ (importForm.querySelector('#import-confirm'));
    const question = /** @type {HTMLElement} */ (importForm.querySelector('#import-question'));
    const confirmButton = /** @type {HTMLButtonElement} */ (importForm.querySelector('#import-confirm-button'));
    const cancelButton = /** @type {HTMLButtonElement} */ (importForm.querySelector('#import-cancel'));
    const failed = (error) => show(result, error instanceof ApiError ? error.message : (main.dataset.msgOffline ?? error.message), true);
    /** The replace waiting for an answer: its token, or null. */
    let waitingToken = null;
    const ask = (reply) => {
      waitingToken = reply?.confirmation?.token ?? null;
      if (confirmBlock) confirmBlock.hidden = !waitingToken;
      if (waitingToken) {
        show(result, '', false);
        if (question) question.textContent = reply.message ?? '';
        // Cancel, not the destructive button, has the focus: an Enter too many deletes nothing.
        cancelButton?.focus();
      }
    };
    const busy = (isBusy) => {
      for (const button of [submit, confirmButton, cancelButton]) if (button) button.disabled = isBusy;
      if (progress && !isBusy) progress.hidden = true;
    };
    /**
     * Shows how much of the file has been sent and how many rows that is, in steps of 10 % so a
     * screen reader is not flooded. The server reads and checks each row as it arrives, so the
     * rows sent are the rows read; they are counted here as the line breaks in the part of the
     * file already sent (read slice by slice, never the whole file at once), less the format
     * line and the header.
     */
    let shownPercent = -1;
    let uploading = null; // { file, countedBytes, lineBreaks, counting } while the file is being sent
    const rowsUpTo = (upload, sent) => {
      upload.counting = upload.counting.then(async () => {
        if (sent <= upload.countedBytes) return;
        const bytes = new Uint8Array(await upload.file.slice(upload.countedBytes, sent).arrayBuffer());
        for (const byte of bytes) if (byte === 0x0a) upload.lineBreaks += 1;
        upload.countedBytes = sent;
      });
      return upload.counting.then(() => Math.max(0, upload.lineBreaks - 2));
    };
    const onProgress = (sent, total) => {
      const upload = uploading;
      if (!upload) return;
      const percent = total > 0 ? Math.floor((sent / total) * 100) : 100;
      if (progress) { progress.hidden = false; progress.value = percent; }
      if (sent >= total) {
        uploading = null;
        show(result, importForm.dataset.msgReading ?? '', false);
      } else if (Math.floor(percent / 10) !== Math.floor(shownPercent / 10)) {
        rowsUpTo(upload, sent).then((rows) => {
          // A count that arrives after the upload ended would cover the newer message.
          if (uploading !== upload) return;
          show(result, (importForm.dataset.msgSending ?? '')
            .replace('{percent}', String(percent)).replace('{rows}', String(rows)), false);
        });
      }
      shownPercent = percent;
    };
    const finish = (reply) => {
      if (reply?.confirmation) ask(reply);
      else { ask(null); show(result, reply?.message ?? '', false); }
    };
    // A new file choice makes the last import's message and question stale: they would seem to speak of the new file.
    const fileName = /** @type {HTMLElement} */ (importForm.querySelector('#import-file-name'));
    listen(importForm, 'change', (event) => {
      if (event.target?.type !== 'file') return;
      const chosen = /** @type {HTMLInputElement} */ (event.target).files?.[0];
      if (fileName) fileName.textContent = chosen?.name ?? fileName.dataset.msgNone ?? '';
      result.hidden = true;
      if (waitingToken) context.api.confirmImport(waitingToken, false).catch(() => {});
      ask(null);
    });
    listen(importForm, 'submit', async (event) => {
      event.preventDefault();
      const file = /** @type {HTMLInputElement} */ (importForm.querySelector('input[type="file"]'))?.files?.[0];
      if (!file) return;
      const mode = formValue(importForm, 'mode') || 'merge';
      ask(null);
      busy(true);
      shownPercent = -1;
      uploading = { file, countedBytes: 0, lineBreaks: 0, counting: Promise.resolve() };
      onProgress(0, file.size);
      let reply;
      try {
        reply = await context.api.importCSV(file, mode, { onProgress });
      } catch (error) {
        uploading = null;
        busy(false);
        failed(error);
        return;
      }
      uploading = null;
      // Enabled first: a disabled button cannot take the focus the question gives it.
      busy(false);
      finish(reply);
      context.syncNow();
    });
    const answer = async (confirm) => {
      if (!waitingToken) return;
      busy(true);
      let reply;
      try {
        reply = await context.api.confirmImport(waitingToken, confirm);
      } catch (error) {
        busy(false);
        ask(null);
        failed(error);
        return;
      }
      busy(false);
      finish(reply);
      context.syncNow();
      if (!waitingToken) submit?.focus();
    };
    if (confirmButton) listen(confirmButton, 'click', () => answer(true));
    if (cancelButton) listen(cancelButton, 'click', () => answer(false));
  }

  // --- reset, with an explicit second button ---------------------------------------------------
  const resetButton = /** @type {HTMLButtonElement} */ (main.querySelector('#reset-button'));
  const resetConfirm = /** @type {HTMLButtonElement} */ (main.querySelector('#reset-confirm'));
  const resetCancel = /** @type {HTMLButtonElement} */ (main.querySelector('#reset-cancel'));
  if (resetButton && resetConfirm) {
    const container = resetConfirm.closest('form, section, div') ?? main;
    const result = messageElement(container, '#reset-result', 'reset-result', 'status');
    if (!result.textContent) result.hidden = true;
    const ask = (asking) => {
      resetConfirm.hidden = !asking;
      if (resetCancel) resetCancel.hidden = !asking;
      resetButton.setAttribute('aria-expanded', String(asking));
      if (asking) resetConfirm.focus();
    };
    ask(false);
    listen(resetButton, 'click', (event) => { event.preventDefault(); show(result, '', false); ask(true); });
    if (resetCancel) listen(resetCancel, 'click', (event) => { event.preventDefault(); ask(false); resetButton.focus(); });
    listen(resetConfirm, 'click', async (event) => {
      event.preventDefault();
      resetConfirm.disabled = true;
      try {
        const reply = await context.api.reset();
        const deleted = reply?.deleted ?? 0;
        // Both plural forms come from the server (Texts.resetDone); the count chooses.
        const template = (deleted === 1 ? resetConfirm.dataset.msgDoneOne : resetConfirm.dataset.msgDone) ?? '';
        show(result, template.replace('{count}', String(deleted)), false);
        context.syncNow();
        ask(false);
        resetButton.focus();
      } catch (error) {
        show(result, error instanceof ApiError ? error.message : (main.dataset.msgOffline ?? error.message), true);
      } finally {
        resetConfirm.disabled = false;
      }
    });
  }

  return {
    training: false,
    dispose() { for (const cleanup of cleanups.splice(0)) cleanup(); },
  };
}

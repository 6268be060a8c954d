/// The Swift core (PeachCore + PeachViews, built as peach-core.wasm) behind plain functions.
/// It decides what is played and what it means (docs/design.md); this module only moves strings
/// and numbers in and out of the module's memory (Sources/PeachWasm/Exports.swift says how).
/// No DOM access: it runs in node for the tests as in the browser.

import {
  ExerciseField, FeedbackLine, IntervalLine, OnsetField, RhythmField, SoundPreviewField, TapLine,
} from './peach-fields.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Compiles and starts the core from a URL (streamed), bytes, or an already compiled module. */
export async function loadPeachCore(source) {
  let module;
  if (source instanceof WebAssembly.Module) module = source;
  else if (typeof source === 'string' || source instanceof URL) module = await WebAssembly.compileStreaming(fetch(source));
  else module = await WebAssembly.compile(source);
  // The module imports nothing: the C library it needs is linked into it.
  return new PeachCore(await WebAssembly.instantiate(module, {}));
}

/**
 * What the core wrote by position (numbers, lines of text) by the names of `fields`, one of the
 * field maps of peach-fields.js, which Swift writes from the enums that describe each shape:
 * `named(RecordField, numbers).timestamp`.
 * @template {Readonly<Record<string, number>>} F
 * @template V
 * @param {F} fields
 * @param {ArrayLike<V>} values
 * @returns {{ [K in keyof F]: V }}
 */
export function named(fields, values) {
  const entries = Object.entries(fields).map(([name, index]) => [name, values[index]]);
  return /** @type {{ [K in keyof F]: V }} */ (Object.fromEntries(entries));
}

/** One session of the core: settings, profile (with every mode's adaptive chain), randomness. */
export class PeachCore {
  #wasm;

  constructor(instance) {
    this.#wasm = instance.exports;
  }

  /** How many numbers describe one record (`RecordField` of peach-fields.js names them). */
  get recordStride() {
    return this.#wasm.peach_record_stride();
  }

  /** The numbers of several records (as the core gave each) in one array, as `replaceProfile`
   *  takes them. */
  packed(records) {
    const stride = this.recordStride;
    const numbers = new Float64Array(records.length * stride);
    records.forEach((record, index) => numbers.set(record, index * stride));
    return numbers;
  }

  /** When the record of `numbers` (as the core gave them) was made, in milliseconds since 1970;
   *  NaN if they are not a record's. */
  recordTime(numbers) {
    const pointer = this.#wasm.peach_alloc(numbers.length * 8);
    try {
      new Float64Array(this.#wasm.memory.buffer, pointer, numbers.length).set(numbers);
      return this.#wasm.peach_record_time(pointer, numbers.length);
    } finally {
      this.#wasm.peach_free(pointer);
    }
  }

  /** Starts over: default settings, empty profile, randomness from `seed` (0 … 2^64 − 1). */
  reset(seed) {
    this.#wasm.peach_reset(BigInt.asUintN(64, BigInt(seed)));
  }

  /** Changes a setting from its text; `null`, or the reason it was refused in `language`. */
  setSetting(key, value, language = 'en') {
    const length = this.#withTexts([key, value, language], (k, v, l) => this.#wasm.peach_set_setting(...k, ...v, ...l));
    return length === 0 ? null : this.#outputText(length);
  }

  /** The next exercise of a mode (`comparison`, `pitchMatching`, `intervalComparison`,
   *  `intervalPitchMatching`): notes, frequencies in hertz, the target's loudness offset in
   *  decibels, note duration in seconds;
   *  `startHertz` and `highestHertz` (the tunable note's range) are null for a comparison. */
  nextExercise(mode) {
    const length = this.#withTexts([mode], (m) => this.#wasm.peach_next_exercise(...m));
    if (length === 0) throw new RangeError(`${mode} is not a training mode`);
    const exercise = named(ExerciseField, this.#outputNumbers(length));
    const { startHertz, highestHertz } = exercise;
    return {
      ...exercise,
      startHertz: Number.isNaN(startHertz) ? null : startHertz,
      highestHertz: Number.isNaN(highestHertz) ? null : highestHertz,
    };
  }

  /**
   * The next exercise of a rhythm mode (`rhythmOffsetDetection`, `continuousRhythmMatching`),
   * scheduled from `start` seconds on an audio clock of `sampleRate`: `{tempoBPM, ends, next,
   * onsets}`, every onset `{seconds, sample, cycle, step, isGap}`; `ends` is when Compare
   * Timing's answers open or Fill the Gap's trial is over, `next` where the next trial continues
   * the loop (null for Compare Timing).
   */
  nextRhythmExercise(mode, start, sampleRate) {
    const length = this.#withTexts([mode], (m) => this.#wasm.peach_next_rhythm_exercise(...m, start, sampleRate));
    if (length === 0) throw new RangeError(`${mode} is not a rhythm mode, or ${start} s at ${sampleRate} Hz no clock`);
    const numbers = this.#outputNumbers(length);
    const header = named(RhythmField, numbers);
    const first = Object.keys(RhythmField).length;
    const stride = Object.keys(OnsetField).length;
    const onsets = Array.from({ length: header.onsetCount }, (_, index) => {
      const onset = named(OnsetField, numbers.subarray(first + index * stride, first + (index + 1) * stride));
      return { ...onset, isGap: onset.isGap === 1 };
    });
    return { tempoBPM: header.tempoBPM, ends: header.ends, next: Number.isNaN(header.next) ? null : header.next, onsets };
  }

  /** Answers the current Compare Timing exercise: early or late. */
  answerTiming(early, timestamp = Date.now()) {
    return this.#record(this.#wasm.peach_answer_timing(early ? 1 : 0, timestamp));
  }

  /** A Fill the Gap tap at `seconds` on the audio clock: a counted tap's `{band, cycle, step}`
   *  (its colour, `green`, `yellow`, `red` or `center`, and its gap), or null if it is ignored. */
  tap(seconds) {
    const length = this.#wasm.peach_tap(seconds);
    if (length === 0) return null;
    const { band, cycle, step } = named(TapLine, this.#outputText(length).split('\n'));
    return { band, cycle: Number(cycle), step: Number(step) };
  }

  /** Ends the Fill the Gap trial under way: its record's numbers, or null if it makes none. */
  finishTrial(timestamp = Date.now()) {
    return this.#record(this.#wasm.peach_finish_trial(timestamp));
  }

  /** The current pitch matching's tunable note in hertz with the slider at `value` (beyond an
   *  end: the end); NaN without a pitch matching under way. */
  tunableFrequency(value) {
    return this.#wasm.peach_tunable_frequency(value);
  }

  /** The Settings page's sound preview: `{note, frequency}`, a MIDI note and its hertz at the
   *  reference pitch setting. */
  soundPreview() {
    return named(SoundPreviewField, this.#outputNumbers(this.#wasm.peach_sound_preview()));
  }

  /** Answers the current comparison; the record's numbers, or `null` if there is none to answer. */
  answerComparison(higher, timestamp = Date.now()) {
    return this.#record(this.#wasm.peach_answer_comparison(higher ? 1 : 0, timestamp));
  }

  /** Answers the current pitch matching with the slider at `value` (−1 … 1). */
  answerPitchMatching(value, timestamp = Date.now()) {
    return this.#record(this.#wasm.peach_answer_pitch_matching(value, timestamp));
  }

  /**
   * Replaces the profile with the server's summary (a Float64Array, or null for none) and the
   * records beyond it, in any order (`recordStride` numbers each, as `packed` puts them);
   * settings and the exercise under way stay.
   * @returns {boolean} false, changing nothing, if either cannot be read
   */
  replaceProfile(summary, records) {
    const count = records.length / this.recordStride;
    if (!Number.isInteger(count)) throw new RangeError('records must have whole numbers of fields');
    const summaryLength = summary?.length ?? 0;
    const summaryPointer = this.#wasm.peach_alloc(summaryLength * 8);
    const recordsPointer = this.#wasm.peach_alloc(records.byteLength);
    try {
      if (summary) new Float64Array(this.#wasm.memory.buffer, summaryPointer, summaryLength).set(summary);
      new Float64Array(this.#wasm.memory.buffer, recordsPointer, records.length).set(records);
      return this.#wasm.peach_replace_profile(summaryPointer, summaryLength, recordsPointer, count) === 1;
    } finally {
      this.#wasm.peach_free(summaryPointer);
      this.#wasm.peach_free(recordsPointer);
    }
  }

  /** A page (`start`, `profile`, `settings`, `info`, or a training mode such as
   *  `comparison`) in a language (`en`, `de`), as the server renders it. */
  render(page, language) {
    const length = this.#withTexts([page, language], (p, l) => this.#wasm.peach_render(...p, ...l));
    if (length === 0) throw new RangeError(`cannot render ${page} in ${language}`);
    return this.#outputText(length);
  }

  /** The current exercise's interval: `{code, name}` with the name in `language`, or `null`. */
  currentInterval(language) {
    const length = this.#withTexts([language], (l) => this.#wasm.peach_current_interval(...l));
    if (length === 0) return null;
    return named(IntervalLine, this.#outputText(length).split('\n'));
  }

  /** The last answer's feedback in `language` (AnswerFeedback.swift), or `null` before any. */
  feedback(language) {
    const length = this.#withTexts([language], (l) => this.#wasm.peach_feedback(...l));
    if (length === 0) return null;
    const lines = named(FeedbackLine, this.#outputText(length).split('\n'));
    const { isCorrect, band, direction, wrongAnswerSound } = lines;
    return {
      ...lines, isCorrect: isCorrect === '' ? null : isCorrect === 'true',
      band: band || null, direction: direction || null,
      wrongAnswerSound: wrongAnswerSound === 'true',
    };
  }

  /** The language of the pages (`en`, `de`): the setting, else the first of `browserLanguages`
   *  (such as `navigator.languages`) that Peach speaks. */
  pageLanguage(browserLanguages) {
    const header = [...browserLanguages].join(',');
    return this.#outputText(this.#withTexts([header], (h) => this.#wasm.peach_page_language(...h)));
  }

  /**
   * The sync status line in `language` (SyncStatus.swift): `state` is `synced`, `waiting`,
   * `offline`, `unpaired`, `diskFull`, `requestRefused`, `serverFailed` or `profileUnreadable`;
   * `reason` the first refused answer's reason, `message` what the server said when it refused a
   * whole request, `kept` whether the browser keeps this device's data, `discarded` how many
   * answers a reset of the history removed, `sinceSync` the milliseconds since this device last
   * synced (NaN if it never has). `quiet` is Start's rule: an empty line unless something needs
   * the user (`SyncStatus.needsAttention`).
   */
  syncStatus({ state, waiting, refused, reason = '', message = '', kept = true, discarded = 0, sinceSync = NaN, quiet = false },
    language) {
    const length = this.#withTexts([state, reason, message, language], (s, r, m, l) =>
      this.#wasm.peach_sync_status(
        ...s, waiting, refused, ...r, ...m, kept ? 1 : 0, discarded, sinceSync, quiet ? 1 : 0, ...l));
    if (length < 0) throw new RangeError(`${state} is not a sync state`);
    return length === 0 ? '' : this.#outputText(length);
  }

  /** Whether this device can vibrate (`'vibrate' in navigator`): where it cannot, a wrong answer
   *  plays the short sound until the user chooses (the `wrongAnswerSound` setting's `auto`). */
  setDeviceVibrates(vibrates) {
    this.#wasm.peach_set_device_vibrates(vibrates ? 1 : 0);
  }

  /** Every setting in its text form, `{key: value}` (the names of the settings API). */
  settings() {
    const lines = this.#outputText(this.#wasm.peach_settings()).split('\n');
    return Object.fromEntries(lines.map((line) => {
      const index = line.indexOf('=');
      return [line.slice(0, index), line.slice(index + 1)];
    }));
  }

  /**
   * The body of a sync upload (docs/api.md, "Sync") as JSON text, made by the core from records
   * as the device's store holds them: `{id, numbers}`, the numbers the core gave (`recordStride`
   * each) and an id without a line break (a UUID).
   */
  uploadJSON(records) {
    const numbers = this.packed(records.map((record) => record.numbers));
    const ids = records.map((record) => record.id).join('\n');
    const pointer = this.#wasm.peach_alloc(numbers.byteLength);
    try {
      new Float64Array(this.#wasm.memory.buffer, pointer, numbers.length).set(numbers);
      const length = this.#withTexts([ids], (i) => this.#wasm.peach_upload_json(...i, pointer, records.length));
      if (length === 0) throw new RangeError('an upload needs records, each with an id and its numbers');
      return this.#outputText(length);
    } finally {
      this.#wasm.peach_free(pointer);
    }
  }

  /** The differential trace (Tests/PeachTrace) of `operations` seeded steps: only in the test
   *  build, peach-core-check.wasm; the shipped core throws a TypeError. */
  trace(seed, operations) {
    return this.#outputText(this.#wasm.peach_trace(BigInt.asUintN(64, BigInt(seed)), operations));
  }

  #record(length) {
    return length === 0 ? null : this.#outputNumbers(length);
  }

  /** Calls `body` with (pointer, length) of each text copied into the module; frees them after. */
  #withTexts(texts, body) {
    const pieces = texts.map((text) => {
      const bytes = encoder.encode(text);
      const pointer = this.#wasm.peach_alloc(bytes.length);
      new Uint8Array(this.#wasm.memory.buffer, pointer, bytes.length).set(bytes);
      return [pointer, bytes.length];
    });
    try {
      return body(...pieces);
    } finally {
      for (const [pointer] of pieces) this.#wasm.peach_free(pointer);
    }
  }

  // Views are made after the call: memory may have grown and replaced its buffer.
  #outputText(length) {
    return decoder.decode(new Uint8Array(this.#wasm.memory.buffer, this.#wasm.peach_output(), length));
  }

  #outputNumbers(length) {
    return new Float64Array(this.#wasm.memory.buffer.slice(this.#wasm.peach_output(), this.#wasm.peach_output() + length));
  }
}

/// The Swift core (PeachCore + PeachViews, built as peach-core.wasm) behind plain functions.
/// It decides what is played and what it means (DESIGN.md §3); this module only moves strings
/// and numbers in and out of the module's memory (Sources/PeachWasm/Exports.swift says how).
/// No DOM access: it runs in node for the tests as in the browser.

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

/** One session of the core: settings, profile (with every mode's adaptive chain), randomness. */
export class PeachCore {
  #wasm;

  constructor(instance) {
    this.#wasm = instance.exports;
  }

  /** How many numbers describe one record (RecordNumbers.swift lists them). */
  get recordStride() {
    return this.#wasm.peach_record_stride();
  }

  /** Starts over: default settings, empty profile, randomness from `seed` (0 … 2^64 − 1). */
  reset(seed) {
    this.#wasm.peach_reset(BigInt.asUintN(64, BigInt(seed)));
  }

  /** Changes a setting from its text; `null`, or the reason it was refused (English). */
  setSetting(key, value) {
    const length = this.#withTexts([key, value], (k, v) => this.#wasm.peach_set_setting(...k, ...v));
    return length === 0 ? null : this.#outputText(length);
  }

  /** The next exercise of a mode (`comparison`, `pitchMatching`, `intervalComparison`,
   *  `intervalPitchMatching`): notes, frequencies in hertz, offsets, note duration in seconds. */
  nextExercise(mode) {
    const length = this.#withTexts([mode], (m) => this.#wasm.peach_next_exercise(...m));
    if (length === 0) throw new RangeError(`${mode} is not a training mode`);
    const [referenceNote, targetNote, referenceHertz, targetHertz, startHertz, centOffset, loudnessOffset, noteDuration] =
      this.#outputNumbers(length);
    return {
      referenceNote, targetNote, referenceHertz, targetHertz,
      startHertz: Number.isNaN(startHertz) ? null : startHertz,
      centOffset, loudnessOffset, noteDuration,
    };
  }

  /** Answers the current comparison; the record's numbers, or `null` if there is none to answer. */
  answerComparison(higher, timestamp = Date.now()) {
    return this.#record(this.#wasm.peach_answer_comparison(higher ? 1 : 0, timestamp));
  }

  /** Answers the current pitch matching with the slider at `value` (−1 … 1). */
  answerPitchMatching(value, timestamp = Date.now()) {
    return this.#record(this.#wasm.peach_answer_pitch_matching(value, timestamp));
  }

  /** Adds records (a Float64Array of `recordStride` numbers each) to the profile, all or none. */
  addRecords(numbers) {
    const count = numbers.length / this.recordStride;
    if (!Number.isInteger(count)) throw new RangeError('records must have whole numbers of fields');
    const pointer = this.#wasm.peach_alloc(numbers.byteLength);
    try {
      new Float64Array(this.#wasm.memory.buffer, pointer, numbers.length).set(numbers);
      const added = this.#wasm.peach_add_records(pointer, count);
      if (added !== count) throw new RangeError(`record ${added} is not a valid record; none was added`);
    } finally {
      this.#wasm.peach_free(pointer);
    }
  }

  /** A page (`profile`, `start`, `timeline`) in a language (`en`, `de`), as the server renders it. */
  render(page, language) {
    const length = this.#withTexts([page, language], (p, l) => this.#wasm.peach_render(...p, ...l));
    if (length === 0) throw new RangeError(`cannot render ${page} in ${language}`);
    return this.#outputText(length);
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

// Made by FieldTable (Sources/PeachWasm/FieldTable.swift) from the Swift enums named
// below: do not edit. After changing one, write this file again:
//   swift build --product PeachCoreCheck && .build/debug/PeachCoreCheck fields > Client/core/peach-fields.js
// (Client/tests/peach-core.test.mjs fails while it differs from what Swift writes).
//
// What crosses between the wasm core and the scripts by position: each field's index
// by its name, the position of the numbers or lines the core writes and reads.

/** A record's numbers (`RecordNumbers.Field`), as the device's store keeps them. */
export const RecordField = Object.freeze({ kind: 0, timestamp: 1, referenceNote: 2, targetNote: 3, tuningSystem: 4, centOffset: 5, outcome: 6, tempoBPM: 7, offsetMs: 8, position0: 9, position1: 10, position2: 11, position3: 12 });
/** What a record's `kind` holds (`RecordNumbers.Kind`). */
export const RecordKind = Object.freeze({ comparison: 0, pitchMatching: 1, rhythmOffsetDetection: 2, continuousRhythmMatching: 3 });
/** The tuning systems by the index a record's `tuningSystem` holds (`TuningSystem`). */
export const TUNING_SYSTEMS = Object.freeze(['equalTemperament', 'justIntonation', 'pythagorean']);
/** An exercise's numbers (`ExerciseNumbers.Field`): a comparison's `startHertz` and
 *  `highestHertz` are NaN. */
export const ExerciseField = Object.freeze({ referenceNote: 0, targetNote: 1, referenceHertz: 2, targetHertz: 3, startHertz: 4, highestHertz: 5, loudnessOffset: 6, noteDuration: 7 });
/** A rhythm exercise's numbers (`RhythmExerciseNumbers.Field`), then `onsetCount`
 *  onsets of `OnsetField`'s numbers each: Compare Timing's `next` is NaN. */
export const RhythmField = Object.freeze({ tempoBPM: 0, onsetCount: 1, ends: 2, next: 3 });
/** One onset's numbers (`RhythmExerciseNumbers.Onset`). */
export const OnsetField = Object.freeze({ seconds: 0, sample: 1, cycle: 2, step: 3, isGap: 4 });
/** The Settings page's sound preview's numbers (`SoundPreviewField`). */
export const SoundPreviewField = Object.freeze({ note: 0, frequency: 1 });
/** The current exercise's interval's lines (`IntervalLine`). */
export const IntervalLine = Object.freeze({ code: 0, name: 1 });
/** A counted Fill the Gap tap's lines (`TapLine`). */
export const TapLine = Object.freeze({ band: 0, cycle: 1, step: 2 });
/** The last answer's feedback's lines (`AnswerFeedback.Line`). */
export const FeedbackLine = Object.freeze({ kind: 0, isCorrect: 1, band: 2, direction: 3, text: 4, announcement: 5, wrongAnswerSound: 6 });

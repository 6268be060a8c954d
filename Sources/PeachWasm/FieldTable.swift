#if !hasFeature(Embedded)
    import PeachCore
    import PeachViews

    /// The JavaScript side of every shape that crosses the wasm boundary by position — numbers in
    /// a `Float64Array`, lines of text — made from the Swift enum that describes it, so that no
    /// script writes an index: `Client/core/peach-fields.js`, which gives each field's index by its
    /// name (`numbers[RecordField.timestamp]`).
    ///
    /// Each shape is described once, by an `Int` enum that is `CaseIterable`: the order of its
    /// cases is the order of the numbers or lines, and each case's `rawValue` its index, which
    /// the Swift side reads and writes by (`RecordNumbers`, `ExerciseNumbers`, `AnswerFeedback`,
    /// `SoundPreviewField`, `IntervalLine`). Like the route table the server writes
    /// (`RouteTable`, PeachWeb), but kept in the tree: peach-core.js imports it in node as in the
    /// browser, with no server to write it. `PeachCoreCheck fields` prints it, and
    /// `Client/tests/peach-core.test.mjs` fails while the file differs; the same test reads the
    /// real core's records, exercises and feedback by these names. Native only: the wasm core
    /// needs none of it.
    public enum FieldTable {
        /// Where the module sits in the repository, and the command that writes it.
        public static let path = "Client/core/peach-fields.js"

        /// `peach-fields.js`.
        public static var module: String {
            """
            // Made by FieldTable (Sources/PeachWasm/FieldTable.swift) from the Swift enums named
            // below: do not edit. After changing one, write this file again:
            //   swift build --product PeachCoreCheck && .build/debug/PeachCoreCheck fields > \(path)
            // (Client/tests/peach-core.test.mjs fails while it differs from what Swift writes).
            //
            // What crosses between the wasm core and the scripts by position: each field's index
            // by its name, the position of the numbers or lines the core writes and reads.

            /** A record's numbers (`RecordNumbers.Field`), as the device's store keeps them. */
            export const RecordField = \(fields(RecordNumbers.Field.self));
            /** What a record's `kind` holds (`RecordNumbers.Kind`). */
            export const RecordKind = \(fields(RecordNumbers.Kind.self));
            /** The tuning systems by the index a record's `tuningSystem` holds (`TuningSystem`). */
            export const TUNING_SYSTEMS = Object.freeze(\(list(TuningSystem.allCases.map(\.rawValue))));
            /** An exercise's numbers (`ExerciseNumbers.Field`): a comparison's `startHertz` and
             *  `highestHertz` are NaN. */
            export const ExerciseField = \(fields(ExerciseNumbers.Field.self));
            /** A rhythm exercise's numbers (`RhythmExerciseNumbers.Field`), then `onsetCount`
             *  onsets of `OnsetField`'s numbers each: Compare Timing's `next` is NaN. */
            export const RhythmField = \(fields(RhythmExerciseNumbers.Field.self));
            /** One onset's numbers (`RhythmExerciseNumbers.Onset`). */
            export const OnsetField = \(fields(RhythmExerciseNumbers.Onset.self));
            /** The Settings page's sound preview's numbers (`SoundPreviewField`). */
            export const SoundPreviewField = \(fields(SoundPreviewField.self));
            /** The current exercise's interval's lines (`IntervalLine`). */
            export const IntervalLine = \(fields(IntervalLine.self));
            /** A counted Fill the Gap tap's lines (`TapLine`). */
            export const TapLine = \(fields(TapLine.self));
            /** The last answer's feedback's lines (`AnswerFeedback.Line`). */
            export const FeedbackLine = \(fields(AnswerFeedback.Line.self));

            """
        }

        /// A frozen JavaScript object of each case's name and index.
        static func fields<Field: CaseIterable & RawRepresentable>(_: Field.Type) -> String
        where Field.RawValue == Int {
            let entries = Field.allCases.enumerated().map { index, field in
                precondition(field.rawValue == index, "\(Field.self): a case's raw value is its position")
                return "\(field): \(index)"
            }
            return "Object.freeze({ " + entries.joined(separator: ", ") + " })"
        }

        /// A JavaScript array of strings (names: no quotes or backslashes in them).
        static func list(_ texts: [String]) -> String {
            "[" + texts.map { "'" + $0 + "'" }.joined(separator: ", ") + "]"
        }
    }
#endif

/// Every user setting, with its default and bounds (docs/design.md, "Where each rule lives").
///
/// Settings travel as text (one value per `Key`), both to the settings table and through the
/// API, so there is exactly one parser and one validator: `setValue(_:for:)`.
public struct TrainingSettings: Hashable, Sendable {
    public private(set) var noteRange = NoteRange.standard
    /// Seconds each fixed-length note plays.
    public private(set) var noteDuration = 1.0
    /// The frequency of A4.
    public private(set) var referencePitch = Frequency.concertA
    public private(set) var soundSource = SoundSource.sine
    /// 0 … 1; scales the random level difference of comparison targets.
    public private(set) var loudnessVariation = 0.0
    /// The directed intervals of the interval modes; never empty.
    public private(set) var intervals: Set<DirectedInterval> = [.perfectFifthUp]
    public private(set) var tuningSystem = TuningSystem.equalTemperament
    /// `nil` follows the browser's language.
    public private(set) var language: Language?
    /// A short, quiet sound after a wrong answer, for training with the eyes closed
    /// where the device cannot vibrate (an iPhone's browser has no Vibration API). `nil` until
    /// the user chooses (text `auto`): then each device plays it where it cannot vibrate
    /// (`playsWrongAnswerSound(deviceVibrates:)`); a choice, `true` or `false`, is kept and synced.
    public private(set) var wrongAnswerSound: Bool? = nil
    /// The rhythm modes' metronome tempo: chosen, never changed by the training (a second axis
    /// of difficulty the musician sets), 80 BPM to start, slow enough to hear every sixteenth.
    public private(set) var tempo = TempoBPM(80)!
    /// Fill the Gap's gap positions, the steps of a cycle (1–4, as a musician counts them) that
    /// may fall silent; never empty. All four to start: a gap that moves from cycle to cycle is
    /// found by listening to the whole pattern, where one fixed gap soon becomes a tap by habit,
    /// and every position's estimate fills from the first trial.
    public private(set) var gapPositions: Set<Int> = [1, 2, 3, 4]

    /// Whether a wrong answer plays the sound on a device that can (or cannot) vibrate.
    public func playsWrongAnswerSound(deviceVibrates: Bool) -> Bool {
        wrongAnswerSound ?? !deviceVibrates
    }

    public static let noteBounds = 21...108
    public static let noteDurationBounds = 0.3...3.0
    public static let noteDurationStep = 0.1
    public static let referencePitchBounds = 380.0...500.0
    public static let loudnessVariationBounds = 0.0...1.0
    /// The tempos a musician may choose: from about 60 BPM, below which sixteenths fall apart
    /// into single clicks, to 200. A record may hold tempos from 40 (`TempoBPM.recordable`),
    /// which other Peach apps allowed, so that their records can be imported.
    public static let tempoBounds = 60...200
    public static let gapPositionBounds = 1...ContinuousRhythmMatchingRecord.stepsPerCycle

    public init() {}

    /// The names settings are stored and sent under.
    public enum Key: String, ASCIINamed, Sendable {
        case noteRangeLower, noteRangeUpper, noteDuration, referencePitch, soundSource
        case loudnessVariation, intervals, tuningSystem, language, wrongAnswerSound
        case tempo, gapPositions
    }

    /// A setting as text, in the form `setValue(_:for:)` reads.
    public func value(for key: Key) -> String {
        switch key {
        case .noteRangeLower: String(noteRange.lower.rawValue)
        case .noteRangeUpper: String(noteRange.upper.rawValue)
        case .noteDuration: Self.format(noteDuration)
        case .referencePitch: Self.format(referencePitch.hertz)
        case .soundSource: soundSource.rawValue
        case .loudnessVariation: Self.format(loudnessVariation)
        case .intervals: intervals.sorted().map { $0.code }.joined(separator: ",")
        case .tuningSystem: tuningSystem.rawValue
        case .language: language?.rawValue ?? ""
        case .wrongAnswerSound: wrongAnswerSound.map { $0 ? "true" : "false" } ?? "auto"
        case .tempo: String(tempo.value)
        case .gapPositions: gapPositions.sorted().map { String($0) }.joined(separator: ",")
        }
    }

    /// All settings as text, keyed by `Key.rawValue`.
    public var values: [String: String] {
        Dictionary(uniqueKeysWithValues: Key.allCases.map { ($0.rawValue, value(for: $0)) })
    }

    /// Settings from stored text; absent keys keep their defaults. The pair of note-range
    /// bounds is validated together, so their order in `values` does not matter.
    public init(values: [String: String]) throws(SettingsError) {
        self.init()
        try apply(values)
    }

    /// Applies several changes at once (a dictionary, or pairs in order: the last of a name
    /// wins), all or nothing.
    public mutating func apply<Changes: Sequence<(key: String, value: String)>>(
        _ changes: Changes
    ) throws(SettingsError) {
        var updated = self
        var lower = noteRange.lower.rawValue
        var upper = noteRange.upper.rawValue
        for (name, text) in changes {
            guard let key = Key(named: name) else { throw .unknownSetting(name) }
            switch key {
            case .noteRangeLower: lower = try Self.note(text, setting: key)
            case .noteRangeUpper: upper = try Self.note(text, setting: key)
            default: try updated.setValue(text, for: key)
            }
        }
        guard upper - lower >= NoteRange.minimumSpan else { throw .noteRangeTooNarrow(lower: lower, upper: upper) }
        updated.noteRange = try! NoteRange(lower: MIDINote(lower), upper: MIDINote(upper))
        self = updated
    }

    /// Sets one setting from text. The note range bounds go through `apply(_:)`, which checks
    /// them as a pair.
    public mutating func setValue(_ text: String, for key: Key) throws(SettingsError) {
        let trimmed = text.trimmingWhitespace()
        switch key {
        case .noteRangeLower, .noteRangeUpper:
            try apply([(key: key.rawValue, value: trimmed)])
        case .noteDuration:
            let seconds = try Self.number(
                trimmed, setting: .noteDuration, bounds: Self.noteDurationBounds, unit: " s")
            let steps = (seconds / Self.noteDurationStep).rounded()
            guard abs(steps * Self.noteDurationStep - seconds) < 1e-9 else {
                throw .malformed(setting: .noteDuration, value: trimmed, expected: "a multiple of 0.1 s")
            }
            noteDuration = steps / 10
        case .referencePitch:
            let hertz = try Self.number(
                trimmed, setting: .referencePitch, bounds: Self.referencePitchBounds, unit: " Hz")
            referencePitch = try! Frequency(hertz: hertz)
        case .soundSource:
            guard let source = SoundSource(named: trimmed) else {
                throw .malformed(
                    setting: .soundSource, value: trimmed,
                    expected: Self.choices(SoundSource.allCases.map { $0.rawValue }))
            }
            soundSource = source
        case .loudnessVariation:
            loudnessVariation = try Self.number(
                trimmed, setting: .loudnessVariation, bounds: Self.loudnessVariationBounds, unit: "")
        case .intervals:
            var set = Set<DirectedInterval>()
            for code in trimmed.splitBytes(",") {
                do {
                    set.insert(try DirectedInterval(code: code.trimmingWhitespace()))
                } catch {
                    throw .malformed(
                        setting: .intervals, value: code, expected: "interval codes such as P5up or m3down")
                }
            }
            guard !set.isEmpty else { throw .noIntervals }
            intervals = set
        case .tuningSystem:
            guard let system = TuningSystem(named: trimmed) else {
                throw .malformed(
                    setting: .tuningSystem, value: trimmed,
                    expected: Self.choices(TuningSystem.allCases.map { $0.rawValue }))
            }
            tuningSystem = system
        case .language:
            guard trimmed.isEmpty || Language(named: trimmed) != nil else {
                throw .malformed(
                    setting: .language, value: trimmed,
                    expected: "\"\" (the browser's language), " + Self.choices(Language.allCases.map { $0.rawValue }))
            }
            language = Language(named: trimmed)
        case .wrongAnswerSound:
            if trimmed.hasSameBytes(as: "auto") {
                wrongAnswerSound = nil
                return
            }
            guard trimmed.hasSameBytes(as: "true") || trimmed.hasSameBytes(as: "false") else {
                throw .malformed(setting: .wrongAnswerSound, value: trimmed, expected: "true or false")
            }
            wrongAnswerSound = trimmed.hasSameBytes(as: "true")
        case .tempo:
            guard let value = Int(trimmed) else {
                throw .malformed(setting: .tempo, value: trimmed, expected: "a whole number of BPM")
            }
            guard Self.tempoBounds.contains(value), let tempo = TempoBPM(value) else {
                throw .outOfRange(
                    setting: .tempo, value: trimmed + " BPM",
                    allowed: "\(Self.tempoBounds.lowerBound)–\(Self.tempoBounds.upperBound) BPM")
            }
            self.tempo = tempo
        case .gapPositions:
            var positions = Set<Int>()
            for text in trimmed.splitBytes(",") {
                guard let position = Int(text.trimmingWhitespace()), Self.gapPositionBounds.contains(position) else {
                    throw .malformed(setting: .gapPositions, value: text, expected: "positions 1 to 4 such as 1,3")
                }
                positions.insert(position)
            }
            guard !positions.isEmpty else { throw .noGapPositions }
            gapPositions = positions
        }
    }

    /// Fill the Gap's gap positions as the steps of a cycle a trial draws from (0–3), in order.
    public var gapSteps: [Int] { gapPositions.sorted().map { $0 - 1 } }

    private static func note(_ text: String, setting: Key) throws(SettingsError) -> Int {
        guard let value = Int(text) else {
            throw .malformed(setting: setting, value: text, expected: "a MIDI note number")
        }
        guard noteBounds.contains(value) else {
            throw .outOfRange(
                setting: setting, value: text, allowed: "\(noteBounds.lowerBound)–\(noteBounds.upperBound) (A0–C8)")
        }
        return value
    }

    private static func number(
        _ text: String, setting: Key, bounds: ClosedRange<Double>, unit: String
    ) throws(SettingsError) -> Double {
        guard let value = DecimalText.parse(text) else {
            throw .malformed(setting: setting, value: text, expected: "a number")
        }
        guard bounds.contains(value) else {
            throw .outOfRange(
                setting: setting, value: text + unit,
                allowed: "\(format(bounds.lowerBound))–\(format(bounds.upperBound))\(unit)")
        }
        return value
    }

    private static func choices(_ names: [String]) -> String {
        "one of " + names.joined(separator: ", ")
    }

    /// Shortest text that reads back as the same number (`1`, `0.3`, `442.5`).
    static func format(_ value: Double) -> String {
        DecimalText.shortest(value == 0 ? 0 : value)  // -0 reads as 0.
    }
}

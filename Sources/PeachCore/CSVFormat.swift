/// The CSV exchange format (docs/cli.md, "The CSV format"): the Peach iOS app's export format 3.
/// Its names live in the core because the error texts quote them; the store reads and writes the
/// format.
///
/// The import also reads the formats the other Peach apps wrote before: the iOS app's formats 1
/// and 2 and the web app's format 1. It reads them as the iOS app migrates them to format 3:
/// format 1 → 2 renames `pitchComparison` to `pitchDiscrimination` and adds the empty rhythm
/// columns `tempoBPM`, `offsetMs`, `userOffsetMs`; format 2 → 3 renames `rhythmMatching` to
/// `continuousRhythmMatching`, takes `userOffsetMs` as `meanOffsetMs` and adds the empty
/// `meanOffsetMsPosition0`–`3`.
public enum CSVFormat {
    /// What the first line says before the version.
    public static let formatPrefix = "# peach-export-format:"
    /// The format `peach export` writes.
    public static let version = 3
    /// The formats the import reads: 1 and 2 as the iOS app migrates them, and 3.
    public static let readableVersions = 1...version
    public static let formatLine = formatPrefix + "\(version)"
    public static let columns = [
        "trainingType", "timestamp", "referenceNote", "referenceNoteName", "targetNote", "targetNoteName",
        "interval", "tuningSystem", "centOffset", "isCorrect", "initialCentOffset", "userCentError", "tempoBPM",
        "offsetMs", "meanOffsetMs", "meanOffsetMsPosition0", "meanOffsetMsPosition1", "meanOffsetMsPosition2",
        "meanOffsetMsPosition3",
    ]
    public static let header = columns.joined(separator: ",")
    public static let comparisonType = "pitchDiscrimination"
    public static let pitchMatchingType = "pitchMatching"
    public static let rhythmOffsetDetectionType = "rhythmOffsetDetection"
    public static let continuousRhythmMatchingType = "continuousRhythmMatching"

    /// Format 1's columns (the iOS app's and the web app's): pitch training only.
    static let format1Columns = Array(columns.prefix(12))
    /// Format 2's: format 1's and the iOS app's first rhythm columns.
    static let format2Columns = format1Columns + ["tempoBPM", "offsetMs", "userOffsetMs"]

    /// The columns a file of format `version` (one of `readableVersions`) has, in the order its
    /// app wrote them.
    public static func columns(version: Int) -> [String] {
        switch version {
        case 1: format1Columns
        case 2: format2Columns
        default: columns
        }
    }

    /// The header a file of format `version` has.
    public static func header(version: Int) -> String {
        columns(version: version).joined(separator: ",")
    }

    /// A row's `trainingType` as format 3 names it, for a file of format `version`: the iOS
    /// app's migrations' renames (`pitchComparison` became `pitchDiscrimination` in format 2,
    /// `rhythmMatching` became `continuousRhythmMatching` in format 3).
    public static func trainingType(_ type: String, version: Int) -> String {
        if version < 2 && type == "pitchComparison" { return comparisonType }
        if version < 3 && type == "rhythmMatching" { return continuousRhythmMatchingType }
        return type
    }

    /// The interval `A4` (augmented fourth), as older web exports name the tritone, `d5`
    /// (diminished fifth) in every format of the iOS app and here.
    public static func interval(_ code: String) -> String {
        code == "A4" ? Interval.tritone.abbreviation : code
    }
}

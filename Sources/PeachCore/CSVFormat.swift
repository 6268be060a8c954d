/// The CSV exchange format (docs/cli.md, "The CSV format"): the Peach iOS app's export format 3.
/// Its names live in the core because the error texts quote them; the store reads and writes the
/// format.
public enum CSVFormat {
    public static let formatLine = "# peach-export-format:3"
    public static let columns = [
        "trainingType", "timestamp", "referenceNote", "referenceNoteName", "targetNote", "targetNoteName",
        "interval", "tuningSystem", "centOffset", "isCorrect", "initialCentOffset", "userCentError", "tempoBPM",
        "offsetMs", "meanOffsetMs", "meanOffsetMsPosition0", "meanOffsetMsPosition1", "meanOffsetMsPosition2",
        "meanOffsetMsPosition3",
    ]
    public static let header = columns.joined(separator: ",")
    public static let comparisonType = "pitchDiscrimination"
    public static let pitchMatchingType = "pitchMatching"
}

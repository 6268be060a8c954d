/// What an import does with the records already in the database.
public enum ImportMode: String, CaseIterable, Sendable {
    /// Keeps every stored record and adds those of the file that are not already there (same
    /// timestamp to the millisecond, training type, reference and target note).
    case merge
    /// Deletes every stored record, then adds all records of the file. Settings stay.
    case replace
}

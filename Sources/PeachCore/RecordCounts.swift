/// How many records the database holds per training mode, and when they were made.
public struct RecordCounts: Equatable, Sendable {
    /// Records per mode; every mode is present (0 when it has none).
    public var byMode: [TrainingMode: Int]
    /// The oldest and newest record's timestamp; `nil` without records.
    public var first: Timestamp?
    public var last: Timestamp?

    public init(byMode: [TrainingMode: Int], first: Timestamp?, last: Timestamp?) {
        self.byMode = Dictionary(uniqueKeysWithValues: TrainingMode.allCases.map { ($0, byMode[$0] ?? 0) })
        self.first = first
        self.last = last
    }

    public subscript(mode: TrainingMode) -> Int { byMode[mode] ?? 0 }

    public var total: Int { byMode.values.reduce(0, +) }
}

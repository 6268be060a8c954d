import Foundation
import PeachCore

/// A replace import would delete stored records that the user has not confirmed deleting (none
/// confirmed, or the records changed since): nothing was changed. Carries what the replace
/// deletes now, so that a front end can show it and ask.
public struct ReplaceNotConfirmed: Error, Equatable, Sendable, CustomStringConvertible {
    /// The records a replace deletes: how many, and their oldest and newest timestamp.
    public var stored: RecordCounts
    /// The records the file adds.
    public var importing: Int

    public init(stored: RecordCounts, importing: Int) {
        self.stored = stored
        self.importing = importing
    }

    /// "Replacing deletes the 1234 stored records from 2026-03-01T08:00:00Z to … and imports 5678
    /// records from the file. Nothing was changed."
    public var description: String {
        var range = ""
        if let first = stored.first, let last = stored.last {
            range = " from \(first.isoText) to \(last.isoText)"
        }
        return "Replacing deletes the \(Self.count(stored.total, "stored record"))\(range) and imports "
            + "\(Self.count(importing, "record")) from the file. Nothing was changed."
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}

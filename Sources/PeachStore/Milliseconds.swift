import Foundation
import PeachCore

/// Whole milliseconds since 1970-01-01T00:00:00Z: how the store and the CSV keep time.
enum Milliseconds {
    static func of(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

extension TrainingRecord {
    var timestamp: Date {
        switch self {
        case .comparison(let record): record.timestamp
        case .pitchMatching(let record): record.timestamp
        }
    }
}

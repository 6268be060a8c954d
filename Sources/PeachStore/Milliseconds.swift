import Foundation
import PeachCore

/// Whole milliseconds since 1970-01-01T00:00:00Z: how the store and the CSV keep time.
enum Milliseconds {
    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z: the times a four-digit ISO 8601 year
    /// can write, and so the times the store keeps.
    static let year0000: Int64 = -62_167_219_200_000
    static let year9999End: Int64 = 253_402_300_799_999

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

import Foundation
import PeachCore

extension Timestamp {
    /// `date` to the nearest millisecond: the server reads its clock as a `Date`.
    public init(_ date: Date) {
        self.init(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded()))
    }

    /// Now, to the millisecond.
    public static var now: Timestamp { Timestamp(Date()) }

    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }
}

import Foundation

/// A CSV file read and checked (DESIGN.md §4, format 3), ready for `AppDatabase.importCSV`.
///
/// Reading is the slow part of an import (seconds for a large file) and needs no database, so
/// a server does it before it takes its lock on the training data; only the writing waits
/// for it.
public struct CSVFile: Sendable {
    let contents: CSVImport.Result

    /// Reads every row; any invalid one throws a `CSVError` naming its line, column and reason.
    public init(parsing data: Data) throws(CSVError) {
        contents = try CSVImport.parse(data)
    }
}

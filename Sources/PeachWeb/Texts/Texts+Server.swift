import PeachCore
import PeachViews

extension Texts {
    /// The texts only the server shows, in this language.
    public var server: ServerTexts { .of(language) }

    /// Why a CSV file was refused, with its place: "The file cannot be imported; … Line 5,
    /// column timestamp: …".
    public func invalidCSV(_ error: CSVError) -> String {
        server.errorInvalidCSV(server.csvPlace(error.line, error.column) + server.csvReason(error.reason))
    }

    /// A replace import that no longer waits for its confirmation, with how long one waits.
    var noPendingImport: String {
        server.errorNoPendingImport(Int(PendingReplace.lifetime / 60))
    }

    /// What a replace import deletes and adds, as the confirmation asks it.
    public func replaceDetails(stored: RecordCounts, importing: Int) -> String {
        let first = stored.first.map { longDate(CalendarDay($0)) } ?? ""
        let last = stored.last.map { longDate(CalendarDay($0)) } ?? ""
        return server.importReplaceDetails(stored.total, first, last, importing)
    }
}

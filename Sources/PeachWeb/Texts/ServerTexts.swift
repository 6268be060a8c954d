import PeachCore
import PeachViews

/// The texts only the server shows: its error pages and API refusals, the CSV import's
/// outcomes and the reset's confirmation. Kept out of PeachViews' `Texts` so that the wasm core,
/// which every device downloads, does not carry them.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; each language is a value of it (`ServerTexts+English`, `ServerTexts+German`).
public struct ServerTexts: Sendable {
    public let importSucceeded: @Sendable (_ added: Int, _ duplicates: Int, _ rhythm: Int) -> String
    public let importReplaceQuestion: String
    /// What a replace deletes and adds; the dates are already written as days.
    public let importReplaceDetails:
        @Sendable (_ deleting: Int, _ firstDay: String, _ lastDay: String, _ importing: Int) -> String
    public let importReplaceChanged: String
    public let importCancelled: String
    public let resetQuestion: String
    public let pageNotFoundTitle: String
    public let pageNotFound: String
    /// The heading of the page of a 5xx.
    public let serverErrorTitle: String
    /// The heading of the page of a refused request (a 4xx other than 404).
    public let requestRefusedTitle: String
    public let errorMalformedJSON: String
    /// A request whose framing broke: a body shorter than its Content-Length, bad chunks.
    public let errorMalformedRequest: String
    /// A JSON body that is an array, a string or a number where an object is expected.
    public let errorNotAnObject: String
    public let errorRepeatedField: @Sendable (String) -> String
    public let errorMalformedField: @Sendable (String) -> String
    public let errorUnknownImportMode: @Sendable (String) -> String
    public let errorBodyTooLarge: @Sendable (String) -> String
    public let errorUnsupportedMediaType: @Sendable (_ expected: String, _ received: String) -> String
    public let errorResetNotConfirmed: String
    public let errorInvalidCSV: @Sendable (String) -> String
    /// The import form sent without a file.
    public let errorNoFileChosen: String
    /// A replace import confirmed after it stopped waiting: how many minutes one waits
    /// (`PendingReplace.lifetime`).
    public let errorNoPendingImport: @Sendable (_ minutes: Int) -> String
    /// A form body that is not the multipart/form-data a browser sends.
    public let errorMalformedForm: String
    /// "Line 5, column timestamp: " — where in a CSV file a problem is.
    public let csvPlace: @Sendable (_ line: Int?, _ column: String?) -> String
    /// Why a CSV file cannot be imported, in a sentence (English: the store's own wording).
    public let csvReason: @Sendable (CSVError.Reason) -> String
    public let errorNotFound: String
    public let errorMethodNotAllowed: String
    public let errorInternal: String
    /// The disk holding the database is full (a 507): nothing was stored; what to do.
    public let errorDiskFull: String
    public let diskFullTitle: String
    /// The database file was deleted, moved or replaced while the server ran (a 503): nothing
    /// more is stored; where what it held was kept (the copy's path, or nil), and what to do.
    public let errorDatabaseMoved: @Sendable (String?) -> String
    /// A request header that must be a time in milliseconds since 1970 is not: its name.
    public let errorMalformedTimeHeader: @Sendable (String) -> String
    /// The database file was overwritten in place while the server ran (a 503): what to do.
    public let errorDatabaseOverwritten: String
    public let errorCrossSite: String
    /// A request addressed to a name this server does not serve (DNS-rebinding guard).
    public let errorUnknownHost: String
    /// A setting value longer than any valid one: the setting's key and the bound in characters.
    public let errorValueTooLong: @Sendable (String, Int) -> String
    /// Why a sync upload refused a record or the batch, in a sentence naming the field as the API
    /// names it (English: as `InvalidRecord.description` words the core's rules).
    public let syncRefusal: @Sendable (SyncRefusal) -> String

    /// The server's texts of a language.
    public static func of(_ language: Language) -> ServerTexts {
        switch language {
        case .english: .english
        case .german: .german
        }
    }
}

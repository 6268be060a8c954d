import PeachCore
import PeachViews
import Testing

@testable import PeachWeb

@Suite("The server's own texts")
struct ServerTextsTests {
    @Test("an import's outcome counts its records, duplicates and rhythm rows in both languages")
    func importOutcome() {
        let (english, german) = (Texts.english, Texts.german)
        #expect(
            english.server.importSucceeded(1, 1, 1)
                == "Imported 1 record. Skipped 1 duplicate. Skipped 1 rhythm record.")
        #expect(german.server.importSucceeded(2, 1, 0) == "2 Übungen importiert. 1 Duplikat übersprungen.")
    }

    @Test("a refused CSV file says where and why, in the reader's language")
    func invalidCSV() {
        let error = CSVError(line: 5, column: "timestamp", reason: .unclosedQuote)
        #expect(
            Texts.english.invalidCSV(error).hasPrefix(
                "The file cannot be imported; nothing was changed. Line 5, column timestamp: "))
        #expect(Texts.german.invalidCSV(error).contains("Zeile 5"))
    }
}

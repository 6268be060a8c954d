import PeachCore
import PeachViews
import Testing

@Suite("The sync status line")
struct SyncStatusTests {
    @Test("every state has its own words in English and German, never an error code")
    func everyStateHasWords() {
        for language in [Language.english, .german] {
            let texts = Texts.of(language)
            let states: [SyncStatus.State] = [
                .synced, .offline, .unpaired, .diskFull, .requestRefused, .serverFailed, .profileUnreadable,
            ]
            let lines = states.map {
                SyncStatus(state: $0, waiting: 0, refused: 0, reason: "", message: "the upload is too large").text(
                    texts)
            }
            #expect(Set(lines).count == states.count, "\(language): \(lines)")
            for line in lines { #expect(!line.isEmpty && !line.contains("507") && !line.contains("HTTP")) }
        }
        let english = Texts.of(.english)
        #expect(
            SyncStatus(state: .diskFull, waiting: 3, refused: 0, reason: "").text(english)
                == "The disk of your Peach server is full, so your answers wait on this device. Free some space "
                + "there; they sync then.")
        #expect(
            SyncStatus(state: .requestRefused, waiting: 3, refused: 0, reason: "", message: "The batch is too large.")
                .text(english)
                == "Your Peach server refused this device’s answers, which stay on this device: The batch is too large."
        )
    }

    @Test("answers waiting on a browser that may delete them: said, with a word to let them sync")
    func notKept() {
        let english = Texts.of(.english)
        #expect(
            SyncStatus(state: .waiting, waiting: 2, refused: 0, reason: "", kept: false).text(english)
                == "2 answers are waiting to sync. This browser may delete them if Peach isn’t opened for a while: "
                + "let them sync soon.")
        #expect(
            SyncStatus(state: .offline, waiting: 1, refused: 0, reason: "", kept: false).text(english)
                == "Can’t reach Peach right now. Your answers are kept on this device and sync later. 1 answer is "
                + "waiting to sync. This browser may delete it if Peach isn’t opened for a while: let it sync soon.")
        #expect(
            SyncStatus(state: .synced, waiting: 0, refused: 0, reason: "", kept: false).text(english)
                == "Synced with Peach.", "nothing waiting: nothing to warn of")
        #expect(
            SyncStatus(state: .waiting, waiting: 2, refused: 0, reason: "", kept: true).text(english)
                == "2 answers are waiting to sync.")
    }
}

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

    @Test("the server out of reach for a week or more: the line says when the last sync was, in both languages")
    func longOutOfReach() {
        let status = SyncStatus(state: .offline, waiting: 0, refused: 0, reason: "", daysSinceSync: 9)
        #expect(
            status.text(Texts.of(.english))
                == "Can’t reach Peach right now. Your answers are kept on this device and sync later. "
                + "The last sync was 9 days ago: is your Peach server running?")
        #expect(
            status.text(Texts.of(.german)).hasSuffix("Der letzte Abgleich war vor 9 Tagen: Läuft dein Peach-Server?"))
        let recent = SyncStatus(state: .offline, waiting: 0, refused: 0, reason: "", daysSinceSync: 6)
        #expect(!recent.text(Texts.of(.english)).contains("last sync"))
    }

    @Test("Start's line is quiet unless something needs the user, in English and German")
    func startIsQuietUnlessSomethingNeedsTheUser() {
        for language in [Language.english, .german] {
            let texts = Texts.of(language)
            let quiet: [SyncStatus] = [
                SyncStatus(state: .synced, waiting: 0, refused: 0, reason: ""),
                SyncStatus(state: .synced, waiting: 3, refused: 0, reason: ""),
                SyncStatus(state: .waiting, waiting: 0, refused: 0, reason: ""),
                SyncStatus(state: .offline, waiting: 0, refused: 0, reason: ""),
                SyncStatus(
                    state: .offline, waiting: 0, refused: 0, reason: "",
                    daysSinceSync: SyncStatus.longWithoutServer - 1),
                SyncStatus(state: .synced, waiting: 0, refused: 0, reason: "", daysSinceSync: 100),
            ]
            for status in quiet {
                #expect(!status.needsAttention && status.text(texts, quiet: true).isEmpty, "\(status.state)")
                #expect(!status.text(texts, quiet: false).isEmpty, "other pages still say it")
            }
            let needing: [SyncStatus] = [
                SyncStatus(state: .offline, waiting: 2, refused: 0, reason: ""),
                SyncStatus(
                    state: .offline, waiting: 0, refused: 0, reason: "", daysSinceSync: SyncStatus.longWithoutServer),
                SyncStatus(state: .synced, waiting: 0, refused: 1, reason: "too old"),
                SyncStatus(state: .synced, waiting: 0, refused: 0, reason: "", discarded: 2),
                SyncStatus(state: .waiting, waiting: 2, refused: 0, reason: "", kept: false),
                SyncStatus(state: .unpaired, waiting: 0, refused: 0, reason: ""),
                SyncStatus(state: .diskFull, waiting: 0, refused: 0, reason: ""),
                SyncStatus(state: .requestRefused, waiting: 0, refused: 0, reason: "", message: "no"),
                SyncStatus(state: .serverFailed, waiting: 0, refused: 0, reason: ""),
                SyncStatus(state: .profileUnreadable, waiting: 0, refused: 0, reason: ""),
            ]
            for status in needing {
                #expect(status.needsAttention, "\(status.state)")
                #expect(status.text(texts, quiet: true) == status.text(texts), "\(status.state)")
            }
        }
    }
}

import PeachCore

// MARK: - This device and its server: the sync line, the device's storage, the core's loading
//
// One block for these texts, in both languages. Each language is a value of the same struct, so
// a language that lacks a text does not compile.

/// What a page says about this device: how it stands with the Peach server (`SyncStatus`),
/// whether the browser keeps its data, and why Peach cannot train in this browser when it
/// cannot. Calm words that say what is wrong and what to do; never an error code.
public struct SyncTexts: Sendable {
    public let synced: String
    public let waiting: Plural
    /// The server did not answer (no network, the server stopped).
    public let offline: String
    /// Said after `offline` when the last sync is long ago (`SyncStatus.longWithoutServer`).
    public let lastSynced: Plural
    public let unpaired: String
    /// Answers the server refused one by one; `{reason}` is the first one's reason.
    public let refused: Plural
    /// The server's disk is full (507): nothing was stored.
    public let diskFull: String
    /// The server refused a whole upload; `{reason}` is what it said.
    public let requestRefused: String
    /// The server failed (a 5xx other than a full disk).
    public let serverFailed: String
    /// The server's profile summary is of a form this device's core does not read.
    public let profileUnreadable: String
    /// Said after the waiting answers when the browser may delete this device's data.
    public let notKept: Plural
    /// Answers made before the history was reset, which the reset removed from this device or
    /// the server discarded: never silently.
    public let discarded: Plural
    /// The Settings line: the browser keeps Peach's data, or may delete it.
    public let storageLabel: String
    public let storageKept: String
    public let storageNotKept: String
    /// Before adding Peach to the Home Screen: what carries over, and what to do first.
    public let homeScreen: String
    /// Why Peach cannot train in this browser: no storage; no WebAssembly (or a browser too old
    /// to allow it under Peach's security policy); the core could not be downloaded.
    public let storageUnavailable: String
    public let coreUnsupported: String
    public let coreNotDownloaded: String

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: SyncTexts {
        SyncTexts(
            synced: "Synced with Peach.",
            waiting: Plural(one: "{count} answer is waiting to sync.", other: "{count} answers are waiting to sync."),
            offline: "Can’t reach Peach right now. Your answers are kept on this device and sync later.",
            lastSynced: Plural(
                one: "The last sync was {count} day ago: is your Peach server running?",
                other: "The last sync was {count} days ago: is your Peach server running?"),
            unpaired:
                "This device is no longer paired with Peach. Your answers are kept on this device; pair it again to "
                + "sync them.",
            refused: Plural(
                one: "Peach refused {count} answer, which stays on this device: {reason}",
                other: "Peach refused {count} answers, which stay on this device. The first: {reason}"),
            diskFull:
                "The disk of your Peach server is full, so your answers wait on this device. Free some space there; "
                + "they sync then.",
            requestRefused: "Your Peach server refused this device’s answers, which stay on this device: {reason}",
            serverFailed:
                "Your Peach server ran into a problem. Your answers are kept on this device and sync when it works "
                + "again.",
            profileUnreadable:
                "This device can’t read the profile your Peach server sent; the server runs another version of Peach. "
                + "Reload this page to update Peach here. Your answers are kept and still sync.",
            notKept: Plural(
                one: "This browser may delete it if Peach isn’t opened for a while: let it sync soon.",
                other: "This browser may delete them if Peach isn’t opened for a while: let them sync soon."),
            discarded: Plural(
                one: "{count} answer from before your training data was reset was not kept: the reset removed it.",
                other: "{count} answers from before your training data was reset were not kept: the reset removed them."
            ),
            storageLabel: "Storage on this device",
            storageKept: "This browser keeps Peach’s data on this device: it won’t delete it to make room.",
            storageNotKept:
                "This browser may delete Peach’s data on this device, for example after seven days without a visit "
                + "(Safari). Answers that have synced are safe on your Peach server; adding Peach to the Home Screen "
                + "keeps the rest.",
            homeScreen:
                "Adding Peach to the Home Screen? On an iPhone or iPad, Peach there keeps its own data, apart from "
                + "Safari’s, and is paired again with the code Peach shows on your computer: let the answers here sync "
                + "first (the line at the top of the page says when none are waiting). On Android, the installed Peach "
                + "shares the browser’s data and pairing.",
            storageUnavailable:
                "This browser keeps no data for Peach (private browsing or storage turned off), so Peach can’t train "
                + "here.",
            coreUnsupported:
                "This browser can’t run Peach’s training core. Peach needs Safari 16, Chrome 97, Firefox 102 or a "
                + "newer version of one of them (all from 2022 on): update this browser or use another.",
            coreNotDownloaded:
                "Peach’s training core could not be downloaded. Check that this device reaches your Peach server, "
                + "then reload the page.")
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: SyncTexts {
        SyncTexts(
            synced: "Mit Peach abgeglichen.",
            waiting: Plural(
                one: "{count} Antwort wartet auf den Abgleich.", other: "{count} Antworten warten auf den Abgleich."),
            offline:
                "Peach ist gerade nicht erreichbar. Deine Antworten bleiben auf diesem Gerät und werden später "
                + "abgeglichen.",
            lastSynced: Plural(
                one: "Der letzte Abgleich war vor {count} Tag: Läuft dein Peach-Server?",
                other: "Der letzte Abgleich war vor {count} Tagen: Läuft dein Peach-Server?"),
            unpaired:
                "Dieses Gerät ist nicht mehr mit Peach gekoppelt. Deine Antworten bleiben auf diesem Gerät; kopple es "
                + "neu, um sie abzugleichen.",
            refused: Plural(
                one: "Peach hat {count} Antwort abgelehnt; sie bleibt auf diesem Gerät: {reason}",
                other: "Peach hat {count} Antworten abgelehnt; sie bleiben auf diesem Gerät. Die erste: {reason}"),
            diskFull:
                "Die Festplatte deines Peach-Servers ist voll, deshalb warten deine Antworten auf diesem Gerät. Schaffe "
                + "dort Platz, dann werden sie abgeglichen.",
            requestRefused:
                "Dein Peach-Server hat die Antworten dieses Geräts abgelehnt; sie bleiben auf diesem Gerät: {reason}",
            serverFailed:
                "Bei deinem Peach-Server ist ein Problem aufgetreten. Deine Antworten bleiben auf diesem Gerät und "
                + "werden abgeglichen, sobald er wieder funktioniert.",
            profileUnreadable:
                "Dieses Gerät kann das Profil deines Peach-Servers nicht lesen; der Server läuft mit einer anderen "
                + "Peach-Version. Lade diese Seite neu, um Peach hier zu aktualisieren. Deine Antworten bleiben "
                + "erhalten und werden weiter abgeglichen.",
            notKept: Plural(
                one:
                    "Dieser Browser löscht sie womöglich, wenn Peach eine Weile nicht geöffnet wird: gleiche sie bald ab.",
                other:
                    "Dieser Browser löscht sie womöglich, wenn Peach eine Weile nicht geöffnet wird: gleiche sie bald ab."
            ),
            discarded: Plural(
                one:
                    "{count} Antwort von vor dem Zurücksetzen deiner Trainingsdaten wurde nicht behalten: Das Zurücksetzen "
                    + "hat sie entfernt.",
                other:
                    "{count} Antworten von vor dem Zurücksetzen deiner Trainingsdaten wurden nicht behalten: Das "
                    + "Zurücksetzen hat sie entfernt."),
            storageLabel: "Speicher auf diesem Gerät",
            storageKept:
                "Dieser Browser behält die Daten von Peach auf diesem Gerät: Er löscht sie nicht, um Platz zu schaffen.",
            storageNotKept:
                "Dieser Browser löscht die Daten von Peach hier womöglich, etwa nach sieben Tagen ohne Besuch "
                + "(Safari). Abgeglichene Antworten sind auf deinem Peach-Server sicher, auf dem Home-Bildschirm auch "
                + "der Rest.",
            homeScreen:
                "Du willst Peach zum Home-Bildschirm hinzufügen? Auf einem iPhone oder iPad hat Peach dort eigene Daten, "
                + "getrennt von denen in Safari, und wird mit dem Code, den Peach auf deinem Computer zeigt, neu "
                + "gekoppelt: Gleiche die Antworten hier zuerst ab (die Zeile oben auf der Seite sagt, wann keine mehr "
                + "warten). Unter Android teilt das installierte Peach die Daten und die Kopplung des Browsers.",
            storageUnavailable:
                "Dieser Browser speichert keine Daten für Peach (privates Surfen oder Speicher ausgeschaltet), daher "
                + "kann Peach hier nicht trainieren.",
            coreUnsupported:
                "Dieser Browser kann den Trainingskern von Peach nicht ausführen. Peach braucht Safari 16, Chrome 97, "
                + "Firefox 102 oder eine neuere Version davon (alle ab 2022): Aktualisiere diesen Browser oder nimm "
                + "einen anderen.",
            coreNotDownloaded:
                "Der Trainingskern von Peach konnte nicht geladen werden. Prüfe, ob dieses Gerät deinen Peach-Server "
                + "erreicht, und lade die Seite dann neu.")
    }
}

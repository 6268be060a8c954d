import PeachCore
import PeachViews

// MARK: - Pairing a device in LAN mode: its pages and its refusal
//
// One block for these texts, in both languages, as `SoundTexts`. Only the server shows them (the
// pages of an unpaired device come from the server, never from the device's core), so they live
// here, not in the core every device downloads.

/// The words of pairing: the confirmation behind a pairing link, the form to type a code (an app
/// on the Home Screen opens no links, and on iOS keeps no cookie of Safari's), a used or expired
/// code, too many wrong codes, and the 401 of an unpaired device.
struct PairingTexts: Sendable {
    let title: String
    let explanation: String
    let button: String
    let usedTitle: String
    let usedOrExpired: String
    /// Too many wrong pairing codes from this device: when it may try again.
    let tooManyTitle: String
    let tooMany: String
    let requiredTitle: String
    let required: String
    /// How to pair: start `peach serve --lan` and open its address or scan its QR code.
    let howTo: String
    /// The JSON refusal of an unpaired device's request.
    let requiredError: String
    /// The field for a typed code, and what to type.
    let codeLabel: String
    let codeHint: String
    /// On the confirmation page: how to pair Peach on the Home Screen instead; `{code}` is the code.
    let homeScreen: String

    static let english = PairingTexts(
        title: "Pair this device",
        explanation:
            "Pair this device with Peach on your computer to train here. Only devices you pair can see or change "
            + "your training data.",
        button: "Pair this device",
        usedTitle: "This pairing code does not work",
        usedOrExpired:
            "This pairing code was already used, has expired or was mistyped. Each code pairs one device and works for "
            + "10 minutes.",
        tooManyTitle: "Too many wrong pairing codes",
        tooMany:
            "This device tried too many pairing codes that did not work. Wait a minute, then open the address Peach "
            + "shows on your computer.",
        requiredTitle: "Pair this device first",
        required: "This device is not paired with Peach, so it cannot see or change the training data.",
        howTo:
            "Start Peach with `peach serve --lan` on your computer and open the address it shows, or scan its QR "
            + "code. Peach shows a new code for each device.",
        requiredError:
            "This device is not paired. Start Peach with `peach serve --lan` on your computer and open the address "
            + "it shows, or scan its QR code.",
        codeLabel: "Pairing code",
        codeHint:
            "Or type the pairing code that `peach serve --lan` shows on your computer: how Peach on a Home Screen "
            + "pairs.",
        homeScreen:
            "To train with Peach on the Home Screen, add it there first (in Safari: Share, then Add to Home Screen), "
            + "open it from there and type this code: {code}. Peach on an iPhone’s Home Screen keeps its own data, "
            + "apart from Safari’s.")

    static let german = PairingTexts(
        title: "Dieses Gerät koppeln",
        explanation:
            "Kopple dieses Gerät mit Peach auf deinem Computer, um hier zu trainieren. Nur gekoppelte Geräte können "
            + "deine Trainingsdaten sehen oder ändern.",
        button: "Gerät koppeln",
        usedTitle: "Dieser Kopplungscode gilt nicht",
        usedOrExpired:
            "Dieser Kopplungscode wurde schon benutzt, ist abgelaufen oder wurde falsch eingegeben. Jeder Code "
            + "koppelt ein Gerät und gilt 10 Minuten.",
        tooManyTitle: "Zu viele falsche Kopplungscodes",
        tooMany:
            "Dieses Gerät hat zu viele Kopplungscodes versucht, die nicht gelten. Warte eine Minute und öffne dann "
            + "die Adresse, die Peach auf deinem Computer zeigt.",
        requiredTitle: "Zuerst dieses Gerät koppeln",
        required:
            "Dieses Gerät ist nicht mit Peach gekoppelt und kann die Trainingsdaten daher weder sehen noch ändern.",
        howTo:
            "Starte Peach auf deinem Computer mit `peach serve --lan` und öffne die angezeigte Adresse oder scanne "
            + "den QR-Code. Peach zeigt für jedes Gerät einen neuen Code.",
        requiredError:
            "Dieses Gerät ist nicht gekoppelt. Starte Peach auf deinem Computer mit `peach serve --lan` und öffne "
            + "die angezeigte Adresse oder scanne den QR-Code.",
        codeLabel: "Kopplungscode",
        codeHint:
            "Oder gib den Kopplungscode ein, den `peach serve --lan` auf deinem Computer zeigt: So koppelt sich "
            + "Peach auf dem Home-Bildschirm.",
        homeScreen:
            "Um mit Peach auf dem Home-Bildschirm zu trainieren, füge es zuerst dort hinzu (in Safari: Teilen, dann "
            + "Zum Home-Bildschirm), öffne es von dort und gib diesen Code ein: {code}. Peach auf dem "
            + "Home-Bildschirm eines iPhones hat eigene Daten, getrennt von denen in Safari.")
}

extension Texts {
    /// The words of pairing, in this language.
    var pairing: PairingTexts {
        switch language {
        case .english: .english
        case .german: .german
        }
    }
}

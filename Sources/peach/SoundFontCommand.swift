import ArgumentParser
import Foundation
import SoundFont

/// `peach soundfont [PATH] [--json] [--prepare PROGRAM…]`: what Peach reads in a SoundFont, to
/// check the parser against other tools (e2e/soundfont) and to size the prepared sounds.
struct SoundFontCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soundfont",
        abstract: "List a SoundFont's presets, or its presets and instruments as JSON.",
        discussion: """
            Without options, prints each preset's bank, program and name. --json prints every \
            preset's zones and every instrument's zones as read and resolved by Peach \
            (docs/cli.md, "SoundFonts"). --prepare PROGRAM prepares that bank-0 preset as \
            `peach serve` does and prints its zones, their FLAC sizes and the time taken.
            """)

    @Argument(help: "The SoundFont file (SF2 or SF3).")
    var path = SoundFont.debianPath

    @Flag(help: "Print presets and instruments with their zones as JSON.")
    var json = false

    @Option(help: "Prepare this General MIDI program (bank 0); repeat for several.")
    var prepare: [Int] = []

    @Option(help: "The keys to prepare, LOW-HIGH (MIDI notes).")
    var keys = "21-108"

    @Option(help: "The velocity to prepare at.")
    var velocity = 100

    func run() throws {
        let clock = ContinuousClock()
        var soundFont: SoundFont?
        let parsing = try clock.measure { soundFont = try SoundFont(contentsOf: path) }
        guard let soundFont else { return }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(SoundFontListing(soundFont, file: path)), as: UTF8.self))
        } else if !prepare.isEmpty {
            try printPreparation(of: soundFont, parsing: parsing)
        } else {
            for preset in soundFont.presets.sorted(by: { ($0.bank, $0.program) < ($1.bank, $1.program) }) {
                print("\(preset.bank)\t\(preset.program)\t\(preset.name)")
            }
        }
    }

    private func printPreparation(of soundFont: SoundFont, parsing: Duration) throws {
        let bounds = keys.split(separator: "-").compactMap { Int($0) }
        guard bounds.count == 2, bounds[0] <= bounds[1] else {
            throw ValidationError("--keys takes LOW-HIGH, e.g. 36-84; got \(keys)")
        }
        print("parsed \(path) in \(parsing)")
        let clock = ContinuousClock()
        var total = Duration.zero
        for program in prepare {
            var zones: [PreparedZone] = []
            let time = try clock.measure {
                zones = try soundFont.prepareZones(
                    bank: 0, program: program, keys: bounds[0]...bounds[1], velocity: velocity)
            }
            total += time
            let name = soundFont.preset(bank: 0, program: program)?.name ?? ""
            let bytes = zones.reduce(0) { $0 + $1.flac.count }
            print("program \(program) \(name): \(zones.count) zones, \(bytes) FLAC bytes, prepared in \(time)")
            for zone in zones {
                let loop = zone.loopStart.map { "loop \($0)..<\(zone.loopEnd ?? 0)" } ?? "no loop"
                print(
                    "  keys \(zone.keyLow)-\(zone.keyHigh) pitch \(zone.pitchCents) cents, \(zone.frames) frames at "
                        + "\(zone.sampleRate) Hz, \(loop), gain \(zone.gain), \(zone.flac.count) bytes")
                print("    " + Self.tuning(of: zone))
            }
        }
        print("prepared \(prepare.count) presets in \(total)")
    }

    /// How the zone was tuned (docs/sounds.md, "In tune"): its measured root against the declared
    /// one, how much the first second's pitch moves, and the loop's pitch against the root.
    static func tuning(of zone: PreparedZone) -> String {
        guard let measured = zone.measuredPitch else {
            return "not measured: the declared pitch \(zone.declaredPitchCents) cents is kept"
        }
        let cents = { (value: Double) in (value >= 0 ? "+" : "") + String(format: "%.2f", value) }
        var text =
            "measured \(cents(zone.pitchCents - zone.declaredPitchCents)) cents from the declared "
            + "\(zone.declaredPitchCents) (partial \(measured.partial)), first second varies "
            + String(format: "%.1f", measured.variationCents) + " cents"
        if let loop = zone.loopPitch {
            text += ", loop \(cents(1200 * log2(loop.hertz / measured.hertz))) cents from the root"
        }
        if let source = zone.sourceLoopLength, let start = zone.loopStart, let end = zone.loopEnd, end - start != source
        {
            text += ", loop retimed \(source) → \(end - start) frames"
        }
        return text
    }
}

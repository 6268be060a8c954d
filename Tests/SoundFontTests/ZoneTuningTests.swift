import Foundation
import SoundFont
import Testing

/// Prepared zones measured back as Peach plays them: the FLAC decoded, played at its own rate
/// (to the loop end, then the loop over and over), and measured by `TunerPitch` over the note's
/// first second and over whole repetitions of the loop — both must sound at the zone's root.
@Suite("Prepared zones in tune: the root measured, the loop retimed to it")
struct ZoneTuningTests {
    /// The root, the first second's pitch and the held loop's pitch of a prepared zone, in hertz.
    static func sounding(_ zone: PreparedZone) throws -> (root: Double, first: TunerPitch, held: TunerPitch) {
        let flac = try #require(FLACReader(zone.flac))
        let frames = flac.samples.map { Float($0) / 32768 }
        let loop = try #require(zone.loopStart.flatMap { start in zone.loopEnd.map { start..<$0 } })
        let rate = zone.sampleRate
        let copies = (rate / 2 + loop.count - 1) / loop.count
        var played = Array(frames[..<loop.upperBound])
        while played.count < max(rate, loop.upperBound + (copies + 1) * loop.count) { played += frames[loop] }
        let root = 440 * exp2((zone.pitchCents - 6900) / 1200)
        let first = try #require(TunerPitch(of: played, sampleRate: rate, near: root, over: (rate / 10)..<rate))
        let held = try #require(
            TunerPitch(
                of: played, sampleRate: rate, near: root,
                over: loop.upperBound..<(loop.upperBound + copies * loop.count)))
        return (root, first, held)
    }

    static func cents(_ hertz: Double, _ reference: Double) -> Double { 1200 * log2(hertz / reference) }

    @Test("a loop 9.977 periods long: retimed so that the held note stays at the sine's 440 Hz, the root")
    func loopRetimed() throws {
        // Half a second of a 440 Hz sine, looped over its last 1,000 frames: 9.977 periods, which
        // looped sound at 10 cycles per loop, 441 Hz (3.9 cents sharp), as recorded.
        let frames = (0..<22100).map { Int16((0.5 * 32768 * sin(2 * Double.pi * 440 * Double($0) / 44100)).rounded()) }
        let soundFont = try SoundFont(bytes: SyntheticSoundFont(loop: (21000, 22000), frames: frames).bytes)
        let zone = try #require(try soundFont.prepareZones(bank: 0, program: 0, keys: 60...60, velocity: 100).first)
        // Declared 15 cents flat (root key 69, fine tune 15); measured at the sine's 440 Hz.
        #expect(zone.declaredPitchCents == 6885)
        #expect(abs(zone.pitchCents - 6900) < 0.05)
        #expect(zone.sourceLoopLength == 1000)
        #expect(zone.loopStart == 21000)
        #expect(zone.loopEnd != 22000)
        let (root, first, held) = try Self.sounding(zone)
        #expect(abs(Self.cents(first.hertz, root)) < 0.05)
        #expect(abs(Self.cents(held.hertz, root)) < 0.1)
        #expect(abs(Self.cents(held.hertz, 440)) < 0.1)
    }

    @Test("a loop of whole periods is kept as it is; the root is what the sample sounds, not what it declares")
    func wholePeriodsKept() throws {
        // The synthetic sine: a period of 100 frames (441 Hz), looped over 8 periods.
        let soundFont = try SoundFont(bytes: SyntheticSoundFont().bytes)
        let zone = try #require(try soundFont.prepareZones(bank: 0, program: 0, keys: 60...60, velocity: 100).first)
        #expect((zone.loopStart, zone.loopEnd, zone.sourceLoopLength) == (100, 900, 800))
        #expect(abs(zone.pitchCents - (6900 + Self.cents(441, 440))) < 0.01)
        #expect(zone.measuredPitch?.partial == 1)
    }

    @Test("the piano's top zones, declared 13–27 cents flat with loops of 9–21 ms: in tune, first second and held")
    func pianoTop() throws {
        let zones = try fluid.get().prepareZones(bank: 0, program: 0, keys: 95...108, velocity: 100)
        #expect(zones.map(\.keyLow) == [95, 100, 105])
        for zone in zones {
            let (root, first, held) = try Self.sounding(zone)
            #expect(zone.pitchCents - zone.declaredPitchCents > 10)
            #expect(abs(Self.cents(first.hertz, root)) < 0.05)
            #expect(abs(Self.cents(held.hertz, root)) < 0.1)
            #expect(zone.sourceLoopLength.map { $0 < 700 } == true)
        }
    }
}

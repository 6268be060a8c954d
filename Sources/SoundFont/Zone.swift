/// One zone of a preset or an instrument (SoundFont 2.04 §7.3, §7.7): its key and velocity
/// ranges, its other generators, and the instrument (preset zone) or sample (instrument zone)
/// it plays. A zone without that last, terminal generator is a global zone: it holds defaults
/// for the other zones and plays nothing.
public struct Zone: Sendable, Equatable {
    /// MIDI keys the zone answers, `keyRange` (43); all keys when absent.
    public var keyRange: ClosedRange<Int> = 0...127
    /// MIDI velocities the zone answers, `velRange` (44); all velocities when absent.
    public var velocityRange: ClosedRange<Int> = 0...127
    /// Every other generator's amount as a signed 16-bit value, by operator. A later generator of
    /// the same operator in one zone replaces an earlier one (§9.4: "only the last one is used").
    public var generators: [GeneratorKind: Int16] = [:]
    /// The index of the instrument (in a preset zone) or sample header (in an instrument zone)
    /// that the zone plays, checked against the file's counts; `nil` in a global zone.
    public var linkedIndex: Int?

    public var isGlobal: Bool { linkedIndex == nil }
}

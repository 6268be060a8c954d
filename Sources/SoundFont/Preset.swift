/// A preset (`phdr`, SoundFont 2.04 §7.2): a MIDI bank and program, and the zones that pick
/// instruments for keys and velocities. A global zone, if any, comes first.
public struct Preset: Sendable, Equatable {
    public var name: String
    public var bank: Int
    public var program: Int
    public var zones: [Zone]
}

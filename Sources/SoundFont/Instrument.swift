/// An instrument (`inst`, SoundFont 2.04 §7.6): the zones that pick samples for keys and
/// velocities. A global zone, if any, comes first.
public struct Instrument: Sendable, Equatable {
    public var name: String
    public var zones: [Zone]
}

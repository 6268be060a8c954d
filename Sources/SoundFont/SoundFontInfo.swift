/// The `LIST INFO` part of a SoundFont that Peach shows or credits (SoundFont 2.04 §5).
public struct SoundFontInfo: Sendable, Equatable {
    /// `ifil`: the SoundFont specification version the file follows (2.1, 2.4; 3.1 for SF3).
    public var versionMajor: Int
    public var versionMinor: Int
    /// `INAM`: the bank's name.
    public var name: String
    /// `ICOP`: the copyright line, if the file has one.
    public var copyright: String?
    /// `ICMT`: the free-text comment (the licence, for FluidR3Mono), if the file has one.
    public var comment: String?
}

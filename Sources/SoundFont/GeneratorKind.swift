/// A generator operator (`SFGenerator`, SoundFont 2.04 §8.1.2): what a zone's generator sets.
/// Only the operators Peach reads are named; the others are kept by number.
public struct GeneratorKind: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let startAddressOffset = GeneratorKind(rawValue: 0)
    public static let endAddressOffset = GeneratorKind(rawValue: 1)
    public static let loopStartAddressOffset = GeneratorKind(rawValue: 2)
    public static let loopEndAddressOffset = GeneratorKind(rawValue: 3)
    public static let startAddressCoarseOffset = GeneratorKind(rawValue: 4)
    public static let endAddressCoarseOffset = GeneratorKind(rawValue: 12)
    public static let instrument = GeneratorKind(rawValue: 41)
    public static let keyRange = GeneratorKind(rawValue: 43)
    public static let velocityRange = GeneratorKind(rawValue: 44)
    public static let loopStartAddressCoarseOffset = GeneratorKind(rawValue: 45)
    public static let initialAttenuation = GeneratorKind(rawValue: 48)
    public static let loopEndAddressCoarseOffset = GeneratorKind(rawValue: 50)
    public static let coarseTune = GeneratorKind(rawValue: 51)
    public static let fineTune = GeneratorKind(rawValue: 52)
    public static let sampleID = GeneratorKind(rawValue: 53)
    public static let sampleModes = GeneratorKind(rawValue: 54)
    public static let overridingRootKey = GeneratorKind(rawValue: 58)

    /// Operators that SoundFont 2.04 §8.1.2 allows only in instrument zones: "a preset generator
    /// … shall be ignored" for the sample offsets, `keynum` (46), `velocity` (47), `sampleModes`,
    /// `exclusiveClass` (57) and `overridingRootKey`.
    var isInstrumentOnly: Bool {
        switch rawValue {
        case 0...4, 12, 45, 46, 47, 50, 54, 57, 58: true
        default: false
        }
    }
}

/// A setting value that Peach cannot accept; says which setting, what was given and what is allowed.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    case outOfRange(setting: String, value: String, allowed: String)
    case malformed(setting: String, value: String, expected: String)
    case unknownSetting(String)

    public var description: String {
        switch self {
        case .outOfRange(let setting, let value, let allowed):
            "The \(setting) \(value) is out of range; allowed: \(allowed)."
        case .malformed(let setting, let value, let expected):
            "The \(setting) \"\(value)\" is not valid; expected \(expected)."
        case .unknownSetting(let key):
            "There is no setting \"\(key)\"; known settings: \(TrainingSettings.Key.allCases.map(\.rawValue).joined(separator: ", "))."
        }
    }
}

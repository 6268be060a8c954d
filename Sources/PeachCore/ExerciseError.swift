/// Why an answer to an exercise can't be evaluated.
public enum ExerciseError: Error, Equatable, Sendable, CustomStringConvertible {
    case sliderValueOutOfRange(Double)

    public var description: String {
        switch self {
        case .sliderValueOutOfRange(let value):
            "The slider value \(value) is out of range; it must be a number from -1 to 1."
        }
    }
}

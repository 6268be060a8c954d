/// Why an answer to an exercise can't be evaluated.
public enum ExerciseError: Error, Equatable, Sendable, CustomStringConvertible {
    case sliderValueOutOfRange(Double)
    /// The answer's record breaks a rule of every record (its time, from the device's clock).
    case invalidRecord(InvalidRecord)

    public var description: String {
        switch self {
        case .sliderValueOutOfRange(let value):
            "The slider value \(value) is out of range; it must be a number from -1 to 1."
        case .invalidRecord(let error):
            error.description
        }
    }
}

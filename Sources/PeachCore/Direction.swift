/// Whether an interval is taken upward or downward from the reference note.
public enum Direction: String, ASCIINamed, Sendable {
    case up, down
}

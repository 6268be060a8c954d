/// The version of Peach, shown by `peach --version` and on the Info page. The one place it is set.
public enum PeachVersion {
    public static let current = "0.1.0"
}

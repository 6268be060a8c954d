import PeachCore

/// What the Info page says about this build.
public enum AppInfo {
    public static let name = "Peach"
    /// The version of this build: the same constant `peach --version` prints.
    public static let version = PeachVersion.current
    public static let copyrightYear = 2026
    /// The licence's SPDX identifier (the full text is in `LICENSE`).
    public static let licence = "MIT"
}

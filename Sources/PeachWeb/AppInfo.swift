/// What the Info page and `peach --version` say about this build: one version constant for both.
public enum AppInfo {
    public static let name = "Peach"
    /// The version of this build, shown on the Info page and by `peach --version`.
    public static let version = "0.1.0"
    public static let copyrightYear = 2026
    /// The licence's SPDX identifier (the full text is in `LICENSE`).
    public static let licence = "MIT"
}

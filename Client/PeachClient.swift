import Foundation

/// The browser client as the server finds it: the files of this folder (`Client/README.md` says
/// what each folder holds), bundled as this target's resources, and the wasm core that
/// `scripts/build-wasm.sh` builds from the Swift sources into the build folder.
public enum PeachClient {
    /// The folder of the client's files, laid out as in `Client/` (the tests and this file
    /// aside); `PeachWeb` serves each at `/assets/` and its path here.
    public static let files = Bundle.module.resourceURL

    /// Where `scripts/build-wasm.sh` writes the wasm core: `.build/wasm/peach-core.wasm` in the
    /// package this file was compiled from, whichever build folder the executable is in (its
    /// output is never in the source tree nor in git). A `peach` built elsewhere is given the
    /// path instead (`peach serve --wasm-core`).
    public static let builtCore = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/wasm/peach-core.wasm")
}

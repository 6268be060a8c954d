import PeachViews

/// The addresses the browser's scripts need, made from `PageRoute` and `APIRoute` so that no
/// script writes one: the module `peach-routes.js` (app.js imports it and hands each module
/// what it needs), and the constants the service worker's code is served with (`Assets`).
enum RouteTable {
    static let moduleName = "peach-routes.js"

    /// The pages a device renders itself, each with the name the wasm core renders it by.
    static let devicePages = PageRoute.all.filter(\.rendersOnDevice).map { ($0.path, $0.name) }

    /// `peach-routes.js`.
    static let module: String = {
        let pages = devicePages.map { "\(quoted($0)): \(quoted($1))" }
        let training = PageRoute.all.filter { if case .training = $0 { true } else { false } }.map(\.path)
        let data = PageRoute.all.filter(\.showsTrainingData).map(\.path)
        let api = APIRoute.allCases.map { "\($0.rawValue): \(quoted($0.path))" }
        return """
            // Made by the server from PageRoute and APIRoute (Sources/PeachViews/Pages): every
            // address of a page or of the API that the scripts use.
            /** The Start page. */
            export const START_PATH = \(quoted(PageRoute.start.path));
            /** The pages this device renders itself (offline too), by address: the name the core
             *  renders each by (`PeachCore.render`). */
            export const DEVICE_PAGES = Object.freeze({ \(pages.joined(separator: ", ")) });
            /** The training pages. */
            export const TRAINING_PATHS = Object.freeze(\(list(training)));
            /** The pages that show the training data: shown again when a sync brings new data. */
            export const DATA_PATHS = Object.freeze(\(list(data)));
            /** The JSON API's addresses by name (docs/api.md). */
            export const API_PATHS = Object.freeze({ \(api.joined(separator: ", ")) });
            /** The start of every API address. */
            export const API_PREFIX = \(quoted(APIRoute.prefix));
            /** The start of every static asset's address. */
            export const ASSET_PREFIX = \(quoted(PageRoute.assetPrefix));
            /** The service worker's address. */
            export const SERVICE_WORKER_PATH = \(quoted(PageRoute.serviceWorker));
            /** The index of the prepared instrument sounds. */
            export const SOUNDS_INDEX = \(quoted(PageRoute.soundsIndex));

            """
    }()

    /// What the service worker's code is served with: the Start page, whose copy answers for
    /// every page a device renders, and those pages' addresses.
    static let serviceWorkerConstants = """
        const PEACH_SHELL = \(quoted(PageRoute.start.path));
        const PEACH_DEVICE_PAGES = \(list(devicePages.map(\.0)));

        """

    /// A JavaScript string literal.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    /// A JavaScript array of strings.
    static func list(_ texts: [String]) -> String {
        "[" + texts.map(quoted).joined(separator: ", ") + "]"
    }
}

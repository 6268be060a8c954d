import Foundation
import Hummingbird
import PeachViews

/// The browser's files (the client, `Client/`, bundled as `PeachClient`'s resources), read once
/// at start-up and served at `/assets/` and their path in `Client/` (`/assets/pages/app.js`: a
/// module's relative imports resolve the same in the browser and under node) with their content
/// type, an ETag and `Cache-Control: no-cache` (the browser revalidates each file, a cheap 304
/// while it is unchanged).
///
/// Each file that compresses is also held in Brotli and gzip at their best quality, made once
/// (`CompressedCopies`), and sent in the coding the browser takes (`Accept-Encoding`, with
/// `Vary: Accept-Encoding`): a first visit downloads about a third of the bytes
/// (docs/benchmarks.md).
///
/// The exception is the wasm core, the largest file, read from the build folder
/// (`PeachServerConfiguration.wasmCore`): it is served under an address that holds its content
/// hash, `/assets/peach-core.<hash>.wasm`, cached for a year without revalidation (a new build
/// is a new address). The small module `/assets/peach-core-url.js` tells the pages that
/// address; it is revalidated like every other file, as is `/assets/peach-routes.js`
/// (`RouteTable`), the addresses of the pages and the API. The files the server makes sit at
/// the root of `/assets/`, beside the client's folders.
struct Assets: Sendable {
    struct File: Sendable {
        let bytes: ByteBuffer
        let contentType: String
        let etag: String
        var cacheControl = "no-cache"
        /// The same bytes compressed, in each coding that makes them smaller.
        var encoded: [ContentCoding: ByteBuffer] = [:]

        /// This file with its compressed copies (`CompressedCopies`, or made now with `nil`) if
        /// its type compresses.
        func compressed(keptIn copies: CompressedCopies?) -> File {
            guard ContentCoding.compresses(contentType: contentType) else { return self }
            let original = Array(bytes.readableBytesView)
            var file = self
            let encodings = copies?.encodings(of: original) ?? ContentCoding.encodings(of: original, effort: .best)
            file.encoded = encodings.mapValues { ByteBuffer(bytes: $0) }
            return file
        }
    }

    static let coreURLModule = "peach-core-url.js"

    let files: [String: File]
    /// The service worker, served at `/sw.js` so that its scope is the whole site.
    let serviceWorker: File?
    /// Where the wasm core is served; `nil` if it was not built (scripts/build-wasm.sh).
    let coreURL: String?

    /// The `Link` header that makes a page's browser fetch the wasm core and every module app.js
    /// imports at once, instead of one level of imports after another (each a round trip, which
    /// on a phone's network is 150 ms or more); made from the files, never written by hand. A
    /// header, not `<link>` elements, so that the server's page stays the same bytes as the
    /// page the device renders (docs/pages.md).
    let preloadLinks: String

    /// Reads every file under `directory` (`PeachClient.files`) and the wasm core at `core` (if
    /// there is one), and their compressed copies, kept in `compressedCopies` (made there on the
    /// first start after a file changed).
    /// - Complexity: O(total size of the files); seconds when the copies are made.
    init(directory: URL?, core: URL?, compressedCopies: CompressedCopies = .userCache) {
        var files: [String: File] = [:]
        if let directory,
            let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        {
            let base = directory.standardizedFileURL.path
            for case let url as URL in enumerator {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                    !isDirectory.boolValue,
                    !url.lastPathComponent.hasPrefix("."), let data = try? Data(contentsOf: url)
                else { continue }
                let name = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
                files[name] = File(
                    bytes: ByteBuffer(bytes: data), contentType: Self.contentType(forExtension: url.pathExtension),
                    etag: "\"\(Self.fingerprint(data))\"")
            }
        }
        if let core, let data = try? Data(contentsOf: core) {
            let hash = SHA256.hash(data).prefix(8).map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }
            let name = "peach-core.\(hash.joined()).wasm"
            files[name] = File(
                bytes: ByteBuffer(bytes: data), contentType: Self.contentType(forExtension: "wasm"),
                etag: "\"\(Self.fingerprint(data))\"", cacheControl: "public, max-age=31536000, immutable")
            coreURL = PageRoute.asset(name)
        } else {
            coreURL = nil
        }
        files[Self.coreURLModule] = Self.module(
            "export const peachCoreURL = \(coreURL.map(RouteTable.quoted) ?? "null");\n")
        files[RouteTable.moduleName] = Self.module(RouteTable.module)
        serviceWorker = files.removeValue(forKey: Self.serviceWorkerName).map {
            Self.serviceWorker($0, files: files).compressed(keptIn: compressedCopies)
        }
        self.files = files.mapValues { $0.compressed(keptIn: compressedCopies) }
        preloadLinks = Self.preloadLinks(
            coreURL: coreURL, modules: Self.imports(of: PageRoute.appModule, in: files))
    }

    /// A module the server writes (its text made here, not read from a file).
    private static func module(_ text: String) -> File {
        let bytes = ByteBuffer(string: text)
        return File(
            bytes: bytes, contentType: contentType(forExtension: "js"),
            etag: "\"\(fingerprint(Data(bytes.readableBytesView)))\"")
    }

    /// The modules `module` imports, directly or through others, each once, nearest first, by
    /// their names in `files`. Reads the static `import … from './x.js'` or `'../store/x.js'`
    /// (and `export … from`) lines of Peach's modules, which import nothing else.
    static func imports(of module: String, in files: [String: File]) -> [String] {
        var found: [String] = []
        var queue = [module]
        while !queue.isEmpty {
            let name = queue.removeFirst()
            guard let file = files[name] else { continue }
            for line in String(buffer: file.bytes).split(separator: "\n")
            where line.hasPrefix("import ") || line.hasPrefix("export ") {
                guard let from = line.range(of: " from '") ?? line.range(of: " from \"") else { continue }
                let path = line[from.upperBound...].prefix { $0 != "'" && $0 != "\"" }
                guard let imported = resolve(String(path), from: name) else { continue }
                if imported != module, !found.contains(imported) {
                    found.append(imported)
                    queue.append(imported)
                }
            }
        }
        return found
    }

    /// The name in `files` of the relative path `path` imported by the module named `module`
    /// (as the browser resolves it against the module's address); `nil` for a path that is not
    /// relative or leaves `/assets/`.
    static func resolve(_ path: String, from module: String) -> String? {
        guard path.hasPrefix("./") || path.hasPrefix("../") else { return nil }
        var components = module.split(separator: "/").dropLast()
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard components.popLast() != nil else { return nil }
            default: components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    /// The wasm core first (the largest file, on the longest path: download, compile, open the
    /// device), then the modules. `crossorigin` makes the preload's request the one
    /// peach-core.js makes with `fetch` (CORS mode, same-origin credentials), so it is reused.
    static func preloadLinks(coreURL: String?, modules: [String]) -> String {
        let core = coreURL.map { ["<\($0)>; rel=preload; as=fetch; crossorigin"] } ?? []
        return (core + modules.map { "<\(PageRoute.asset($0))>; rel=modulepreload" }).joined(separator: ", ")
    }

    static let serviceWorkerName = "service-worker.js"

    /// `/sw.js`: the service worker's code with the files it keeps, their version and the pages
    /// it answers for in front (service-worker.js says why). The version is a fingerprint of every file's fingerprint, so
    /// any change of any file is a new worker, which the browser installs on the next start.
    private static func serviceWorker(_ code: File, files: [String: File]) -> File {
        let names = files.keys.sorted()
        let version = fingerprint(Data((names.map { files[$0]!.etag } + [code.etag]).joined().utf8))
        let paths = [PageRoute.favicon] + names.map { PageRoute.assetPrefix + $0 }
        var bytes = ByteBuffer(
            string: "const PEACH_VERSION = \"\(version)\";\nconst PEACH_FILES = \(RouteTable.list(paths));\n"
                + RouteTable.serviceWorkerConstants)
        var body = code.bytes
        bytes.writeBuffer(&body)
        return File(bytes: bytes, contentType: code.contentType, etag: "\"\(version)\"")
    }

    static func contentType(forExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "wasm": "application/wasm"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "webmanifest": "application/manifest+json"
        case "json": "application/json"
        case "flac": "audio/flac"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "html": "text/html; charset=utf-8"
        case "txt": "text/plain; charset=utf-8"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }

    /// FNV-1a, 64 bit: enough to tell versions of a file apart.
    static func fingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    /// The tab icon: a peach as the head of an eighth note, its stem and leaf the note's stem and
    /// flag (scripts/make-icons.sh draws the home-screen icons from the same shapes). Small
    /// enough to live here, so every page can link it.
    static let favicon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><clipPath id="head"><ellipse cx="13.5" cy="21.5" rx="9.5" ry="7.8" transform="rotate(-22 13.5 21.5)"/></clipPath></defs><path d="M21.6 20V4.2" stroke="#6b4226" stroke-width="2.2" stroke-linecap="round"/><path d="M21.6 4.2c.6 3.4 7.6 4.6 6.6 11.2-1.1-3.4-3.9-4.9-6.6-5.3Z" fill="#2a9d8f"/><ellipse cx="13.5" cy="21.5" rx="9.5" ry="7.8" transform="rotate(-22 13.5 21.5)" fill="#f4a261"/><g clip-path="url(#head)"><circle cx="19" cy="27" r="9" fill="#e76f51" opacity=".45"/><path d="M15.8 14.4c-3.4 2.4-4.6 8-2.4 15" stroke="#d9603f" stroke-width="1.1" fill="none" opacity=".6"/></g></svg>
        """

    func addRoutes(to router: Router<PeachRequestContext>) {
        router.get(RouterPath(PageRoute.favicon)) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "max-age=86400"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: Self.favicon)))
        }
        router.get(RouterPath(PageRoute.serviceWorker)) { request, _ in
            guard let serviceWorker else { throw HTTPError(.notFound) }
            return Self.response(serviceWorker, to: request)
        }
        router.get(RouterPath(PageRoute.assetPrefix + "**")) { request, context in
            let name = context.parameters.getCatchAll().joined(separator: "/")
            guard let file = files[name] else { throw HTTPError(.notFound) }
            return Self.response(file, to: request)
        }
    }

    /// A file with its type, cache policy and ETag, compressed in the best coding the browser
    /// takes; 304 when the browser has this version.
    static func response(_ file: File, to request: Request) -> Response {
        let coding = ContentCoding.negotiate(request.headers[.acceptEncoding], available: file.encoded.keys)
        let etag = coding == nil ? file.etag : EntityTag.weak(file.etag)
        var headers: HTTPFields = [.contentType: file.contentType, .cacheControl: file.cacheControl, .eTag: etag]
        if !file.encoded.isEmpty { headers[.vary] = "Accept-Encoding" }
        if EntityTag.matches(request.headers[.ifNoneMatch], etag) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        let body = coding.flatMap { file.encoded[$0] } ?? file.bytes
        if let coding { headers[.contentEncoding] = coding.rawValue }
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}

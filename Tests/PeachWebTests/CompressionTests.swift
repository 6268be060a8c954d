import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PeachStore
import Testing

@testable import PeachWeb

@Suite("Compression")
struct CompressionTests {
    /// Text that compresses as the browser's files do (repetitive words and code).
    static let text = Array(
        (0..<400).map { "export function line\($0)() { return 'Peach trains your ear'; }\n" }.joined().utf8)

    @Test("Brotli and gzip decode to the original bytes; damaged or cut streams are refused")
    func roundTrip() throws {
        for coding in ContentCoding.allCases {
            for effort in [ContentCoding.Effort.best, .fast] {
                let encoded = try #require(coding.encode(Self.text, effort: effort))
                #expect(encoded.count * 5 < Self.text.count, "\(coding) compresses text to under a fifth")
                #expect(coding.decode(encoded) == Self.text)
                #expect(coding.decode(encoded.dropLast(4)) == nil, "\(coding): cut short")
                #expect(coding.decode(encoded + [0, 1, 2]) == nil, "\(coding): bytes after the stream")
            }
        }
        #expect(ContentCoding.brotli.decode(ContentCoding.gzip.encode(Self.text, effort: .fast)!) == nil)
        #expect(ContentCoding.gzip.decode(Array("not gzip".utf8)) == nil)
    }

    @Test(
        "the coding is the best the client takes",
        arguments: [
            ("gzip, deflate, br, zstd", ContentCoding.brotli), ("gzip", .gzip), ("br;q=0, gzip;q=0.5", .gzip),
            ("*", .brotli), ("*;q=0", nil), ("identity", nil), ("GZIP", .gzip), ("br; q=0.0, gzip; q=0", nil),
        ] as [(String, ContentCoding?)])
    func negotiation(acceptEncoding: String, expected: ContentCoding?) {
        #expect(ContentCoding.negotiate(acceptEncoding, available: ContentCoding.allCases) == expected)
        #expect(
            ContentCoding.negotiate(acceptEncoding, available: [ContentCoding.gzip]) == (expected == nil ? nil : .gzip))
        #expect(ContentCoding.negotiate(nil, available: ContentCoding.allCases) == nil)
    }

    @Test("compressed copies are made once and kept; a damaged copy is made again, never served")
    func keptCopies() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-copies-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copies = CompressedCopies(folder: folder)
        let made = copies.encodings(of: Self.text)
        #expect(Set(made.keys) == Set(ContentCoding.allCases))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count == 2)
        for file in files {
            var kept = try Data(contentsOf: folder.appendingPathComponent(file))
            kept[kept.count / 2] ^= 0xff
            try kept.write(to: folder.appendingPathComponent(file))
        }
        let again = copies.encodings(of: Self.text)
        for coding in ContentCoding.allCases { #expect(coding.decode(try #require(again[coding])) == Self.text) }
        for file in files {
            let kept = try Data(contentsOf: folder.appendingPathComponent(file))
            #expect(ContentCoding.allCases.contains { $0.decode(kept) == Self.text }, "\(file) was made again")
        }
    }

    @Test("an asset goes out in the coding the browser takes, with Vary; every coding's ETag revalidates")
    func assets() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("icons"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.text).write(to: folder.appendingPathComponent("app.js"))
        try Data([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]).write(to: folder.appendingPathComponent("icons/peach.png"))
        let assets = Assets(directory: folder, core: nil, compressedCopies: CompressedCopies(folder: nil))
        let router = Router(context: PeachRequestContext.self)
        assets.addRoutes(to: router)
        try await Application(router: router).test(.router) { client in
            var etags: [String] = []
            for (accepted, coding) in [("gzip, deflate, br", "br"), ("gzip", "gzip"), (nil, nil)]
                as [(String?, String?)]
            {
                var headers: HTTPFields = [:]
                if let accepted { headers[.acceptEncoding] = accepted }
                let response = try await client.execute(uri: "/assets/app.js", method: .get, headers: headers)
                #expect(response.status == .ok)
                #expect(response.headers[.contentEncoding] == coding)
                #expect(response.headers[.vary] == "Accept-Encoding")
                #expect(response.headers[.contentLength] == String(response.body.readableBytes))
                let body = Array(response.body.readableBytesView)
                #expect((coding.flatMap(ContentCoding.init(rawValue:))?.decode(body) ?? body) == Self.text)
                etags.append(try #require(response.headers[.eTag]))
            }
            #expect(etags[0] == "W/" + etags[2] && etags[1] == etags[0], "a compressed copy's ETag is weak")
            for etag in etags {
                let again = try await client.execute(
                    uri: "/assets/app.js", method: .get, headers: [.ifNoneMatch: etag, .acceptEncoding: "br"])
                #expect(again.status == .notModified)
                #expect(again.body.readableBytes == 0)
            }
            let image = try await client.execute(
                uri: "/assets/icons/peach.png", method: .get, headers: [.acceptEncoding: "br"])
            #expect(image.headers[.contentEncoding] == nil, "a PNG is compressed already")
            #expect(image.headers[.vary] == nil)
        }
    }

    @Test("pages and JSON replies are compressed as they are sent; small replies are not; pages say what to preload")
    func replies() async throws {
        try await withApp(database: try AppDatabase.inMemory()) { client in
            let page = try await client.execute(uri: "/settings", method: .get, headers: [.acceptEncoding: "gzip, br"])
            #expect(page.headers[.contentEncoding] == "br")
            #expect(page.headers[.vary] == "Accept-Encoding")
            let html = String(
                decoding: try #require(ContentCoding.brotli.decode(Array(page.body.readableBytesView))), as: UTF8.self)
            let plain = try await client.get("/settings")
            #expect(html == plain.text, "the same page, compressed")
            #expect(plain.headers[.contentEncoding] == nil)
            let links = try #require(page.headers[HTTPField.Name("Link")!])
            #expect(links.hasPrefix("</assets/peach-core."), "the wasm core first")
            for module in [
                "store/device.js", "core/peach-core.js", "store/sync.js", "pages/training-loop.js", "peach-routes.js",
            ] {
                #expect(links.contains("</assets/\(module)>; rel=modulepreload"), "\(module) is preloaded")
            }
            let records = (0..<20).map { _ in syncRecord() }
            let upload = try await client.execute(
                uri: "/api/sync/records", method: .post,
                headers: [.contentType: "application/json", .acceptEncoding: "gzip"],
                body: ByteBuffer(string: #"{"records": ["# + records.joined(separator: ", ") + "]}"))
            #expect(upload.headers[.contentEncoding] == "gzip")
            let reply = try #require(ContentCoding.gzip.decode(Array(upload.body.readableBytesView)))
            let accepted = try JSONSerialization.jsonObject(with: Data(reply)) as? [String: Any]
            #expect((accepted?["accepted"] as? [String])?.count == 20)
            let small = try await client.execute(uri: "/healthz", method: .get, headers: [.acceptEncoding: "br"])
            #expect(small.headers[.contentEncoding] == nil)
            #expect(small.text == "ok")
        }
    }
}

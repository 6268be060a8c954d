import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PeachCore
import PeachStore
import PeachViews
import Testing

@testable import PeachWeb

@Suite("The route table the scripts get")
struct RouteTableTests {
    @Test("peach-routes.js names each page a device renders by its core name, and every API address")
    func module() async throws {
        try await withApp(database: try .inMemory()) { client in
            let response = try await client.get("/assets/peach-routes.js")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
            let module = response.text
            #expect(module.contains("\"/pitch-matching\": \"pitchMatching\""))
            for route in PageRoute.all {
                // A page only the server renders (pairing, the forms' answers) is not in it.
                #expect(module.contains("\"\(route.path)\": \"\(route.name)\"") == route.rendersOnDevice, "\(route)")
            }
            let training = TrainingMode.allCases.map { "\"\(PageRoute.training($0).path)\"" }
            #expect(module.contains("TRAINING_PATHS = Object.freeze([\(training.joined(separator: ", "))])"))
            #expect(module.contains("DATA_PATHS = Object.freeze([\"/\", \"/profile\"])"))
            #expect(module.contains("syncRecords: \"/api/sync/records\""))
            #expect(module.contains("importConfirm: \"/api/import/confirm\""))
        }
    }

    @Test("every address in the table is served: each device page as a page, each API address")
    func served() async throws {
        try await withApp(database: try .inMemory()) { client in
            for (path, _) in RouteTable.devicePages {
                let response = try await client.get(path)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(path)")
            }
            for route in APIRoute.allCases {
                // A known address answers a GET with its reply, or 405 if it takes another method.
                let response = try await client.get(route.path)
                #expect(response.status != .notFound, "\(route.path)")
            }
        }
    }

    @Test("the service worker answers for the pages a device renders with the Start page's copy")
    func serviceWorker() async throws {
        try await withApp(database: try .inMemory()) { client in
            let worker = try await client.get("/sw.js").text
            #expect(worker.contains("const PEACH_SHELL = \"/\";"))
            let pages = PageRoute.all.filter(\.rendersOnDevice).map { "\"\($0.path)\"" }
            #expect(pages.count == TrainingMode.allCases.count + 4)
            #expect(worker.contains("const PEACH_DEVICE_PAGES = [\(pages.joined(separator: ", "))];"))
        }
    }
}

import Foundation
import Testing

@testable import PeachWeb

@Suite("multipart/form-data, as a browser sends a form with a file")
struct MultipartFormTests {
    /// What Chromium sends for the import form (boundary as Chromium makes them).
    static let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
    static let browserBody = [
        "--\(boundary)\r\n",
        "Content-Disposition: form-data; name=\"file\"; filename=\"peach export.csv\"\r\n",
        "Content-Type: text/csv\r\n\r\n",
        "line 1\r\nline 2 with --\(boundary.dropLast()) inside\r\n\r\n",
        "\r\n--\(boundary)\r\n",
        "Content-Disposition: form-data; name=\"mode\"\r\n\r\n",
        "replace\r\n",
        "--\(boundary)--\r\n",
    ].joined()

    @Test("each part's name, file name and exact bytes, line breaks inside the file kept")
    func browserForm() throws {
        let form = try MultipartForm(
            body: Data(Self.browserBody.utf8), contentType: "multipart/form-data; boundary=\(Self.boundary)")
        #expect(form.parts.map(\.name) == ["file", "mode"])
        #expect(form["file"]?.filename == "peach export.csv")
        #expect(form["file"]?.data == Data("line 1\r\nline 2 with --\(Self.boundary.dropLast()) inside\r\n\r\n".utf8))
        #expect(form["mode"]?.data == Data("replace".utf8))
        #expect(form["mode"]?.filename == nil)
    }

    @Test("a quoted boundary and parameter keys in any case are read")
    func quotedBoundary() throws {
        let body = "--a b\r\ncontent-disposition: form-data; NAME=\"x\"\r\n\r\n1\r\n--a b--"
        let form = try MultipartForm(body: Data(body.utf8), contentType: "multipart/form-data; Boundary=\"a b\"")
        #expect(form["x"]?.data == Data("1".utf8))
    }

    @Test(
        "a body without boundary, without closing delimiter or with a part without headers is refused",
        arguments: [
            ("multipart/form-data", "--x\r\n\r\n--x--", MultipartForm.Problem.noBoundary),
            (
                "multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1",
                .malformed
            ),
            ("multipart/form-data; boundary=x", "--x\r\nno blank line\r\n--x--", .malformed),
            ("multipart/form-data; boundary=x", "--x\r\nContent-Type: text/csv\r\n\r\n1\r\n--x--", .malformed),
            ("multipart/form-data; boundary=x", "", .malformed),
            ("multipart/form-data; boundary=x", "--y\r\n", .malformed),
        ])
    func refused(contentType: String, body: String, problem: MultipartForm.Problem) {
        #expect(throws: problem) { try MultipartForm(body: Data(body.utf8), contentType: contentType) }
    }
}

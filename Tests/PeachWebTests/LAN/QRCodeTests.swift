import Foundation
import Testing

@testable import PeachWeb

@Suite("QR code for pairing")
struct QRCodeTests {
    let url = "http://192.168.1.20:8080/pair?code=7QK2-M9XD"

    @Test("the three finder patterns sit in the corners, as ISO/IEC 18004 §6.3.3 lays them out")
    func finderPatterns() throws {
        let code = try QRCode(text: url)
        #expect((code.size - 17) % 4 == 0, "a QR symbol is 4·version + 17 modules wide")
        for (top, left) in [(0, 0), (0, code.size - 7), (code.size - 7, 0)] {
            for row in 0..<7 {
                for column in 0..<7 {
                    let ring = max(abs(row - 3), abs(column - 3))
                    // 7×7: dark outer ring, light ring, dark 3×3 centre.
                    #expect(code.isDark(row: top + row, column: left + column) == (ring != 2))
                }
            }
        }
    }

    @Test("the timing patterns alternate between the finder patterns")
    func timingPatterns() throws {
        let code = try QRCode(text: url)
        for index in 8..<(code.size - 8) {
            #expect(code.isDark(row: 6, column: index) == index.isMultiple(of: 2))
            #expect(code.isDark(row: index, column: 6) == index.isMultiple(of: 2))
        }
    }

    @Test("an independent decoder (zbarimg) reads back exactly the pairing URL")
    func decodesWithZbar() throws {
        let code = try QRCode(text: url)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("peach-qr-\(UUID()).pgm")
        try Data(code.portableGraymap()).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--quiet", "--raw", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice  // zbar complains about a missing D-Bus here
        try process.run()
        process.waitUntilExit()
        let decoded = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(decoded.trimmingCharacters(in: .newlines) == url)
    }

    @Test("the terminal drawing has the quiet zone and two module rows per line")
    func terminalRendering() throws {
        let code = try QRCode(text: url)
        let lines = code.terminalRendering.split(separator: "\n")
        let side = code.size + 2 * QRCode.quietZone
        #expect(lines.count == (side + 1) / 2)
        for line in lines {
            #expect(line.filter { $0 == "▀" }.count == side)
        }
        // The first line is all quiet zone: white over white.
        #expect(!lines[0].contains("\u{1B}[30;"))
    }

    @Test("text too long for any QR version is an error, not a crash")
    func tooLong() {
        #expect(throws: QRCode.EncodingError.self) { try QRCode(text: String(repeating: "x", count: 8000)) }
    }
}

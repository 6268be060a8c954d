// Test support, not shipped: the native side of the differential test of the wasm core
// (Client/tests/peach-core.test.mjs, e2e/browser/test_core.py) and of its benchmark.
//   PeachCoreCheck trace SEED OPERATIONS   the differential trace, natively
//   PeachCoreCheck fixtures                the profile fixtures as records, with the pages the
//                                          server renders from them (JSON)
//   PeachCoreCheck bench OPERATIONS        native timings for e2e/browser/bench_core.py, which
//                                          runs the same steps in the wasm core in Chromium (JSON)
//   PeachCoreCheck database NAME PATH      a new database at PATH holding the fixture NAME's
//                                          records, which it prints as numbers (JSON)
//   PeachCoreCheck fields                  Client/core/peach-fields.js as Swift writes it now
//                                          (`FieldTable`)
import Foundation
import PeachCore
import PeachFixtures
import PeachStore
import PeachTrace
import PeachViews
import PeachWasm

struct Fixture: Encodable {
    var name: String
    var language: String
    var settings: [String: String]
    var records: [Double]
    /// The records' profile as the server sends it (`ProfileSnapshot`), which the wasm core must
    /// read back into the same pages.
    var snapshot: [Double]
    var pages: [String: String]
}

func fixtures() throws -> String {
    var fixtures: [Fixture] = []
    let ranges: [(String, [String: String])] = [
        ("", [:]), (" C3–C5", ["noteRangeLower": "48", "noteRangeUpper": "72"]),
    ]
    for (name, records) in ProfileFixtures.all {
        for language in Language.allCases {
            for (rangeName, settings) in ranges {
                var session = CoreSession(seed: 0)
                for (key, value) in settings { precondition(session.setSetting(key, value) == nil) }
                precondition(session.replaceProfile(summary: nil, records: records))
                var numbers: [Double] = []
                for record in records { RecordNumbers.append(record, to: &numbers) }
                var pages: [String: String] = [:]
                // Every page the device renders (the training pages of both kinds among them).
                let routes: [PageRoute] = [
                    .profile, .start, .settings, .info, .training(.comparison), .training(.intervalPitchMatching),
                ]
                for route in routes { pages[route.name] = session.render(route, language: language)! }
                fixtures.append(
                    Fixture(
                        name: name + rangeName, language: language.rawValue, settings: settings, records: numbers,
                        snapshot: ProfileSnapshot.encode(session.profile), pages: pages))
            }
        }
    }
    return String(decoding: try JSONEncoder().encode(fixtures), as: UTF8.self)
}

func database(_ name: String, at path: String) throws -> String {
    guard let records = ProfileFixtures.all.first(where: { $0.name == name })?.records else {
        fatalError("no fixture \(name)")
    }
    let database = try AppDatabase.open(path: path, access: .writing)
    var numbers: [Double] = []
    _ = try database.saveSyncedRecords(records.map { .init(id: RecordID(UUID().uuidString)!, record: $0) })
    for record in records { RecordNumbers.append(record, to: &numbers) }
    return String(decoding: try JSONEncoder().encode(numbers), as: UTF8.self)
}

/// `operations` exercises, in the four modes in turn, each answered (comparisons: two of three
/// "higher"; pitch matching: the slider at 0.1) and added to the profile, timed in batches of 10
/// (the clock's own cost stays out); then the profile page rendered from the records.
func bench(operations: Int) -> String {
    var session = CoreSession(seed: 1)
    let clock = ContinuousClock()
    var perOperation: [Double] = []
    var records: [TrainingRecord] = []
    var now: Int64 = 1_700_000_000_000
    // The pitch modes, as this measure has always timed them: a rhythm exercise is a schedule.
    let modes = TrainingMode.allCases.filter { $0.family != .rhythm }
    for batch in 0..<operations / 10 {
        let duration = clock.measure {
            for index in batch * 10..<batch * 10 + 10 {
                let mode = modes[index % modes.count]
                _ = session.nextExercise(mode)
                now += 5_000
                let answer: SessionAnswer = mode.kind == .comparison ? .higher(index % 3 != 0) : .slider(0.1)
                records.append(session.answer(answer, at: Timestamp(millisecondsSince1970: now))!)
            }
        }
        perOperation.append(microseconds(duration) / 10)
    }
    perOperation.sort()
    var renders: [Double] = []
    for _ in 0..<5 {
        renders.append(microseconds(clock.measure { _ = session.render(.profile, language: .english) }) / 1000)
    }
    renders.sort()
    var fresh: [Double] = []
    for _ in 0..<5 {
        fresh.append(
            microseconds(
                clock.measure {
                    var other = CoreSession(seed: 1)
                    _ = other.replaceProfile(summary: nil, records: records)
                    _ = other.render(.profile, language: .english)
                }) / 1000)
    }
    fresh.sort()
    let median = perOperation[perOperation.count / 2]
    let p99 = perOperation[perOperation.count * 99 / 100]
    return "{\"operationMedianMicroseconds\": \(median), \"operationP99Microseconds\": \(p99), "
        + "\"profileRenderMilliseconds\": \(renders[2]), \"fromRecordsMilliseconds\": \(fresh[2]), \"records\": \(session.profile.comparisonCount + session.profile.pitchMatchingCount)}"
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

let arguments = CommandLine.arguments.dropFirst()
switch (arguments.first, arguments.count) {
case ("trace", 3):
    guard let seed = UInt64(arguments[arguments.startIndex + 1]),
        let operations = Int(arguments[arguments.startIndex + 2])
    else { fatalError("usage: PeachCoreCheck trace SEED OPERATIONS") }
    FileHandle.standardOutput.write(Data(DifferentialTrace.run(seed: seed, operations: operations).utf8))
case ("fixtures", 1):
    print(try fixtures())
case ("bench", 2):
    guard let operations = Int(arguments[arguments.startIndex + 1]) else { fatalError("usage: bench OPERATIONS") }
    print(bench(operations: operations))
case ("database", 3):
    print(try database(arguments[arguments.startIndex + 1], at: arguments[arguments.startIndex + 2]))
case ("fields", 1):
    FileHandle.standardOutput.write(Data(FieldTable.module.utf8))
default:
    FileHandle.standardError.write(
        Data("usage: PeachCoreCheck trace SEED OPERATIONS | fixtures | database NAME PATH | fields\n".utf8))
    exit(2)
}

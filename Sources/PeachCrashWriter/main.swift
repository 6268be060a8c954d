// Test support for PeachStoreTests' crash-safety test; not part of Peach.
//
// Usage: PeachCrashWriter DATABASE-PATH
//
// Records pitch-matching and comparison answers in a loop, each through
// `AppDatabase.record(_:exerciseID:)`, and prints each exercise id on its own line only after
// that call has returned (the commit is durable). The test kills this process with SIGKILL at
// a random moment and then checks that every printed id is in the database.
import Foundation
import PeachCore
import PeachStore

/// Writes a line straight to the pipe (no buffering that a SIGKILL could lose).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: PeachCrashWriter DATABASE-PATH\n".utf8))
    exit(2)
}
do {
    let database = try AppDatabase.open(path: CommandLine.arguments[1])
    say("ready")
    var counter = 0
    while true {
        counter += 1
        let reference = try MIDINote(36 + counter % 48)
        let interval = counter % 3 == 0 ? DirectedInterval.perfectFifthUp : .prime
        let target = try reference.transposed(by: interval)
        let timestamp = Timestamp.now
        let record: TrainingRecord =
            counter % 2 == 0
            ? .comparison(
                ComparisonRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: target, interval: interval,
                    tuningSystem: .equalTemperament, centOffset: Double(counter % 997 + 1) / 10,
                    isCorrect: counter % 5 != 0))
            : .pitchMatching(
                PitchMatchingRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: target, interval: interval,
                    tuningSystem: .justIntonation, initialCentOffset: Double(counter % 200 - 100),
                    userCentError: Double(counter % 61 - 30) / 3))
        let id = UUID()
        try database.record(record, exerciseID: id)
        say(id.uuidString)
    }
} catch {
    FileHandle.standardError.write(Data("PeachCrashWriter: \(error)\n".utf8))
    exit(1)
}

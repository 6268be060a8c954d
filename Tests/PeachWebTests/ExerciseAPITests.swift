import Foundation
import HTTPTypes
import HummingbirdTesting
import PeachCore
import PeachStore
import PeachViews
import Testing

@testable import PeachWeb

@Suite("Exercise API")
struct ExerciseAPITests {
    @Test("a comparison exercise has an id, a prime interval and frequencies in the note range")
    func nextComparison() async throws {
        try await withApp(database: try .inMemory()) { client in
            let exercise = try await client.nextExercise("comparison")
            #expect(UUID(uuidString: exercise.string("id") ?? "") != nil)
            #expect(exercise.string("mode") == "comparison")
            #expect(exercise.string("kind") == "comparison")
            #expect(exercise.double("noteDuration") == 1)
            #expect(exercise.string("interval", "code") == "P1up")
            #expect(exercise.string("interval", "name") == "Unison")
            let reference = exercise.double("reference", "frequency")
            #expect(reference >= 65.4 && reference <= 1046.6)  // C2 … C6 at 440 Hz
            // A new user starts the chain at 100 cents.
            #expect(abs(abs(targetCents(exercise)) - 100) < 1e-6)
            #expect(exercise.double("target", "gainDecibels") == 0)
            #expect(exercise["tunable"] == nil)
        }
    }

    @Test("a pitch-matching exercise gives a start frequency within ±100 cents of the target and the slider span")
    func nextPitchMatching() async throws {
        try await withApp(database: try .inMemory()) { client in
            let exercise = try await client.nextExercise("pitchMatching")
            #expect(exercise.string("kind") == "pitchMatching")
            #expect(exercise.double("tunable", "centSpan") == 100)
            let offset =
                1200 * log2(exercise.double("tunable", "startFrequency") / exercise.double("reference", "frequency"))
            #expect(abs(offset) <= 100)
            #expect(exercise["target"] == nil)
        }
    }

    @Test("an unknown or missing mode is a 400 unknownMode")
    func unknownMode() async throws {
        try await withApp(database: try .inMemory()) { client in
            for uri in ["/api/exercises/next?mode=rhythm", "/api/exercises/next"] {
                let response = try await client.get(uri)
                #expect(response.status == .badRequest)
                #expect(response.errorCode == "unknownMode")
            }
        }
    }

    @Test("a correct answer is recorded once, and the reply carries feedback and the next, narrower exercise")
    func answerComparison() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let exercise = try await client.nextExercise("comparison")
            let higher = targetCents(exercise) > 0
            let response = try await client.answer(
                exercise.string("id")!, #"{"answer": "\#(higher ? "higher" : "lower")"}"#)
            #expect(response.status == .ok)
            let reply = response.json
            #expect(reply.string("feedback", "kind") == "comparison")
            #expect(reply[path: "feedback", "isCorrect"] as? Bool == true)
            #expect(reply.string("feedback", "announcement") == "Correct")
            let next = try #require(reply["next"] as? [String: Any])
            #expect(next.string("mode") == "comparison")
            #expect(next.string("id") != exercise.string("id"))
            // Kazez: after a correct answer at 100 cents, p' = 100 · (1 − 0.05 · 10) = 50.
            #expect(abs(abs(targetCents(next)) - 50) < 1e-6)
            #expect(try recordCount(database) == 1)
        }
        let profile = try database.loadProfile()
        #expect(profile.comparisonByMode[.comparison]?.latest == .init(magnitude: 100, wasCorrect: true))
    }

    @Test("a wrong answer is recorded as incorrect and the chain widens (clamped at 100 cents)")
    func wrongComparison() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let exercise = try await client.nextExercise("comparison")
            let wrong = targetCents(exercise) > 0 ? "lower" : "higher"
            let reply = try await client.answer(exercise.string("id")!, #"{"answer": "\#(wrong)"}"#).json
            #expect(reply[path: "feedback", "isCorrect"] as? Bool == false)
            #expect(reply.string("feedback", "announcement") == "Incorrect")
            let next = try #require(reply["next"] as? [String: Any])
            #expect(abs(abs(targetCents(next)) - 100) < 1e-6)
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("pitch matching: the slider value sets the cent error, and the feedback names band, direction and text")
    func answerPitchMatching() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let exercise = try await client.nextExercise("pitchMatching")
            let initial =
                1200 * log2(exercise.double("tunable", "startFrequency") / exercise.double("reference", "frequency"))
            // Move the slider so that the note ends 4.2 cents sharp (or flat, if sharp is out of reach).
            let error = abs(4.2 - initial) <= 100 ? 4.2 : -4.2
            let slider = (error - initial) / 100
            let response = try await client.answer(exercise.string("id")!, #"{"sliderValue": \#(slider)}"#)
            #expect(response.status == .ok)
            let reply = response.json
            #expect(reply.string("feedback", "kind") == "pitchMatching")
            #expect(abs(reply.double("feedback", "userCentError") - error) < 1e-6)
            #expect(reply[path: "feedback", "roundedCents"] as? Int == (error > 0 ? 4 : -4))
            #expect(reply.string("feedback", "band") == "green")
            #expect(reply.string("feedback", "direction") == (error > 0 ? "sharp" : "flat"))
            #expect(reply.string("feedback", "text") == (error > 0 ? "+4 cents" : "\u{2212}4 cents"))
            #expect(reply.string("feedback", "announcement") == (error > 0 ? "4 cents sharp" : "4 cents flat"))
            #expect((reply["next"] as? [String: Any])?.string("kind") == "pitchMatching")
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("releasing the slider where it started scores the initial offset")
    func sliderAtStart() async throws {
        try await withApp(database: try .inMemory()) { client in
            let exercise = try await client.nextExercise("pitchMatching")
            let initial =
                1200 * log2(exercise.double("tunable", "startFrequency") / exercise.double("reference", "frequency"))
            let reply = try await client.answer(exercise.string("id")!, #"{"sliderValue": 0}"#).json
            #expect(abs(reply.double("feedback", "userCentError") - initial) < 1e-6)
        }
    }

    @Test("feedback bands: 0 center, under 10 green, 10–30 yellow, over 30 red; flat texts use a minus sign")
    func feedbackBands() {
        let english = Texts.english
        let cases: [(Double, String, String, String, String)] = [
            (0.4, "center", "center", "0 cents", "Dead center"),
            (-9.4, "green", "flat", "\u{2212}9 cents", "9 cents flat"),
            (10, "yellow", "sharp", "+10 cents", "10 cents sharp"),
            (-30.2, "yellow", "flat", "\u{2212}30 cents", "30 cents flat"),
            (30.6, "red", "sharp", "+31 cents", "31 cents sharp"),
            (1, "green", "sharp", "+1 cent", "1 cent sharp"),
        ]
        for (error, band, direction, text, announcement) in cases {
            let payload = FeedbackPayload(.pitchMatching(userCentError: error), texts: english)
            #expect(payload.band == band)
            #expect(payload.direction == direction)
            #expect(payload.text == text)
            #expect(payload.announcement == announcement)
        }
        let german = FeedbackPayload(.pitchMatching(userCentError: -27.2), texts: .german)
        #expect(german.text == "\u{2212}27 Cent")
        #expect(german.announcement == "27 Cent zu tief")
    }

    @Test("the same answer again returns the identical reply and records nothing more; a different one is a 409")
    func idempotentRetry() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let exercise = try await client.nextExercise("comparison")
            let id = exercise.string("id")!
            let first = try await client.answer(id, #"{"answer": "higher"}"#)
            let second = try await client.answer(id, #"{"answer": "higher"}"#)
            #expect(first.status == .ok)
            #expect(second.status == .ok)
            #expect(first.text == second.text)
            let different = try await client.answer(id, #"{"answer": "lower"}"#)
            #expect(different.status == .conflict)
            #expect(different.errorCode == "alreadyAnswered")
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("after a restart, a retried answer is found in the database: same feedback, a fresh next exercise")
    func retryAfterRestart() async throws {
        let database = try AppDatabase.inMemory()
        let answered = LockedBox<(id: String, body: String, correct: Bool)?>(nil)
        try await withApp(database: database, seed: 1) { client in
            let exercise = try await client.nextExercise("intervalPitchMatching")
            let body = #"{"sliderValue": 0.125}"#
            let reply = try await client.answer(exercise.string("id")!, body).json
            answered.value = (exercise.string("id")!, body, reply.double("feedback", "userCentError") > 0)
        }
        let (id, body, sharp) = try #require(answered.value)
        try await withApp(database: database, seed: 2) { client in
            let retry = try await client.answer(id, body)
            #expect(retry.status == .ok)
            #expect((retry.json.double("feedback", "userCentError") > 0) == sharp)
            let next = try #require(retry.json["next"] as? [String: Any])
            #expect(next.string("mode") == "intervalPitchMatching")
            #expect(next.string("id") != id)
            let different = try await client.answer(id, #"{"sliderValue": -0.5}"#)
            #expect(different.status == .conflict)
            #expect(different.errorCode == "alreadyAnswered")
            let wrongKind = try await client.answer(id, #"{"answer": "higher"}"#)
            #expect(wrongKind.status == .conflict)
            #expect(wrongKind.errorCode == "wrongAnswerKind")
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("an exercise issued before a restart and answered after it is recorded, exactly as it was issued")
    func pendingSurvivesRestart() async throws {
        let database = try AppDatabase.inMemory()
        let issued = LockedBox<[[String: Any]]>([])
        try await withApp(database: database, seed: 3) { client in
            let settings = #"{"intervals": "P5up,m3down", "tuningSystem": "justIntonation"}"#
            #expect(try await client.send(.put, "/api/settings", json: settings).status == .ok)
            issued.value = [
                try await client.nextExercise("intervalComparison"),
                try await client.nextExercise("intervalPitchMatching"),
            ]
        }
        #expect(try database.pendingExercises().count == 2)
        try await withApp(database: database, seed: 4) { client in
            for (exercise, body) in zip(issued.value, [#"{"answer": "higher"}"#, #"{"sliderValue": 0}"#]) {
                let reply = try await client.answer(exercise.string("id")!, body)
                #expect(reply.status == .ok)
            }
        }
        // The stored comparison is the one issued before the restart: its offset is the
        // distance of the frequencies sent then from the just interval.
        let comparison = issued.value[0]
        let interval = try DirectedInterval(code: comparison.string("interval", "code")!)
        guard
            case .comparison(let record) = try database.trainingRecord(
                exerciseID: UUID(uuidString: comparison.string("id")!)!)
        else {
            Issue.record("the comparison was not recorded")
            return
        }
        #expect(record.interval == interval)
        #expect(
            abs(record.centOffset - (targetCents(comparison) - TuningSystem.justIntonation.cents(for: interval))) < 1e-6
        )
        #expect(try recordCount(database) == 2)
        // The two answers' next exercises are pending; the answered ones are not.
        let pending = try database.pendingExercises().map(\.exerciseID.uuidString)
        #expect(pending.count == 2)
        #expect(!pending.contains(issued.value[0].string("id")!))
    }

    @Test("at start-up, expired pending exercises are dropped from the store")
    func expiredAtRestart() async throws {
        let database = try AppDatabase.inMemory()
        let clock = TestClock()
        let id = LockedBox<String?>(nil)
        try await withApp(database: database, clock: clock) { client in
            id.value = try await client.nextExercise("comparison").string("id")
        }
        clock.advance(by: 6 * 3600 + 1)
        try await withApp(database: database, clock: clock) { client in
            let response = try await client.answer(id.value!, #"{"answer": "higher"}"#)
            #expect(response.status == .notFound)
        }
        #expect(try database.pendingExercises().isEmpty)
    }

    @Test("an exercise the server never issued, or an id that is not a UUID, is a 404 unknownExercise")
    func unknownExercise() async throws {
        try await withApp(database: try .inMemory()) { client in
            for id in [UUID().uuidString, "not-a-uuid"] {
                let response = try await client.answer(id, #"{"answer": "higher"}"#)
                #expect(response.status == .notFound)
                #expect(response.errorCode == "unknownExercise")
            }
        }
    }

    @Test("a pending exercise expires after six hours")
    func expiry() async throws {
        let clock = TestClock()
        try await withApp(database: try .inMemory(), clock: clock) { client in
            let exercise = try await client.nextExercise("comparison")
            clock.advance(by: 6 * 3600 + 1)
            let response = try await client.answer(exercise.string("id")!, #"{"answer": "higher"}"#)
            #expect(response.status == .notFound)
        }
    }

    @Test("the wrong kind of answer is a 409 wrongAnswerKind, an out-of-range slider a 422; nothing is stored")
    func wrongKindAndRange() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let comparison = try await client.nextExercise("comparison")
            let matching = try await client.nextExercise("pitchMatching")
            let sliderForComparison = try await client.answer(comparison.string("id")!, #"{"sliderValue": 0.5}"#)
            #expect(sliderForComparison.status == .conflict)
            #expect(sliderForComparison.errorCode == "wrongAnswerKind")
            let higherForMatching = try await client.answer(matching.string("id")!, #"{"answer": "higher"}"#)
            #expect(higherForMatching.status == .conflict)
            #expect(higherForMatching.errorCode == "wrongAnswerKind")
            let outOfRange = try await client.answer(matching.string("id")!, #"{"sliderValue": 1.5}"#)
            #expect(outOfRange.status == .unprocessableContent)
            #expect(outOfRange.errorCode == "outOfRange")
            #expect(outOfRange.errorMessage?.contains("1.5") == true)
            // Just beyond the end: the message shows the value as sent, not rounded to a valid one.
            let barely = try await client.answer(matching.string("id")!, #"{"sliderValue": 1.0000001}"#)
            #expect(barely.errorMessage?.contains("1.0000001") == true)
            // The exercise is still open after a refused answer.
            let valid = try await client.answer(matching.string("id")!, #"{"sliderValue": 1}"#)
            #expect(valid.status == .ok)
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("malformed bodies are a 400 malformedBody, naming the field when there is one")
    func malformedBodies() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let id = try await client.nextExercise("comparison").string("id")!
            let bodies = [
                "not json", "[1, 2]", "{}", #"{"answer": 1}"#, #"{"answer": "sideways"}"#, #"{"sliderValue": "half"}"#,
                #"{"answer": "higher", "sliderValue": 0}"#, "", #"{"answer": "higher", "answer": "lower"}"#,
                #"{"answer": "lower", "\u0061nswer": "higher"}"#, #"{"answer": "lower",}"#,
                String(
                    decoding: Array(#"{"answer": "lower"}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
                    as: UTF8.self),
            ]
            for body in bodies {
                let response = try await client.answer(id, body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorCode == "malformedBody", "\(body)")
                #expect(response.errorMessage?.isEmpty == false)
            }
            let typed = try await client.answer(id, #"{"sliderValue": "half"}"#)
            #expect(typed.errorMessage?.contains("sliderValue") == true)
            // A repeated field is refused, not read as its first value; an array is not an object.
            let repeated = try await client.answer(id, #"{"answer": "higher", "answer": "lower"}"#)
            #expect(repeated.errorMessage?.contains("\"answer\" is given twice") == true)
            let array = try await client.answer(id, "[1, 2]")
            #expect(array.errorMessage?.contains("must be a JSON object") == true)
            // The same exercise is still open: nothing above counted.
            #expect(try await client.answer(id, #"{"answer": "higher"}"#).status == .ok)
        }
        #expect(try recordCount(database) == 1)  // The one valid answer only.
    }

    @Test("a write without application/json is a 415; a body over 64 KiB is a 413")
    func mediaTypeAndSize() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let id = try await client.nextExercise("comparison").string("id")!
            let plain = try await client.send(
                .post, "/api/exercises/\(id)/answer", json: #"{"answer": "higher"}"#, contentType: "text/plain")
            #expect(plain.status == .unsupportedMediaType)
            #expect(plain.errorCode == "unsupportedMediaType")
            let padding = String(repeating: " ", count: 70 * 1024)
            let large = try await client.answer(id, #"{"answer": "higher"\#(padding)}"#)
            #expect(large.status == .contentTooLarge)
            #expect(large.errorCode == "bodyTooLarge")
            let withCharset = try await client.send(
                .post, "/api/exercises/\(id)/answer", json: #"{"answer": "higher"}"#,
                contentType: "application/json; charset=utf-8")
            #expect(withCharset.status == .ok)
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("interval modes draw from the settings' intervals, named in the request's language")
    func intervalModes() async throws {
        try await withApp(database: try .inMemory()) { client in
            let fifth = try await client.nextExercise("intervalComparison")
            #expect(fifth.string("interval", "code") == "P5up")
            #expect(fifth.string("interval", "name") == "Perfect Fifth Up")
            _ = try await client.send(.put, "/api/settings", json: #"{"intervals": "m3down"}"#)
            let third = try await client.nextExercise("intervalPitchMatching", language: "de-DE,de;q=0.9,en;q=0.5")
            #expect(third.string("interval", "code") == "m3down")
            #expect(third.string("interval", "name") == "Kleine Terz abwärts")
            // The unison modes ignore the interval setting.
            #expect(try await client.nextExercise("comparison").string("interval", "code") == "P1up")
        }
    }

    @Test("a settings change applies to the next exercise: reference pitch 442 Hz, tuning, note duration")
    func settingsApplyToNextExercise() async throws {
        try await withApp(database: try .inMemory()) { client in
            let put = try await client.send(
                .put, "/api/settings",
                json: #"{"referencePitch": 442, "noteDuration": "1.5", "tuningSystem": "justIntonation"}"#)
            #expect(put.status == .ok)
            let exercise = try await client.nextExercise("comparison")
            let semitonesFromA4 = 12 * log2(exercise.double("reference", "frequency") / 442)
            #expect(abs(semitonesFromA4 - semitonesFromA4.rounded()) < 1e-9)
            #expect(exercise.double("noteDuration") == 1.5)
            let fifth = try await client.nextExercise("intervalPitchMatching")
            let start = 1200 * log2(fifth.double("tunable", "startFrequency") / fifth.double("reference", "frequency"))
            // Just fifth = 701.955 cents, the start within ±100 cents of it.
            #expect(abs(start - 701.955) <= 100.001)
        }
    }

    @Test("the chain continues after a restart from the last recorded comparison of the mode")
    func chainAfterRestart() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let exercise = try await client.nextExercise("intervalComparison")
            let correct = targetCents(exercise) - 700 > 0 ? "higher" : "lower"
            _ = try await client.answer(exercise.string("id")!, #"{"answer": "\#(correct)"}"#)
        }
        try await withApp(database: database, seed: 99) { client in
            let next = try await client.nextExercise("intervalComparison")
            #expect(abs(abs(targetCents(next) - 700) - 50) < 1e-6)
            // Another mode's chain is untouched.
            #expect(abs(abs(targetCents(try await client.nextExercise("comparison"))) - 100) < 1e-6)
        }
    }

    @Test("an unknown API address is a JSON 404; /healthz answers ok")
    func notFoundAndHealth() async throws {
        try await withApp(database: try .inMemory()) { client in
            let missing = try await client.get("/api/nothing")
            #expect(missing.status == .notFound)
            #expect(missing.errorCode == "notFound")
            let health = try await client.get("/healthz")
            #expect(health.status == .ok)
            #expect(health.text == "ok")
        }
    }

    @Test("error messages follow Accept-Language")
    func germanErrors() async throws {
        try await withApp(database: try .inMemory()) { client in
            let response = try await client.get("/api/exercises/next?mode=x", language: "de")
            #expect(response.errorMessage?.contains("keine Trainingsart") == true)
        }
    }
}

/// A value shared between test closures.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
}

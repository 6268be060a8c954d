import Foundation
import PeachCore
import PeachStore

/// The training state the server shares between requests: the perceptual profile, the
/// settings, the pending exercises and the replies to recent answers. An actor, because every
/// request reads and changes it.
///
/// Swift decides what is played and what it means (DESIGN.md §3): this type issues exercises
/// from the settings and the adaptive chain, evaluates answers, records them (committed before
/// it returns) and keeps the profile current.
///
/// It runs on a `DatabaseExecutor`, off Swift's cooperative pool, because its database writes
/// block until they are on disk.
public actor TrainingService {
    private let executor = DatabaseExecutor(label: "Peach training")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let database: AppDatabase
    private let now: @Sendable () -> Date
    private var random: AnyRandomNumberGenerator
    public private(set) var profile: PerceptualProfile
    public private(set) var settings: TrainingSettings
    private var pending = PendingExercises()
    private var answered = AnsweredExercises()

    /// Loads the profile (one pass over all records), the settings and the exercises still
    /// pending from before a restart.
    public init(
        database: AppDatabase, random: some RandomNumberGenerator & Sendable, now: @escaping @Sendable () -> Date
    ) throws {
        self.database = database
        self.now = now
        self.random = AnyRandomNumberGenerator(random)
        self.profile = try database.loadProfile()
        self.settings = try database.loadSettings()
        // Oldest first, through the same bounds as new ones; expired, dropped and unreadable
        // rows are deleted, so the store holds what memory holds.
        var retired: [UUID] = []
        for row in try database.pendingExercises() {
            guard let exercise = try? IssuedExercise(row),
                now().timeIntervalSince(exercise.issuedAt) <= pending.lifetime
            else {
                retired.append(row.exerciseID)
                continue
            }
            retired += pending.insert(exercise, client: row.client)
        }
        if !retired.isEmpty { try database.updatePending(PendingChange(retired: retired)) }
    }

    // MARK: Exercises

    /// Issues the next exercise of a mode: a comparison continues the mode's adaptive chain from
    /// its last recorded answer (or starts from the mode's mean threshold).
    /// `client` tells apart whose pending exercises these are (each client keeps at most 32 per
    /// mode; a paired device's id once there are sessions, `""` for the one local client).
    /// - Complexity: O(number of selected intervals).
    /// The exercise is stored as pending before it is returned (one durable write).
    public func nextExercise(mode: TrainingMode, client: String = "") throws -> IssuedExercise {
        let exercise = makeExercise(mode: mode, previous: profile.comparisonByMode[mode]?.latest)
        try issue(exercise, client: client) { change in try database.updatePending(change) }
        return exercise
    }

    /// A new exercise of `mode`; a comparison continues the chain from `previous`.
    private func makeExercise(mode: TrainingMode, previous: ExerciseGenerator.ChainState?) -> IssuedExercise {
        let content: IssuedExercise.Content
        switch mode.kind {
        case .comparison:
            content = .comparison(
                ExerciseGenerator.comparison(
                    mode: mode, settings: settings, previous: previous, profileMean: profile.meanThreshold(for: mode),
                    using: &random))
        case .pitchMatching:
            content = .pitchMatching(ExerciseGenerator.pitchMatching(mode: mode, settings: settings, using: &random))
        }
        return IssuedExercise(
            id: makeID(), mode: mode, content: content, referencePitch: settings.referencePitch,
            noteDuration: settings.noteDuration, issuedAt: now())
    }

    /// Makes `exercise` pending (and `answered`, if given, no longer pending) in memory and, in
    /// the transaction `commit` runs, in the store. Memory changes only once the commit
    /// succeeded, so that a failed write leaves an answer retryable: the change is made on a
    /// copy (at most `totalCapacity` entries) that replaces the pending set afterwards.
    private func issue<Result>(
        _ exercise: IssuedExercise, client: String, answered: UUID? = nil,
        commit: (PendingChange) throws -> Result
    ) throws -> Result {
        var updated = pending
        if let answered { updated.remove(id: answered) }
        let dropped = updated.insert(exercise, client: client)
        let result = try commit(
            PendingChange(issued: exercise.pendingRow(client: client), retired: (answered.map { [$0] } ?? []) + dropped)
        )
        pending = updated
        return result
    }

    /// Evaluates and records an answer, and issues the next exercise of the same mode.
    ///
    /// Idempotent by id: the same answer again returns the same reply; after a restart, an
    /// exercise that was pending still is (the store keeps them), and an id the database has
    /// recorded gets feedback rebuilt from the stored record and a fresh next exercise.
    /// A different answer to an answered exercise is refused. Nothing is stored on an error.
    public func answer(id: UUID, with answer: Answer, client: String = "") throws -> AnswerReply {
        // An exercise is answered only by the client it was issued to: another device that
        // learnt its id can neither answer it nor read its reply and next exercise.
        if let (previousAnswer, reply, owner) = answered[id] {
            guard owner == client else { throw TrainingError.unknownExercise(id) }
            // The next exercise is of the answered exercise's mode, so it tells the kind.
            let kind = reply.next.mode.kind
            guard answer.fits(kind) else { throw TrainingError.wrongAnswerKind(expected: kind) }
            guard previousAnswer.matches(answer) else { throw TrainingError.alreadyAnswered(id) }
            return reply
        }
        if let (exercise, owner) = pending.owned(id: id, at: now()) {
            guard owner.client == client else { throw TrainingError.unknownExercise(id) }
            let record = try exercise.record(for: answer, at: now())
            // The next exercise is stored in the answer's transaction (one fsync for both), so
            // it is made first; a comparison's chain continues from this answer.
            var previous: ExerciseGenerator.ChainState?
            if case .comparison(let comparison) = record { previous = ExerciseGenerator.ChainState(comparison) }
            let next = makeExercise(mode: exercise.mode, previous: previous)
            let outcome = try issue(next, client: owner.client, answered: id) { change in
                try database.record(record, exerciseID: id, pending: change)
            }
            let feedback: Feedback
            switch outcome {
            case .recorded:
                profile.add(record)
                feedback = Feedback(record)
            case .alreadyRecorded(let stored):
                guard Answer(reproducing: stored).matches(answer) else { throw TrainingError.alreadyAnswered(id) }
                feedback = Feedback(stored)
            }
            return remember(id: id, answer: answer, reply: AnswerReply(feedback: feedback, next: next), client: client)
        }
        // Not pending: perhaps answered before a restart (or long ago).
        guard let stored = try database.trainingRecord(exerciseID: id) else {
            throw TrainingError.unknownExercise(id)
        }
        let mode: TrainingMode
        switch stored {
        case .comparison(let record):
            if case .slider = answer { throw TrainingError.wrongAnswerKind(expected: .comparison) }
            mode = record.mode
        case .pitchMatching(let record):
            guard case .slider = answer else { throw TrainingError.wrongAnswerKind(expected: .pitchMatching) }
            mode = record.mode
        }
        guard Answer(reproducing: stored).matches(answer) else { throw TrainingError.alreadyAnswered(id) }
        return remember(
            id: id, answer: answer,
            reply: AnswerReply(feedback: Feedback(stored), next: try nextExercise(mode: mode, client: client)),
            client: client)
    }

    private func remember(id: UUID, answer: Answer, reply: AnswerReply, client: String) -> AnswerReply {
        answered.insert(id: id, answer: answer, reply: reply, client: client)
        return reply
    }

    /// A random (version 4) UUID drawn from the service's generator, so seeded tests are
    /// reproducible.
    private func makeID() -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in stride(from: 0, to: 16, by: 8) {
            var word = random.next()
            for offset in 0..<8 {
                bytes[index + offset] = UInt8(truncatingIfNeeded: word)
                word >>= 8
            }
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    // MARK: Views

    /// Builds a view's value from the profile and the settings inside the actor.
    ///
    /// Views take the few numbers they need instead of a copy of the profile: a copy alive
    /// while an answer arrives would make `profile.add` copy every history (8 bytes per record)
    /// on write. `body` runs synchronously, so it sees one consistent state.
    public func view<Value: Sendable>(
        _ body: @Sendable (PerceptualProfile, TrainingSettings) -> Value
    ) -> Value {
        body(profile, settings)
    }

    // MARK: Settings

    /// Applies and saves several setting changes at once, all or nothing; the next exercise
    /// uses them.
    public func updateSettings(_ changes: [String: String]) throws -> TrainingSettings {
        var updated = settings
        try updated.apply(changes)
        try database.saveSettings(updated)
        settings = updated
        return updated
    }

    // MARK: Data

    /// Deletes every training record and pending exercise (settings stay) and empties the
    /// profile.
    public func deleteAllTrainingData() throws -> Int {
        let deleted = try database.deleteAllTrainingData()
        profile = PerceptualProfile()
        pending.removeAll()
        answered.removeAll()
        return deleted
    }

    /// Imports a CSV file read and checked (all or nothing) and rebuilds the profile from the
    /// database. A replace of stored records throws `ReplaceNotConfirmed` unless
    /// `confirmedDeletion` is what is stored now (see `AppDatabase.importCSV`).
    public func importCSV(_ file: CSVFile, mode: ImportMode, confirmedDeletion: RecordCounts?) throws -> ImportSummary {
        let summary = try database.importCSV(file, mode: mode, confirmedDeletion: confirmedDeletion)
        profile = try database.loadProfile()
        if mode == .replace { answered.removeAll() }
        return summary
    }
}

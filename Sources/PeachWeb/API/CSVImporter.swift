import Foundation
import PeachStore

/// CSV imports for the API and the plain form alike: a merge, or a replace of an empty
/// database, is done at once; a replace that deletes records waits until the user has seen
/// how many and from when to when, and confirmed.
struct CSVImporter: Sendable {
    let history: ServerHistory
    let pending: PendingReplace
    let now: @Sendable () -> Date

    /// What an import request came to.
    enum Outcome: Sendable {
        case imported(ImportSummary)
        /// Nothing changed: the replace deletes `question.stored`; `token` confirms it.
        /// `changedSinceAsked`: the records changed after an earlier question was answered.
        case needsConfirmation(token: String, question: ReplaceNotConfirmed, changedSinceAsked: Bool)
        /// The token names no waiting import: nothing changed.
        case noLongerWaiting
    }

    func importCSV(_ file: CSVFile, mode: ImportMode) async throws -> Outcome {
        do {
            // Without a confirmation the store refuses to delete anything and says what it would.
            return .imported(try await history.importCSV(file, mode: mode, confirmedDeletion: nil))
        } catch let question as ReplaceNotConfirmed {
            return await ask(file, question, changedSinceAsked: false)
        }
    }

    /// Does the replace that `token` confirms, if the stored records are still those shown.
    func confirm(_ token: String) async throws -> Outcome {
        guard let (file, shown) = await pending.take(token, now: now()) else { return .noLongerWaiting }
        do {
            return .imported(try await history.importCSV(file, mode: .replace, confirmedDeletion: shown))
        } catch let question as ReplaceNotConfirmed {
            return await ask(file, question, changedSinceAsked: true)
        }
    }

    /// Forgets the replace `token` would confirm.
    func cancel(_ token: String) async {
        await pending.cancel(token)
    }

    private func ask(_ file: CSVFile, _ question: ReplaceNotConfirmed, changedSinceAsked: Bool) async -> Outcome {
        let token = await pending.hold(file, shown: question.stored, now: now())
        return .needsConfirmation(token: token, question: question, changedSinceAsked: changedSinceAsked)
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import PeachCore
import PeachStore
import PeachViews

/// The HTML pages (docs/pages.md), and the plain-form fallbacks of the Settings page: saving
/// the settings form and the confirmed reset work without scripts.
struct PageController: Sendable {
    let history: ServerHistory
    let importer: CSVImporter
    let localizer: Localizer

    /// Serves every page of `PageRoute.all`: the exhaustive switch makes a new page a compile
    /// error here until it is served (or said to be served elsewhere).
    func addRoutes(to router: Router<PeachRequestContext>) {
        for route in PageRoute.all {
            let path = RouterPath(route.path)
            switch route {
            case .start:
                router.get(path) { request, _ in
                    let texts = await localizer.texts(for: request)
                    let page = try await history.view { StartPage(texts: texts, profile: $0, range: $1.noteRange) }
                    return Self.html(page.render())
                }
            case .profile:
                // The profile the server history keeps current: no database query per view.
                router.get(path) { request, _ in
                    let texts = await localizer.texts(for: request)
                    let page = try await history.view { ProfilePage(texts: texts, profile: $0, range: $1.noteRange) }
                    return Self.html(page.render())
                }
            case .training(let mode):
                router.get(path) { request, _ in
                    let texts = await localizer.texts(for: request)
                    return Self.html(TrainingPage(texts: texts, mode: mode, settings: await history.settings).render())
                }
            case .settings:
                router.get(path, use: settings)
                router.post(path, use: saveSettingsForm)
            case .settingsReset:
                router.get(path) { request, _ in
                    Self.html(ResetPage(texts: await localizer.texts(for: request)).render())
                }
                router.post(path, use: resetForm)
            case .settingsImport:
                router.post(path, use: importForm)
            case .settingsImportConfirm:
                router.post(path, use: confirmImportForm)
            case .info:
                router.get(path) { request, _ in
                    Self.html(InfoPage(texts: await localizer.texts(for: request)).render())
                }
            case .pair, .certificateAuthority:
                // Served by PairingController and CertificateAuthorityController, which own
                // what they need (the pairing codes, the certificate authority).
                break
            }
        }
    }

    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [
                // The security headers come from SecurityHeadersMiddleware.
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
    }

    @Sendable func settings(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let query = request.uri.queryParameters
        func count(_ name: String) -> Int? { query.get(name).flatMap(Int.init) }
        var message = count("deleted").map { texts.settingsPage.resetDone($0) }
        if let added = count("added"), let duplicates = count("duplicates") {
            message = texts.server.importSucceeded(added, duplicates)
        }
        if query.get("import") == "cancelled" { message = texts.server.importCancelled }
        return Self.html(SettingsPage(texts: texts, settings: await history.settings, message: message).render())
    }

    /// The settings form sent without scripts: applied all or nothing, then back to the page.
    @Sendable func saveSettingsForm(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let fields = try await Self.formFields(request, texts: texts)
        var changes: [String: String] = [:]
        for (name, value) in fields where TrainingSettings.Key(rawValue: name) != nil {
            changes[name] =
                (name == TrainingSettings.Key.intervals.rawValue || name == TrainingSettings.Key.gapPositions.rawValue)
                    && changes[name] != nil
                ? changes[name]! + "," + value : value
        }
        // A checkbox left unchecked sends no field at all: every interval or gap position
        // unchecked, the wrong-answer sound switched off.
        if changes.count > 1 {
            for (key, unchecked) in [
                (TrainingSettings.Key.intervals, ""), (.gapPositions, ""), (.wrongAnswerSound, "false"),
            ]
            where changes[key.rawValue] == nil {
                changes[key.rawValue] = unchecked
            }
        }
        do {
            try SettingsController.checkLengths(changes, texts: texts)
            _ = try await history.updateSettings(changes)
            return Response.redirect(to: PageRoute.settings.path, type: .normal)
        } catch let error as SettingsError {
            return await settingsRefused(APIError(error, texts).message, texts: texts)
        } catch let error as APIError where error.status == .unprocessableContent {
            return await settingsRefused(error.message, texts: texts)
        }
    }

    /// The Settings page again with the reason a plain-form save was refused (422).
    private func settingsRefused(_ message: String, texts: Texts) async -> Response {
        Self.html(
            SettingsPage(texts: texts, settings: await history.settings, message: message, messageIsError: true)
                .render(), status: .unprocessableContent)
    }

    /// The CSV import form sent without scripts: all or nothing, then back to the Settings page
    /// with what was imported, or the page again with the reason (422). A replace that would
    /// delete stored records answers with the question what it deletes (ReplaceImportPage).
    @Sendable func importForm(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let body = try await request.body(
            accepting: ["multipart/form-data"], limit: Request.csvBodyLimit + Request.jsonBodyLimit, texts: texts)
        let form: MultipartForm
        do {
            form = try MultipartForm(body: body, contentType: request.headers[.contentType] ?? "")
        } catch {
            return await settingsRefused(texts.server.errorMalformedForm, texts: texts)
        }
        guard let file = form["file"], file.filename?.isEmpty == false || !file.data.isEmpty else {
            return await settingsRefused(texts.server.errorNoFileChosen, texts: texts)
        }
        let modeName = form["mode"].map { String(decoding: $0.data, as: UTF8.self) } ?? ImportMode.merge.rawValue
        guard let mode = ImportMode(rawValue: modeName) else {
            return await settingsRefused(texts.server.errorUnknownImportMode(modeName.shownInMessage), texts: texts)
        }
        do {
            return try await answer(importer.importCSV(CSVFile(parsing: file.data), mode: mode), texts: texts)
        } catch let error as CSVError {
            return await settingsRefused(texts.invalidCSV(error), texts: texts)
        }
    }

    /// The answer to "Replace all training data?": `token`, and `answer=replace` or `cancel`.
    @Sendable func confirmImportForm(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let fields = try await Self.formFields(request, texts: texts)
        let token = fields.first { $0.0 == "token" }?.1 ?? ""
        guard fields.contains(where: { $0 == ("answer", "replace") }) else {
            await importer.cancel(token)
            return Response.redirect(to: PageRoute.settings.path + "?import=cancelled", type: .normal)
        }
        return try await answer(importer.confirm(token), texts: texts)
    }

    private func answer(_ outcome: CSVImporter.Outcome, texts: Texts) async throws -> Response {
        switch outcome {
        case .imported(let summary):
            return Response.redirect(
                to: PageRoute.settings.path
                    + "?added=\(summary.added)&duplicates=\(summary.skippedDuplicates)",
                type: .normal)
        case .needsConfirmation(let token, let question, let changed):
            return Self.html(
                ReplaceImportPage(texts: texts, question: question, token: token, changedSinceAsked: changed).render(),
                status: changed ? .conflict : .ok)
        case .noLongerWaiting:
            return Self.html(
                SettingsPage(
                    texts: texts, settings: await history.settings, message: texts.noPendingImport,
                    messageIsError: true
                ).render(), status: .gone)
        }
    }

    /// The confirmed reset sent by the confirmation page.
    @Sendable func resetForm(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let fields = try await Self.formFields(request, texts: texts)
        guard fields.contains(where: { $0 == ("confirm", "true") }) else {
            return Response.redirect(to: PageRoute.settingsReset.path, type: .normal)
        }
        let deleted = try await history.deleteAllTrainingData()
        return Response.redirect(to: PageRoute.settings.path + "?deleted=\(deleted)", type: .normal)
    }

    /// The fields of an `application/x-www-form-urlencoded` body, in order.
    static func formFields(_ request: Request, texts: Texts) async throws -> [(String, String)] {
        let data = try await request.body(
            accepting: ["application/x-www-form-urlencoded"], limit: Request.jsonBodyLimit, texts: texts)
        return String(decoding: data, as: UTF8.self).split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ text: Substring?) -> String {
                guard let text else { return "" }
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return (decode(parts.first), decode(parts.count > 1 ? parts[1] : nil))
        }
    }
}

import Hummingbird
import Logging
import NIOCore
import NIOHTTP1
import PeachStore
import PeachViews

/// Turns every error into the form its client expects: the JSON error body under `/api/`, an
/// `ErrorPage` otherwise; an unexpected failure is logged and answered with a 500 that says
/// nothing was stored (never a stack trace), or a 507 when the disk is full.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = PeachRequestContext
    let localizer: Localizer

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            // A browser that posted a form (or followed a link) gets a page, not JSON.
            guard !RequestPath(request).isAPI else { throw error }
            let texts = await localizer.texts(for: request)
            return Self.page(.failed(texts, serverError: false, message: error.message), error.status, error.headers)
        } catch {
            let texts = await localizer.texts(for: request)
            let apiError: APIError
            switch error {
            case let error as HTTPError:
                apiError = Self.apiError(error.status, headers: error.headers, texts: texts)
            case is NIOTooManyBytesError:
                apiError = Self.apiError(.contentTooLarge, headers: [:], texts: texts)
            case let error as StoreError where error.isDiskFull:
                // Not the server's fault and not a bug: say what to do. The transaction was
                // rolled back, and the same request succeeds once there is space again.
                context.logger.error(
                    "Disk full: \(String(describing: error))", metadata: ["path": "\(request.uri.path)"])
                apiError = APIError.diskFull(texts)
            case let error as StoreError where error.isDatabaseDisplaced:
                // The file the server has open is not the one at its path any more: it serves on,
                // and stores nothing (docs/cli.md, "One server per file").
                context.logger.error("\(String(describing: error))", metadata: ["path": "\(request.uri.path)"])
                apiError = APIError.databaseDisplaced(error, texts)
            case is HTTPParserError:
                // The client's framing broke mid-request (a body shorter than its length, bad
                // chunks): its fault, and nothing was read, so nothing was stored.
                apiError = APIError(.badRequest, code: "malformedRequest", message: texts.server.errorMalformedRequest)
            default:
                context.logger.error(
                    "Request failed: \(String(describing: error))", metadata: ["path": "\(request.uri.path)"])
                apiError = Self.apiError(.internalServerError, headers: [:], texts: texts)
            }
            if RequestPath(request).isAPI { throw apiError }
            let page: ErrorPage =
                switch apiError.code {
                case "notFound": .notFound(texts)
                case "diskFull": ErrorPage(texts: texts, title: texts.server.diskFullTitle, message: apiError.message)
                default: .failed(texts, serverError: apiError.status.code >= 500, message: apiError.message)
                }
            return Self.page(page, apiError.status, apiError.headers)
        }
    }

    private static func page(_ page: ErrorPage, _ status: HTTPResponse.Status, _ headers: HTTPFields) -> Response {
        var response = PageController.html(page.render(), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }

    static func apiError(_ status: HTTPResponse.Status, headers: HTTPFields, texts: Texts) -> APIError {
        switch status {
        case .notFound: APIError(status, code: "notFound", message: texts.server.errorNotFound)
        case .methodNotAllowed:
            APIError(status, code: "methodNotAllowed", message: texts.server.errorMethodNotAllowed, headers: headers)
        case .contentTooLarge: APIError.bodyTooLarge(limit: Request.jsonBodyLimit, texts)
        case .badRequest: APIError.malformedJSON(texts)
        default: APIError(.internalServerError, code: "internalError", message: texts.server.errorInternal)
        }
    }
}

import Hummingbird
import Logging
import NIOCore

/// Turns every error that is not already an `APIError` into the form its client expects: the
/// JSON error body under `/api/`, a page otherwise; an unexpected failure is logged and answered
/// with a 500 that says nothing was stored (never a stack trace).
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = PeachRequestContext
    let localizer: Localizer

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            throw error
        } catch {
            let texts = await localizer.texts(for: request)
            let status: HTTPResponse.Status
            var headers: HTTPFields = [:]
            switch error {
            case let error as HTTPError:
                status = error.status
                headers = error.headers
            case is NIOTooManyBytesError: status = .contentTooLarge
            default:
                context.logger.error(
                    "Request failed: \(String(describing: error))", metadata: ["path": "\(request.uri.path)"])
                status = .internalServerError
            }
            if request.uri.path.hasPrefix("/api/") {
                throw Self.apiError(status, headers: headers, texts: texts)
            }
            switch status {
            case .notFound: return PageController.html(NotFoundPage(texts: texts).render(), status: .notFound)
            case .methodNotAllowed:
                var response = PageController.html(texts.errorMethodNotAllowed, status: status)
                response.headers.append(contentsOf: headers)
                return response
            case .internalServerError: return PageController.html(texts.errorInternal, status: status)
            default: throw error
            }
        }
    }

    static func apiError(_ status: HTTPResponse.Status, headers: HTTPFields, texts: Texts) -> APIError {
        switch status {
        case .notFound: APIError(status, code: "notFound", message: texts.errorNotFound)
        case .methodNotAllowed:
            APIError(status, code: "methodNotAllowed", message: texts.errorMethodNotAllowed, headers: headers)
        case .contentTooLarge: APIError.bodyTooLarge(limit: Request.jsonBodyLimit, texts)
        case .badRequest: APIError.malformedJSON(texts)
        default: APIError(.internalServerError, code: "internalError", message: texts.errorInternal)
        }
    }
}

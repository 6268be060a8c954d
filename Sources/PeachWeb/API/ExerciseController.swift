import Foundation
import Hummingbird
import PeachCore
import PeachViews

/// `GET /api/exercises/next?mode=…` and `POST /api/exercises/{id}/answer` (docs/api.md).
struct ExerciseController: Sendable {
    let training: TrainingService
    let localizer: Localizer

    func addRoutes(to group: RouterGroup<PeachRequestContext>) {
        group.get("next", use: next)
        group.post(":id/answer", use: answer)
    }

    /// The body of an answer: `{"answer": "higher"|"lower"}` or `{"sliderValue": v}`.
    /// Any other key is a 400.
    struct AnswerBody: Decodable {
        var answer: String?
        var sliderValue: Double?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case answer, sliderValue
        }

        init(from decoder: any Decoder) throws {
            try StrictDecoding.refuseUnknownKeys(decoder, allowed: CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            answer = try container.decodeIfPresent(String.self, forKey: .answer)
            sliderValue = try container.decodeIfPresent(Double.self, forKey: .sliderValue)
        }
    }

    @Sendable func next(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let name = request.uri.queryParameters.get("mode") ?? ""
        guard let mode = TrainingMode(rawValue: name) else { throw APIError.unknownMode(name, texts) }
        let exercise = try await training.nextExercise(mode: mode, client: context.client)
        return try JSONResponse.make(["exercise": ExercisePayload(exercise, texts: texts)])
    }

    @Sendable func answer(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let body = try await request.decodeJSON(AnswerBody.self, texts: texts)
        let answer: Answer
        switch (body.answer, body.sliderValue) {
        case ("higher", nil): answer = .higher
        case ("lower", nil): answer = .lower
        case (nil, let value?): answer = .slider(value)
        case (_?, nil): throw APIError.malformedField("answer", texts)
        default: throw APIError(.badRequest, code: "malformedBody", message: texts.errorAnswerMissing)
        }
        let idText = context.parameters.get("id") ?? ""
        guard let id = UUID(uuidString: idText) else {
            throw APIError(
                .notFound, code: "unknownExercise", message: texts.errorUnknownExercise(APIError.shown(idText)))
        }
        do {
            let reply = try await training.answer(id: id, with: answer, client: context.client)
            return try JSONResponse.make(
                Reply(
                    feedback: FeedbackPayload(reply.feedback, texts: texts),
                    next: ExercisePayload(reply.next, texts: texts)))
        } catch let error as TrainingError {
            throw APIError(error, texts)
        }
    }

    struct Reply: Encodable {
        let feedback: FeedbackPayload
        let next: ExercisePayload
    }
}

import Foundation

/// The replies to recently answered exercises, so that a retried answer gets the identical
/// reply (the same next exercise too). Bounded: the oldest reply is forgotten first; after that
/// a retry is recognised through the database.
/// - Complexity: O(1) amortised.
struct AnsweredExercises: Sendable {
    let capacity: Int
    private var replies: [UUID: (answer: Answer, reply: AnswerReply, client: String)] = [:]
    private var order: [UUID] = []
    private var start = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
    }

    subscript(id: UUID) -> (answer: Answer, reply: AnswerReply, client: String)? {
        replies[id]
    }

    mutating func insert(id: UUID, answer: Answer, reply: AnswerReply, client: String) {
        replies[id] = (answer, reply, client)
        order.append(id)
        if order.count - start > capacity {
            replies[order[start]] = nil
            start += 1
            if start > capacity {
                order.removeFirst(start)
                start = 0
            }
        }
    }

    mutating func removeAll() {
        replies.removeAll()
        order.removeAll()
        start = 0
    }
}

import Foundation
import Generation
import IntentKit
import Routing

/// The model rung of `CaptureThought`: up to three extra tags. The deterministic tags always stay;
/// a suggested tag must be a short lowercase word (rule `tag-shape`).
struct TagSuggestion {
    let text: String
    let deterministic: [String]

    static let instructions = """
        Suggest up to three short, lowercase, one-word tags that classify the note (for example: work, \
        home, finance, health, travel, family). Reply with JSON only.
        """

    func request() -> LadderRequest<[String]> {
        let schema = ResponseSchema(name: "thought_tags", schema: .object([
            .init("tags", .array(of: .string(minLength: 2, maxLength: 24, pattern: "^[a-z][a-z0-9-]*$"), maxItems: 3)),
        ]))
        let envelope = EvidenceEnvelope(prompt: Self.instructions, chunks: [EvidenceChunk(id: "thought", title: "note", text: text)])
        return LadderRequest(need: .improvable, messages: [.system(Self.instructions), .user(text)], schema: schema,
                             temperature: 0, maxTokens: ReplyTokens.tagSuggestion, envelope: envelope, deterministic: deterministic,
                             intent: "CaptureThought") { reply in
            let suggested = reply.json?["tags"]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard suggested.allSatisfy({ $0.count <= 24 && $0 == $0.lowercased() && !$0.contains(" ") }) else {
                throw LadderRejection(rule: "tag-shape")
            }
            return deterministic + suggested.filter { !deterministic.contains($0) }
        }
    }
}

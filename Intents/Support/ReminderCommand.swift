import Foundation
import Generation
import IntentKit
import Routing

/// Routes a free-text command ("remind me to call Mira friday at 5") into a title and a due date.
/// The deterministic rung strips the lead-in and takes the date phrase the parser finds; a model
/// rung (temperature 0) may do better, but its answer is checked: the title must come from the
/// command's words and the due phrase must occur in the command and resolve with the parser.
struct ReminderCommand {
    struct Parsed: Sendable, Equatable {
        var title: String
        var due: IntentDate?
    }

    let text: String
    let context: RunContext

    static let leadIns = ["remind me to ", "remind me ", "remember to ", "don't forget to ", "dont forget to ", "todo: ", "todo "]

    static let instructions = """
        Turn the reminder command into a short title and the due-date phrase exactly as written in the \
        command (or null when it names no date). Do not add words that are not in the command.
        """

    func deterministic() -> Parsed {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let lead = Self.leadIns.first(where: { body.lowercased().hasPrefix($0) }) { body = String(body.dropFirst(lead.count)) }
        let found = context.dates.find(in: body, now: context.now, timeZone: context.timeZone)
        return Parsed(title: BriefTasks.cleanTitle(body, removing: found?.range), due: found?.date)
    }

    func request() -> LadderRequest<Parsed> {
        let schema = ResponseSchema(name: "reminder_command", schema: .object([
            .init("title", .string(minLength: 1, maxLength: 200)),
            .init("due", .nullable(.string(maxLength: 80))),
        ]))
        let envelope = EvidenceEnvelope(prompt: Self.instructions, chunks: [EvidenceChunk(id: "command", title: "command", text: text)])
        return LadderRequest(need: .improvable, messages: [.system(Self.instructions), .user(text)], schema: schema,
                             temperature: 0, maxTokens: 96, envelope: envelope, deterministic: deterministic(),
                             intent: "CreateReminder", allowsEmbedded: true) { reply in try check(reply.json) }
    }

    /// Rule ids: `command-not-json`, `title-not-from-command`, `due-not-in-command`, `due-invalid`.
    func check(_ json: JSONValue?) throws -> Parsed {
        guard let title = json?["title"]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else {
            throw LadderRejection(rule: "command-not-json")
        }
        let commandWords = BriefTasks.words(text)
        guard BriefTasks.words(title).isSubset(of: commandWords) else { throw LadderRejection(rule: "title-not-from-command") }
        var due: IntentDate?
        if let phrase = json?["due"]?.stringValue, !phrase.isEmpty {
            guard text.lowercased().contains(phrase.lowercased()) else { throw LadderRejection(rule: "due-not-in-command") }
            guard let resolved = try? context.dates.resolve(phrase, now: context.now, timeZone: context.timeZone) else {
                throw LadderRejection(rule: "due-invalid")
            }
            due = resolved
        }
        return Parsed(title: title, due: due)
    }
}

import Foundation
import Generation
import IntentKit
import Routing

/// Routes a free-text command ("remind me to call Mira friday at 5") into a title and a due date.
/// The deterministic rung removes the date phrases the parser finds (with their lead-in words)
/// and the request frame around the task (`ReminderTitle`). A model rung may only choose: its
/// reply is constrained per command (`ReminderCommand+Grammar.swift`) to a span of the command's
/// own words and one of the parser's date phrases, and then checked by the rules in
/// `ReminderCommand+Rules.swift`.
struct ReminderCommand {
    struct Parsed: Sendable, Equatable {
        var title: String
        var due: IntentDate?
    }

    let text: String
    let context: RunContext
    let parts: ReminderCommandParts

    init(text: String, context: RunContext) {
        self.text = text
        self.context = context
        let dates = context.dates, now = context.now, zone = context.timeZone
        parts = ReminderCommandParts(text: text, find: { dates.find(in: $0, now: now, timeZone: zone) },
                                     resolve: { try? dates.resolve($0, now: now, timeZone: zone) })
    }

    static let instructions = """
        Turn the reminder command into a short title and its due-date phrase. The title is the task \
        in the command's own words, without the request ("remind me to") and without the date. The due \
        phrase is copied from the command, or null when it names no date.
        """

    /// The task words the parser's rules leave.
    var deterministicTask: [ReminderCommandParts.Word] { ReminderTitle.task(parts.remainder) }

    func deterministic() -> Parsed {
        Parsed(title: ReminderTitle.text(deterministicTask), due: parts.dates.first?.date)
    }

    func request() -> LadderRequest<Parsed> {
        let envelope = EvidenceEnvelope(prompt: Self.instructions, chunks: [EvidenceChunk(id: "command", title: "command", text: text)])
        return LadderRequest(need: .improvable, messages: [.system(Self.instructions), .user(text)], schema: grammar(),
                             temperature: 0, maxTokens: 96, envelope: envelope, deterministic: deterministic(),
                             intent: "CreateReminder", allowsEmbedded: true) { reply in try check(reply.json) }
    }
}

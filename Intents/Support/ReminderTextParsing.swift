import Foundation
import IntentKit
import Routing

/// What `CreateReminder --text` makes of a command, for `intent eval commands`.
public struct ReminderTextAnswer: Sendable {
    public var title: String
    public var due: IntentDate?
    /// The rung that answered: `deterministic`, `local` or `cloud`.
    public var rung: String
    /// The route's reason codes, then its fallback reason (`localRejected:<rule>`…), content-free.
    public var reasons: [String]
}

/// The free-text rung of CreateReminder, callable on its own.
public enum ReminderTextParsing {
    /// The parser's answer alone.
    public static func deterministic(_ text: String, in context: RunContext) -> ReminderTextAnswer {
        let parsed = ReminderCommand(text: text, context: context).deterministic()
        return ReminderTextAnswer(title: parsed.title, due: parsed.due, rung: "deterministic", reasons: [])
    }

    /// The answer through `context.ladder`, as `CreateReminder --text` gets it.
    public static func ladder(_ text: String, in context: RunContext) async throws -> ReminderTextAnswer {
        let outcome = try await context.ladder.run(ReminderCommand(text: text, context: context).request(), in: context)
        return ReminderTextAnswer(title: outcome.value.title, due: outcome.value.due, rung: outcome.route.completed.rawValue,
                                  reasons: outcome.route.reasons + [outcome.route.fallbackReason].compactMap { $0 })
    }
}

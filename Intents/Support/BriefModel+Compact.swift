import Foundation
import Generation
import IntentKit
import Routing

/// The compact form of the brief's model request, for models that declare `compactRequests`
/// (local models, on the CPU within the run's 26 s model budget). The facts are a short list of
/// sentences rendered from the deterministic brief; the model writes a headline and *chooses*
/// 3–5 key points from that list (a string `enum`, so a grammar-constrained reply is grounded by
/// construction and short), and may suggest up to three tasks citing a source id. Without task
/// sources there is no `tasks` property at all (no task could be grounded). The reply cap is
/// the longest reply the schema admits, so the grammar finishes before the cap.
extension BriefModel {
    /// The numbers of the compact form.
    enum Compact {
        static let headlineLimit = 80
        static let factLimit = 90
        static let maxFactLines = 12
        static let maxTasks = 3
        static let taskTitleLimit = 60
    }

    static let compactInstructions = """
        Write a short morning brief from the facts, using only them. headline: one line about the day. \
        key_points: the 3 to 5 facts that matter most, most important first, copied exactly.
        """

    /// The key-point choices: the deterministic brief's points, then one line per event,
    /// reminder and thought (cut to `Compact.factLimit` characters), without repeats.
    var compactFacts: [String] {
        var lines = deterministic.keyPoints
        lines += deterministic.events.map { event in
            event.allDay ? "All day: \(event.title)" : "\(event.title) at \(event.start.dropFirst(11).prefix(5))"
        }
        lines += deterministic.reminders.map { "\($0.overdue ? "Overdue" : "Due"): \($0.title)" }
        lines += deterministic.thoughts.map { "Thought: \($0.text)" }
        var seen = Set<String>()
        return lines.map { Self.cut($0.replacingOccurrences(of: "\n", with: " "), to: Compact.factLimit) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
            .prefix(max(Compact.maxFactLines, deterministic.keyPoints.count)).map { $0 }
    }

    /// Sources a suggested task may cite: events and thoughts (a reminder is already a task).
    var taskSources: [String] { sources.filter { !$0.hasPrefix("reminder:") } }

    var compactSchema: ResponseSchema {
        let facts = compactFacts
        var properties: [JSONSchema.Property] = [
            .init("headline", .string(minLength: 1, maxLength: Compact.headlineLimit)),
            .init("key_points", .array(of: .string(enum: facts), minItems: min(3, facts.count),
                                        maxItems: min(5, max(3, facts.count)))),
        ]
        if !taskSources.isEmpty {
            let task = JSONSchema.object([
                .init("title", .string(minLength: 1, maxLength: Compact.taskTitleLimit)),
                .init("source", .string(enum: taskSources)),
            ])
            properties.append(.init("tasks", .array(of: task, maxItems: Compact.maxTasks)))
        }
        return ResponseSchema(name: "daily_brief", schema: .object(properties))
    }

    var compactForm: CompactForm {
        let schema = compactSchema
        var user = "Facts for \(deterministic.date):\n" + compactFacts.map { "- \($0)" }.joined(separator: "\n")
        if !taskSources.isEmpty {
            user += "\nTask sources:\n" + envelope.chunks.filter { taskSources.contains($0.id) }
                .map { "- \($0.id): \(Self.cut($0.text, to: Compact.factLimit))" }.joined(separator: "\n")
        }
        let instructions = Self.compactInstructions
            + (taskSources.isEmpty ? "" : " tasks: up to \(Compact.maxTasks) things to do, each naming its source.")
        return CompactForm(messages: [.system(instructions), .user(user)], schema: schema,
                           maxTokens: CompactForm.replyTokens(for: schema.schema) ?? Self.maxReplyTokens, temperature: 0)
    }

    static func cut(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit)).trimmingCharacters(in: .whitespaces)
    }
}

import Foundation
import Generation
import IntentKit

/// The per-command grammar of a model's answer: the model may only choose, never invent.
///
/// - `title` is a string enum of the contiguous word spans of the command's remainder (its
///   words in order, minus every date phrase the parser found with its lead-in words; a span may
///   run across the place where a date phrase was). Contiguous, not any in-order subsequence:
///   skipping words inside a task changes its meaning ("call mom" from "call the vet about
///   mom"), and the enum stays small. Spans then lose their request frame by the deterministic
///   rules, so choosing "remind me to call mom" gives "Call mom".
/// - `due` is one of the date phrases the parser found, or null (no `due` key when it found none).
///
/// The in-process model decodes under this schema (string enums are byte-level constraints of
/// the guided-JSON automaton); a server receives it as `response_format`, and the rules check
/// its reply either way.
extension ReminderCommand {
    /// At most this many words take part in spans; longer remainders offer only spans that start
    /// in the first `longSpanStarts` words (a title starts near the start of its command).
    static let maxSpanWords = 24
    static let longSpanStarts = 4

    /// The offered title spans, in order of their start, then length.
    var titleSpans: [String] {
        let words = parts.remainder.map(\.text)
        guard !words.isEmpty else { return [] }
        let starts = words.count <= Self.maxSpanWords ? words.count : Self.longSpanStarts
        var out: [String] = []
        var seen: Set<String> = []
        for i in 0..<starts {
            for j in (i + 1)...words.count {
                let span = words[i..<j].joined(separator: " ")
                if seen.insert(span).inserted { out.append(span) }
            }
        }
        return out
    }

    var duePhrases: [String] { parts.dates.map(\.text) }

    func grammar() -> ResponseSchema {
        var properties: [JSONSchema.Property] = [.init("title", .string(enum: titleSpans.isEmpty ? [text] : titleSpans))]
        if !duePhrases.isEmpty { properties.append(.init("due", .nullable(.string(enum: duePhrases)))) }
        return ResponseSchema(name: "reminder_command", schema: .object(properties))
    }
}

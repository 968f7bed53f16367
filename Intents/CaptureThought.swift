import DueDate
import Foundation
import Routing
import IntentKit
import Store

/// Saves a thought with tags and an optional due hint. Capturing is the user's own act, so it
/// needs no confirmation (only `--dry-run` stops it).
public struct CaptureThought: Intent {
    public static let description = IntentDescription(
        name: "CaptureThought",
        summary: "Save a thought or note, tagged, with a due hint when the text names a date.",
        discussion: "Tags come from #hashtags in the text, --tag values and a few keyword rules "
            + "(call, email, buy, pay, meeting, idea, read). A date phrase in the text "
            + "(\"tomorrow 5pm\", \"next friday\") becomes the due hint.",
        sideEffect: .writesLocal,
        phrases: ["note that …", "remember …", "jot down …"],
        examples: ["\"call the plumber tomorrow #home\"", "\"idea: weekly review\" --tag work --json"])

    @Parameter("text", description: "The thought to save", primary: true)
    var text: String

    @Parameter("tag", description: "Extra tags (repeatable)")
    var tag: [String]

    public init() {}

    public func validate() throws {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw IntentError.invalidValue(parameter: "text", reason: "the thought is empty")
        }
        if text.utf8.count > Limits.maxThoughtBytes {
            throw IntentError.invalidValue(parameter: "text", reason: "longer than \(Limits.maxThoughtBytes) bytes")
        }
    }

    public func perform(in context: RunContext) async throws -> IntentResult<ThoughtValue> {
        try await context.store.ensureConfigured()
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let tagging = try await context.ladder.run(
            TagSuggestion(text: body, deterministic: ThoughtTagger.tags(for: body, extra: tag)).request(), in: context)
        let tags = tagging.value
        if let problem = (context.dates as? DueDateResolver)?.impossibleDate(in: body, now: context.now, timeZone: context.timeZone) {
            throw IntentError.invalidValue(parameter: "text", reason: problem)
        }
        let due = context.dates.find(in: body, now: context.now, timeZone: context.timeZone)?.date
        let value = ThoughtValue(id: context.ids.make("th"), text: body, tags: tags, due: due?.iso,
                                 createdAt: StoreTime.string(context.now))
        try context.confirmWrite(WritePreview(lines: value.previewLines, value: try value.jsonValue()),
                                 requireConfirmation: false)
        try context.store.insertThought(ThoughtRecord(id: value.id, text: value.text, tags: value.tags,
                                                      due: value.due, createdAt: value.createdAt,
                                                      runID: context.runID),
                                         deferredTo: context.runWrites)
        let tagNote = tags.isEmpty ? "" : " tagged \(tags.map { "#\($0)" }.joined(separator: " "))"
        let dueNote = due.map { ", due \(Self.describe($0, zone: context.timeZone))" } ?? ""
        return IntentResult(value: value, dialog: "Saved thought\(tagNote)\(dueNote).", route: tagging.route,
                            receiptID: tagging.receiptID)
    }
}

extension CaptureThought {
    /// "Wed 2 Dec 2026" for a day, "Wed 2 Dec 2026 17:00 (+05:30)" for a time, in the run's zone.
    static func describe(_ date: IntentDate, zone: TimeZone) -> String {
        guard date.hasTime else { return TimeText.human(date.start, in: zone, time: false) }
        return TimeText.human(date.start, in: zone) + " (" + TimeText.offset(zone.secondsFromGMT(for: date.start)) + ")"
    }
}

/// The result of `CaptureThought`.
public struct ThoughtValue: IntentValue, Equatable {
    public var id: String
    public var text: String
    public var tags: [String]
    public var due: String?
    public var createdAt: String

    enum CodingKeys: String, CodingKey { case id, text, tags, due, createdAt = "created_at" }

    public static var schema: JSONSchema {
        .object([
            .init("id", .string().described("Stable id of the thought")),
            .init("text", .string()),
            .init("tags", .array(of: .string())),
            .init("due", .nullable(.string().described("YYYY-MM-DD, or ISO-8601 with offset when a time is known"))),
            .init("created_at", .string(format: "date-time")),
        ])
    }

    var previewLines: [String] {
        ["Thought: \(text)", "Tags: \(tags.isEmpty ? "—" : tags.joined(separator: ", "))", "Due: \(due ?? "—")"]
    }
}

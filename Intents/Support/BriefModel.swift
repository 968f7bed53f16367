import Foundation
import Generation
import IntentKit
import Routing
import Store

/// The model rung of `DailyBrief`: the model sees the deterministic brief's facts and may only
/// rephrase them. A reconciler with stable rule ids keeps tasks grounded in a known source with
/// calendar-valid dates; anything else and the deterministic brief stands.
struct BriefModel {
    let facts: BriefFacts
    let deterministic: DailyBriefValue
    let dates: any DatePhraseResolver

    static let instructions = """
        You write a short morning brief from the facts below, for the person they belong to. Use only \
        these facts; do not invent events, people or dates. Give a headline of at most \(BriefRules.headlineLimit) \
        characters, 3 to 5 key points, and at most \(BriefRules.maxTasks) suggested tasks. Each task must name \
        the source id of the fact it comes from, and its due date must be YYYY-MM-DD or ISO-8601 with \
        offset, or null.
        """

    /// The facts as evidence chunks: one per event, reminder and thought, plus the draft brief.
    var envelope: EvidenceEnvelope {
        var chunks: [EvidenceChunk] = deterministic.events.map {
            EvidenceChunk(id: "event:\($0.uid)@\($0.start.prefix(10))", title: "event",
                          text: "\($0.title), \($0.allDay ? "all day \($0.start)" : "\($0.start) to \($0.end)")")
        }
        chunks += deterministic.reminders.map {
            EvidenceChunk(id: "reminder:\($0.id)", title: $0.overdue ? "overdue reminder" : "reminder",
                          text: "\($0.title)\($0.due.map { ", due \($0)" } ?? "")")
        }
        chunks += deterministic.thoughts.map {
            EvidenceChunk(id: "thought:\($0.id)", title: "thought", text: "\($0.text)\($0.due.map { " (due \($0))" } ?? "")")
        }
        let draft = "Draft: \(deterministic.headline)\n" + deterministic.keyPoints.map { "- \($0)" }.joined(separator: "\n")
        chunks.append(EvidenceChunk(id: "draft", title: "draft brief for \(deterministic.date)", text: draft))
        return EvidenceEnvelope(prompt: Self.instructions, chunks: chunks)
    }

    var sources: [String] {
        envelope.chunks.map(\.id).filter { $0.hasPrefix("event:") || $0.hasPrefix("thought:") || $0.hasPrefix("reminder:") }
    }

    var schema: ResponseSchema {
        let task = JSONSchema.object([
            .init("title", .string(minLength: 1, maxLength: 160)),
            .init("due", .nullable(.string(maxLength: 40))),
            .init("source", sources.isEmpty ? .string(maxLength: 200) : .string(enum: sources)),
        ])
        return ResponseSchema(name: "daily_brief", schema: .object([
            .init("headline", .string(minLength: 1, maxLength: BriefRules.headlineLimit)),
            .init("key_points", .array(of: .string(minLength: 1, maxLength: 240), minItems: 3, maxItems: 5)),
            .init("tasks", .array(of: task, maxItems: BriefRules.maxTasks)),
        ]))
    }

    func request() -> LadderRequest<DailyBriefValue> {
        let envelope = self.envelope
        return LadderRequest(need: .improvable,
                             messages: [.system(Self.instructions), .user(envelope.contextText)],
                             schema: schema, temperature: 0.2, maxTokens: Self.maxReplyTokens, envelope: envelope,
                             deterministic: deterministic, intent: "DailyBrief", compact: compactForm) { reply in
            try reconcile(reply.json, compact: reply.compact)
        }
    }

    /// The reply cap of the full form.
    static let maxReplyTokens = 320

    /// True when every time (`09:30`), number and `#tag` in `text` also occurs in the facts.
    static func grounded(_ text: String, in facts: String) -> Bool {
        let tokens = text.split { $0.isWhitespace || ",;()".contains($0) }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".!?:")) }
            .filter { $0.hasPrefix("#") || $0.contains(where: \.isNumber) }
        return tokens.allSatisfy { token in
            facts.contains(token) || (token.count <= 2 && Int(token) != nil)
        }
    }

    /// Rule ids: `brief-not-json`, `headline-empty`, `key-points-count`, `point-not-grounded` (a
    /// time, date, number or #tag that is not in the facts; repeated points count once); per task
    /// `task-not-grounded`, `task-date-invalid`, `task-duplicates-reminder` drop that task.
    /// A `compact` reply chose its points from `compactFacts`; when it chose fewer than three
    /// distinct ones, the deterministic points fill up in their order.
    func reconcile(_ json: JSONValue?, compact: Bool = false) throws -> DailyBriefValue {
        guard let json, let headline = json["headline"]?.stringValue,
              let replied = json["key_points"]?.arrayValue?.compactMap(\.stringValue) else {
            throw LadderRejection(rule: "brief-not-json")
        }
        let cleanHeadline = headline.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !cleanHeadline.isEmpty, cleanHeadline.count <= BriefRules.headlineLimit else { throw LadderRejection(rule: "headline-empty") }
        var seen = Set<String>()
        var points = replied.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty && seen.insert($0).inserted }
        if compact, !points.isEmpty, points.count < 3 {
            points += deterministic.keyPoints.filter { seen.insert($0).inserted }.prefix(3 - points.count)
        }
        guard (3...5).contains(points.count) else { throw LadderRejection(rule: "key-points-count") }
        // The compact form's fact lines are deterministic renderings of the same facts.
        let factText = (envelope.chunks.map(\.text) + compactFacts).joined(separator: "\n")
        for text in [cleanHeadline] + points where !Self.grounded(text, in: factText) {
            throw LadderRejection(rule: "point-not-grounded")
        }
        let known = Set(sources)
        let reminderWords = facts.openReminders.map { BriefTasks.words($0.title) }
        var tasks: [DailyBriefValue.Task] = []
        for item in json["tasks"]?.arrayValue ?? [] {
            guard let title = item["title"]?.stringValue?.trimmingCharacters(in: .whitespaces), !title.isEmpty,
                  let source = item["source"]?.stringValue, known.contains(source), !source.hasPrefix("reminder:") else { continue }
            var due: String?
            if let text = item["due"]?.stringValue {
                guard let resolved = try? dates.resolve(text, now: facts.now, timeZone: facts.timeZone),
                      text.first?.isNumber == true else { continue }
                due = resolved.iso
            }
            let words = BriefTasks.words(title)
            if reminderWords.contains(where: { BriefTasks.similar($0, words) }) { continue }
            tasks.append(.init(id: StableHash.id("task", source + "|" + words.sorted().joined(separator: " ")),
                               title: title, due: due, source: source))
        }
        var value = deterministic
        value.headline = cleanHeadline
        value.keyPoints = points
        value.tasks = tasks.isEmpty ? deterministic.tasks : Array(tasks.prefix(BriefRules.maxTasks))
        return value
    }
}

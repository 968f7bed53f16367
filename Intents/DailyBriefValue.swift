import IntentKit

/// The result of `DailyBrief` (DESIGN §10).
public struct DailyBriefValue: IntentValue, Equatable {
    public struct Task: Codable, Sendable, Equatable {
        /// Stable hash of the source and the normalised title.
        public var id: String
        public var title: String
        /// `YYYY-MM-DD` or ISO-8601 with offset.
        public var due: String?
        /// Where it came from: `thought:<id>`, `event:<uid>@<date>`.
        public var source: String
    }

    public struct Reminder: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var due: String?
        public var list: String
        public var overdue: Bool
    }

    public struct Thought: Codable, Sendable, Equatable {
        public var id: String
        public var text: String
        public var tags: [String]
        public var due: String?
    }

    /// `YYYY-MM-DD`
    public var date: String
    /// At most `BriefRules.headlineLimit` (119) characters.
    public var headline: String
    /// 3 to 5 points.
    public var keyPoints: [String]
    /// At most 5, none duplicating an open reminder.
    public var tasks: [Task]
    public var events: [EventListValue.Event]
    public var reminders: [Reminder]
    public var thoughts: [Thought]
    /// Registered calendars that were skipped (missing, unreadable), one sentence each.
    public var warnings: [String] = []

    enum CodingKeys: String, CodingKey {
        case date, headline, tasks, events, reminders, thoughts, warnings
        case keyPoints = "key_points"
    }

    public init(date: String, headline: String, keyPoints: [String], tasks: [Task], events: [EventListValue.Event],
                reminders: [Reminder], thoughts: [Thought], warnings: [String] = []) {
        self.date = date; self.headline = headline; self.keyPoints = keyPoints; self.tasks = tasks
        self.events = events; self.reminders = reminders; self.thoughts = thoughts; self.warnings = warnings
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(date: try c.decode(String.self, forKey: .date), headline: try c.decode(String.self, forKey: .headline),
                  keyPoints: try c.decode([String].self, forKey: .keyPoints), tasks: try c.decode([Task].self, forKey: .tasks),
                  events: try c.decode([EventListValue.Event].self, forKey: .events),
                  reminders: try c.decode([Reminder].self, forKey: .reminders),
                  thoughts: try c.decode([Thought].self, forKey: .thoughts),
                  warnings: try c.decodeIfPresent([String].self, forKey: .warnings) ?? [])
    }

    static var taskSchema: JSONSchema {
        .object([
            .init("id", .string()), .init("title", .string()),
            .init("due", .nullable(.string().described("YYYY-MM-DD or ISO-8601 with offset"))),
            .init("source", .string().described("thought:<id> or event:<uid>@<date>")),
        ])
    }

    public static var schema: JSONSchema {
        .object([
            .init("date", .string(format: "date")),
            .init("headline", .string(maxLength: BriefRules.headlineLimit)),
            .init("key_points", .array(of: .string(), minItems: 3, maxItems: 5)),
            .init("tasks", .array(of: taskSchema, maxItems: 5)),
            .init("events", .array(of: EventListValue.eventSchema)),
            .init("reminders", .array(of: .object([
                .init("id", .string()), .init("title", .string()), .init("due", .nullable(.string())), .init("list", .string()),
                .init("overdue", .boolean),
            ]))),
            .init("thoughts", .array(of: .object([
                .init("id", .string()), .init("text", .string()), .init("tags", .array(of: .string())), .init("due", .nullable(.string())),
            ]))),
            .init("warnings", .array(of: .string().described("a registered calendar that was skipped, and why"))),
        ])
    }
}

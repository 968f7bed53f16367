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

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(title, forKey: .title)
            try c.encode(due, forKey: .due)
            try c.encode(source, forKey: .source)
        }
    }

    public struct Reminder: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var due: String?
        public var list: String
        public var overdue: Bool

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(title, forKey: .title)
            try c.encode(due, forKey: .due)
            try c.encode(list, forKey: .list)
            try c.encode(overdue, forKey: .overdue)
        }
    }

    public struct Thought: Codable, Sendable, Equatable {
        public var id: String
        public var text: String
        public var tags: [String]
        public var due: String?

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(text, forKey: .text)
            try c.encode(tags, forKey: .tags)
            try c.encode(due, forKey: .due)
        }
    }

    /// `YYYY-MM-DD`
    public var date: String
    /// Under 120 characters.
    public var headline: String
    /// 3 to 5 points.
    public var keyPoints: [String]
    /// At most 5, none duplicating an open reminder.
    public var tasks: [Task]
    public var events: [EventListValue.Event]
    public var reminders: [Reminder]
    public var thoughts: [Thought]

    enum CodingKeys: String, CodingKey {
        case date, headline, tasks, events, reminders, thoughts
        case keyPoints = "key_points"
    }

    static var taskSchema: JSONSchema {
        .object(properties: [
            ("id", .string()), ("title", .string()),
            ("due", .nullable(.string(description: "YYYY-MM-DD or ISO-8601 with offset"))),
            ("source", .string(description: "thought:<id> or event:<uid>@<date>")),
        ], required: ["id", "title", "due", "source"])
    }

    public static var schema: JSONSchema {
        .object(properties: [
            ("date", .string(format: "date")),
            ("headline", .string(maxLength: 120)),
            ("key_points", .array(of: .string(), minItems: 3, maxItems: 5)),
            ("tasks", .array(of: taskSchema, maxItems: 5)),
            ("events", .array(of: EventListValue.eventSchema)),
            ("reminders", .array(of: .object(properties: [
                ("id", .string()), ("title", .string()), ("due", .nullable(.string())), ("list", .string()),
                ("overdue", .boolean()),
            ], required: ["id", "title", "due", "list", "overdue"]))),
            ("thoughts", .array(of: .object(properties: [
                ("id", .string()), ("text", .string()), ("tags", .array(of: .string())), ("due", .nullable(.string())),
            ], required: ["id", "text", "tags", "due"]))),
        ], required: ["date", "headline", "key_points", "tasks", "events", "reminders", "thoughts"])
    }
}

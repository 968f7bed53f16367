import Foundation
import IntentKit
import Routing

/// The reconciler rules for a model's answer to a free-text command. Each rejection names its
/// rule id (in the receipt and `route.reasons`); the ladder then answers deterministically.
///
/// | id | the answer is refused when |
/// |---|---|
/// | `command-not-json` | there is no non-empty `title` string |
/// | `title-not-a-span` | the title is not a contiguous span of the command's words (date phrases removed) |
/// | `title-is-date` | the title resolves as a date and has no word that is not about dates ("The 1st", "2026-12-20", "every friday") |
/// | `title-has-date-words` | a word of the title is a date word (weekday, month, today, tomorrow, 5pm, 1st, 2026-12-20…) or the parser finds a date in it |
/// | `title-drops-action` | the title lacks the command's action: the first word of the parser's task (its verb) or, when it has one, its first content word after that (its object) |
/// | `title-keeps-request-words` | the title starts before the parser's task, with words the parser dropped as the request ("me to set the meat out" for "remind me to set the meat out") |
/// | `due-not-offered` | `due` is not one of the date phrases the parser found |
extension ReminderCommand {
    static let function: Set<String> = ["a", "an", "the", "my", "our", "your", "his", "her", "their", "to", "for", "of", "up", "out", "in", "on", "at", "with", "and", "some", "this", "that", "it"]
    static let dateWords: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri",
        "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
        "january", "february", "april", "june", "july", "august", "september", "october", "november", "december",
        "jan", "feb", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "today", "tonight", "tomorrow", "tomorrows", "tomorrow's", "tmrw", "tommorow", "yesterday", "noon", "midnight", "weekend", "am", "pm",
        "eod", "eom", "eow",
    ]
    static let dateFillers: Set<String> = ["every", "each", "next", "last", "day", "week", "month", "year", "morning", "afternoon", "evening", "night",
                                           "of", "end", "start", "after", "before", "by", "due", "o'clock", "march", "may"]

    func check(_ json: JSONValue?) throws -> Parsed {
        guard let raw = json?["title"]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else {
            throw LadderRejection(rule: "command-not-json")
        }
        guard let span = spanWords(raw) else { throw LadderRejection(rule: "title-not-a-span") }
        let task = ReminderTitle.task(span)
        guard !task.isEmpty else { throw LadderRejection(rule: "title-drops-action") }
        try checkDates(task)
        try checkAction(task)
        var due: IntentDate?
        if let phrase = json?["due"]?.stringValue, !phrase.isEmpty {
            guard let offered = parts.dates.first(where: { $0.text.lowercased() == phrase.lowercased() }) else {
                throw LadderRejection(rule: "due-not-offered")
            }
            due = offered.date
        }
        return Parsed(title: ReminderTitle.text(task), due: due)
    }

    /// The remainder's words that spell `title`, when it is a contiguous span of them.
    func spanWords(_ title: String) -> [ReminderCommandParts.Word]? {
        let keys = title.split(whereSeparator: \.isWhitespace).compactMap { ReminderCommandParts.word($0)?.key }.filter { !$0.isEmpty }
        let words = parts.remainder
        guard !keys.isEmpty, keys.count <= words.count else { return nil }
        for start in 0...(words.count - keys.count) where words[start..<(start + keys.count)].map(\.key) == keys {
            return Array(words[start..<(start + keys.count)])
        }
        return nil
    }

    /// `title-drops-action`: the verb and object of the parser's task must stay;
    /// `title-keeps-request-words`: and the title starts with that verb.
    func checkAction(_ task: [ReminderCommandParts.Word]) throws {
        let expected = deterministicTask
        guard let verb = expected.first else { return }
        let keys = Set(task.map(\.key))
        guard keys.contains(verb.key) else { throw LadderRejection(rule: "title-drops-action") }
        guard task.first?.key == verb.key else { throw LadderRejection(rule: "title-keeps-request-words") }
        if let object = expected.dropFirst().first(where: { !Self.function.contains($0.key) }), !keys.contains(object.key) {
            throw LadderRejection(rule: "title-drops-action")
        }
    }

    /// `title-has-date-words` and `title-is-date`.
    func checkDates(_ task: [ReminderCommandParts.Word]) throws {
        let title = task.map(\.text).joined(separator: " ")
        // The parser tolerates words before a date ("call mom friday" parses): a title is a date
        // when it resolves and has no word that is not about dates.
        let aboutDates = task.allSatisfy { Self.isDateWord($0.key) || Self.function.contains($0.key) || Self.dateFillers.contains($0.key)
            || $0.key.allSatisfy(\.isNumber) }
        if aboutDates, (try? context.dates.resolve(title, now: context.now, timeZone: context.timeZone)) != nil {
            throw LadderRejection(rule: "title-is-date")
        }
        if task.contains(where: { Self.isDateWord($0.key) }) || context.dates.find(in: title, now: context.now, timeZone: context.timeZone) != nil {
            throw LadderRejection(rule: "title-has-date-words")
        }
    }

    static func isDateWord(_ key: String) -> Bool {
        if dateWords.contains(key) { return true }
        let patterns = [#"^\d{1,2}(st|nd|rd|th)$"#, #"^\d{1,2}(:\d{2})?(am|pm|a|p)$"#, #"^\d{1,2}:\d{2}$"#, #"^\d{4}-\d{1,2}-\d{1,2}$"#, #"^\d{1,2}/\d{1,2}(/\d{2,4})?$"#]
        return patterns.contains { key.range(of: $0, options: .regularExpression) != nil }
    }
}

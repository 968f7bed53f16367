import DueDate
import Foundation
import IntentKit

/// The live `DatePhraseResolver`: the agenda's deterministic due-date parser.
public struct DueDateResolver: DatePhraseResolver {
    public init() {}

    public func resolve(_ phrase: String, now: Date, timeZone: TimeZone) throws -> IntentDate {
        do {
            return Self.intentDate(try DueDateParser(now: now, timeZone: timeZone).parse(phrase), timeZone)
        } catch {
            throw ParameterProblem(error.description)
        }
    }

    public func find(in text: String, now: Date, timeZone: TimeZone) -> (range: Range<String.Index>, date: IntentDate)? {
        guard let hit = DueDateParser(now: now, timeZone: timeZone).find(in: text) else { return nil }
        // "every friday" names a recurrence, not a due date.
        let before = text[..<hit.range.lowerBound].lowercased().split(whereSeparator: \.isWhitespace).last
        if let before, ["every", "each"].contains(before) { return nil }
        return (hit.range, Self.intentDate(hit.date, timeZone))
    }

    static func intentDate(_ d: ResolvedDate, _ zone: TimeZone) -> IntentDate {
        IntentDate(start: d.start, end: d.end, granularity: d.granularity.rawValue, hasTime: d.hasTime,
                   iso: d.isoString(in: zone))
    }
}

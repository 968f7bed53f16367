import Foundation
import IntentKit
import Primitives

/// The live `DatePhraseResolver`: the agenda's deterministic due-date parser.
public struct DueDateResolver: DatePhraseResolver {
    public var configuration: DueDateConfiguration

    public init(configuration: DueDateConfiguration = DueDateConfiguration()) {
        self.configuration = configuration
    }

    /// The parser's settings for this user: numeric day/month order from config.json's
    /// `date_order` (`day-first` | `month-first`), else the locale (`LC_ALL`, `LC_TIME`, `LANG`).
    public init(dateOrder: String?, environment: [String: String]) {
        var configuration = DueDateConfiguration()
        configuration.dayFirst = dateOrder.map { $0 == "day-first" } ?? Self.localeIsDayFirst(environment)
        self.configuration = configuration
    }

    /// True for locales that write the day before the month (en_GB, fr_FR, de_DE, es_ES…).
    /// Month-first: the C/POSIX locale, US English and Spanish, Filipino English, and the
    /// year-first languages (zh, ja, ko), whose short dates read month/day.
    public static func localeIsDayFirst(_ environment: [String: String]) -> Bool {
        let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let base = name.split(separator: ".").first.map(String.init) ?? name
        if ["C", "POSIX"].contains(base) { return false }
        let parts = base.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        let language = parts.first?.lowercased() ?? ""
        let region = parts.count > 1 ? String(parts[1].prefix(2)).uppercased() : ""
        if ["zh", "ja", "ko"].contains(language) { return false }
        if ["US", "PH", "CA", "FM", "MH", "PW", "AS", "GU", "PR", "UM", "VI"].contains(region) { return false }
        if language == "en" && region.isEmpty { return false }
        return !language.isEmpty
    }

    public func resolve(_ phrase: String, now: Date, timeZone: TimeZone) throws -> IntentDate {
        let resolved: ResolvedDate
        do {
            resolved = try parser(now, timeZone).parse(phrase)
        } catch {
            throw ParameterProblem(error.description)
        }
        // A time the clocks skip is refused with the time that does exist, never moved silently.
        if let problem = resolved.skippedTimeProblem { throw ParameterProblem(problem.description) }
        return Self.intentDate(resolved, timeZone)
    }

    public func find(in text: String, now: Date, timeZone: TimeZone) -> (range: Range<String.Index>, date: IntentDate)? {
        guard let hit = parser(now, timeZone).find(in: text) else { return nil }
        // "every friday" names a recurrence, not a due date.
        let before = text[..<hit.range.lowerBound].lowercased().split(whereSeparator: \.isWhitespace).last
        if let before, ["every", "each"].contains(before) { return nil }
        return (hit.range, Self.intentDate(hit.date, timeZone))
    }

    /// The reason when free text names a day that is not on the calendar ("on Feb 30"), so the
    /// caller can refuse it (65) instead of dropping the date.
    public func impossibleDate(in text: String, now: Date, timeZone: TimeZone) -> String? {
        parser(now, timeZone).impossibleDate(in: text).map(\.description)
    }

    func parser(_ now: Date, _ zone: TimeZone) -> DueDateParser {
        DueDateParser(now: now, timeZone: zone, configuration: configuration)
    }

    static func intentDate(_ d: ResolvedDate, _ zone: TimeZone) -> IntentDate {
        IntentDate(start: d.start, end: d.end, granularity: d.granularity.rawValue, hasTime: d.hasTime,
                   iso: d.isoString(in: zone))
    }
}

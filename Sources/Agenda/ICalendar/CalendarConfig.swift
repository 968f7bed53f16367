/// Tunable limits of the calendar reader and of recurrence expansion.
public struct CalendarConfig: Sendable {
    /// Occurrences returned per series at most (protects against infinite rules).
    public var maxOccurrencesPerSeries = 2_000
    /// Periods (days, weeks, months, years) examined per series at most.
    public var maxPeriodsPerSeries = 200_000
    /// When a query has no end, infinite series stop this many days after the query start
    /// (or after DTSTART when there is no start either).
    public var unboundedHorizonDays = 5 * 366
    /// Longest DURATION accepted, in days.
    public var maxDurationDays = 100 * 366
    /// In-file VTIMEZONE rules are expanded up to this year.
    public var vtimezoneLastYear = 2100
    /// Components nest at most this deep (VCALENDAR › VEVENT › VALARM is 3); deeper ones are
    /// skipped with one warning, so a hostile file cannot exhaust the stack.
    public var maxComponentDepth = 16

    public init() {}
    public static let `default` = CalendarConfig()
}

/// Tunable defaults of the due-date parser, in one place.
public struct DueDateConfiguration: Sendable, Equatable {
    /// Hour that "eod" / "end of day" stands for (parsedatetime convention: 17:00).
    public var endOfDayHour = 17
    /// Hours that bare parts of the day stand for (each lies inside the conventional span).
    public var morningHour = 6
    public var breakfastHour = 8
    public var lunchHour = 12
    public var afternoonHour = 13
    public var eveningHour = 18
    public var dinnerHour = 19
    public var nightHour = 21
    /// Largest magnitude accepted for a relative quantity ("in 10000 years" is rejected).
    public var maxQuantity = 100_000.0
    /// Results outside these years are rejected ("5000 years ago" in 2026).
    /// Dates before 1583 are refused: the Gregorian calendar began in October 1582, and earlier
    /// dates were written on the Julian one.
    public var supportedYears = 1583...9999
    /// Longest phrase `parse` reads, in tokens (words, digit runs, symbols).
    public var maxPhraseTokens = 64
    /// Longest text `find` scans, in tokens; longer texts find nothing.
    public var maxTextTokens = 4096
    /// Bare four-digit numbers in this range read as a year in a whole-phrase parse.
    public var bareYearRange = 1900...2199

    /// Numeric dates such as `3/4` read day first (4 March is `4/3`), as in en_GB, fr, de.
    public var dayFirst = false

    public init() {}

    public init(dayFirst: Bool) { self.dayFirst = dayFirst }
}

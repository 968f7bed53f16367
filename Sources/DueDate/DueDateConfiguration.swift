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
    /// A two-digit year is read as the one in [reference year - this, reference year - this + 100):
    /// up to 20 years back it is the past ("'06" in 2016 is 2006), otherwise the future ("'94" in
    /// 2015 is 2094).
    public var twoDigitYearPastWindow = 20
    /// Largest magnitude accepted for a relative quantity ("in 10000 years" is rejected).
    public var maxQuantity = 5000.0
    /// Results outside these years are rejected ("5000 years ago").
    public var supportedYears = 1000...9999
    /// Bare four-digit numbers in this range read as a year in a whole-phrase parse.
    public var bareYearRange = 1900...2199

    public init() {}
}

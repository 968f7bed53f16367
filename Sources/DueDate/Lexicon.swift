/// Word lists of the English grammar.
enum Lexicon {
    /// Month number for a full or abbreviated month name ("sept", "sep", "september").
    static func month(_ word: String) -> Int? {
        switch word {
        case "january", "jan": return 1
        case "february", "feb", "febr": return 2
        case "march", "mar": return 3
        case "april", "apr": return 4
        case "may": return 5
        case "june", "jun": return 6
        case "july", "jul": return 7
        case "august", "aug": return 8
        case "september", "sep", "sept": return 9
        case "october", "oct": return 10
        case "november", "nov": return 11
        case "december", "dec": return 12
        default: return nil
        }
    }

    /// Month names that are also ordinary English words; in free text they need a day or year.
    static let ambiguousMonthWords: Set<String> = ["may", "march", "mar", "jan", "dec", "sep", "sept", "jun", "jul", "aug", "oct", "nov", "apr", "feb"]

    /// ISO weekday (1 = Monday) for a weekday name or abbreviation, plural allowed.
    static func weekday(_ word: String) -> Int? {
        switch word {
        case "monday", "mon", "mondays": return 1
        case "tuesday", "tue", "tues", "tu", "tuesdays": return 2
        case "wednesday", "wed", "weds", "wednesdays": return 3
        case "thursday", "thu", "thur", "thurs", "thursdays": return 4
        case "friday", "fri", "fridays": return 5
        case "saturday", "sat", "saturdays": return 6
        case "sunday", "sun", "sundays": return 7
        default: return nil
        }
    }

    /// Weekday abbreviations that are ordinary words; in free text only full names count.
    static let ambiguousWeekdayWords: Set<String> = ["mon", "tue", "tu", "tues", "wed", "weds", "thu", "thur", "thurs", "fri", "sat", "sun"]

    static func smallNumber(_ word: String) -> Int? {
        let units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                     "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                     "eighteen", "nineteen"]
        if let i = units.firstIndex(of: word) { return i }
        return tens(word)
    }

    static func tens(_ word: String) -> Int? {
        switch word {
        case "twenty": return 20
        case "thirty": return 30
        case "forty", "fourty": return 40
        case "fifty": return 50
        case "sixty": return 60
        case "seventy": return 70
        case "eighty": return 80
        case "ninety": return 90
        default: return nil
        }
    }

    /// Ordinal words ("first" ... "thirty-first" as separate pieces).
    static func ordinalWord(_ word: String) -> Int? {
        let list = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
                    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
                    "seventeenth", "eighteenth", "nineteenth", "twentieth"]
        if let i = list.firstIndex(of: word) { return i + 1 }
        if word == "thirtieth" { return 30 }
        return nil
    }

    static let ordinalSuffixes: Set<String> = ["st", "nd", "rd", "th"]

    /// Words that belong to date phrases (units, months, weekdays, parts of the day, am/pm); a
    /// leftover one means the phrase was not understood.
    static func isDateWord(_ word: String) -> Bool {
        TimeUnit.parse(word) != nil || month(word) != nil || weekday(word) != nil || DayPart.parse(word) != nil
            || ["am", "pm", "a", "p", "ago", "hence", "oclock", "noon", "midnight"].contains(word)
    }
}

/// Units of relative offsets.
enum TimeUnit: Sendable, Equatable {
    case second, minute, hour, day, week, month, year

    static func parse(_ word: String) -> (TimeUnit, Double)? {
        switch word {
        case "s", "sec", "secs", "second", "seconds": return (.second, 1)
        case "m", "min", "mins", "minute", "minutes", "mn": return (.minute, 1)
        case "h", "hr", "hrs", "hour", "hours": return (.hour, 1)
        case "d", "day", "days": return (.day, 1)
        case "w", "wk", "wks", "week", "weeks": return (.week, 1)
        case "fortnight", "fortnights": return (.day, 14)
        case "mo", "mos", "month", "months", "mth", "mths": return (.month, 1)
        case "y", "yr", "yrs", "year", "years": return (.year, 1)
        case "decade", "decades": return (.year, 10)
        default: return nil
        }
    }

    var granularity: Granularity {
        switch self {
        case .second: return .second
        case .minute, .hour: return .minute
        case .day, .week, .month, .year: return .day
        }
    }
}

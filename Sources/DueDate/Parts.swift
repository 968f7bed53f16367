import Foundation

/// A calendar day (or a span starting on it) named by part of a phrase.
struct DayValue: Sendable, Equatable {
    var day: Day
    var granularity: Granularity = .day
    /// Exclusive end day of a span; derived from the granularity when nil.
    var end: Day?
    /// What the phrase left open and the parser chose (a weekday next to it may move the choice).
    var inferred: Inferred = .nothing

    enum Inferred: Sendable, Equatable { case nothing, year, month }
}

/// A time of day named by part of a phrase.
struct TimeValue: Sendable, Equatable {
    var hour: Int
    var minute: Int = 0
    var second: Int = 0
    var nanosecond: Int = 0
    /// A 12-hour clock reading without am/pm ("at 9", "3:30"): either half of the day may be meant.
    var ambiguous = false
    var granularity: Granularity = .minute
    /// "midnight": the 00:00 that ends the day it is attached to.
    var endOfDay = false
    /// Explicit zone of the wall-clock reading ("Z", "+02:00", "GMT").
    var zone: TimeZone?
}

/// Named parts of the day; each stands for a configured hour.
enum DayPart: Sendable, Equatable {
    case morning, breakfast, lunch, afternoon, evening, dinner, night

    var isAfternoonOrLater: Bool {
        switch self {
        case .afternoon, .evening, .dinner, .night: return true
        case .morning, .breakfast, .lunch: return false
        }
    }

    func hour(_ config: DueDateConfiguration) -> Int {
        switch self {
        case .morning: return config.morningHour
        case .breakfast: return config.breakfastHour
        case .lunch: return config.lunchHour
        case .afternoon: return config.afternoonHour
        case .evening: return config.eveningHour
        case .dinner: return config.dinnerHour
        case .night: return config.nightHour
        }
    }

    static func parse(_ word: String) -> DayPart? {
        switch word {
        case "morning", "mornings", "morn": return .morning
        case "breakfast": return .breakfast
        case "lunch", "lunchtime": return .lunch
        case "afternoon", "afternoons", "arvo": return .afternoon
        case "evening", "evenings", "eve": return .evening
        case "dinner", "dinnertime", "supper": return .dinner
        case "night", "nite", "tonight", "tonite": return .night
        default: return nil
        }
    }
}

/// A signed relative offset, split into calendar and elapsed parts.
struct Duration: Sendable, Equatable {
    var months = 0
    var days = 0
    var seconds = 0.0
    var finest: TimeUnit = .year

    var isZero: Bool { months == 0 && days == 0 && seconds == 0 }
    var hasSubDay: Bool { seconds != 0 }

    mutating func add(_ unit: TimeUnit, _ amount: Double) {
        if unit.granularity > finest.granularity || (unit.granularity == finest.granularity && unit == .second) {
            finest = unit
        }
        switch unit {
        case .second: seconds += amount
        case .minute: seconds += amount * 60
        case .hour: seconds += amount * 3600
        case .day, .week:
            let total = amount * (unit == .week ? 7 : 1)
            let whole = total.rounded(.towardZero)
            days += Int(whole)
            seconds += (total - whole) * 86_400
            if total != whole { finest = .minute }
        case .month, .year:
            let total = amount * (unit == .year ? 12 : 1)
            let whole = total.rounded(.towardZero)
            months += Int(whole)
            days += Int(((total - whole) * 30).rounded())
        }
    }

    func negated() -> Duration {
        Duration(months: -months, days: -days, seconds: -seconds, finest: finest)
    }

    static func + (lhs: Duration, rhs: Duration) -> Duration {
        var out = Duration(months: lhs.months + rhs.months, days: lhs.days + rhs.days,
                           seconds: lhs.seconds + rhs.seconds, finest: lhs.finest)
        if rhs.finest.granularity > out.finest.granularity { out.finest = rhs.finest }
        return out
    }

    /// Granularity of a result shifted by this offset.
    var granularity: Granularity {
        if seconds == 0 { return .day }
        let whole = seconds.rounded(.towardZero)
        if whole != seconds || Int(whole) % 60 != 0 { return .second }
        return .minute
    }
}

/// One recognised piece of a phrase.
enum Part: Sendable, Equatable {
    case day(DayValue)
    /// A bare weekday name; resolved by the combiner (ignored next to an explicit date).
    case weekday(Int)
    case time(TimeValue)
    case dayPart(DayPart)
    /// A fully resolved instant ("now", "in 5 hours", an anchored offset).
    case instant(Date, Granularity)
    /// "+10 days", "-2h": applied after the rest is resolved.
    case offset(Duration)
}

/// A component match: the parts it produced and the index just past its last token.
struct Match: Sendable {
    var parts: [Part]
    var end: Int
}

/// Why a phrase was not resolved. The description names the rule that failed and the
/// offending numbers, never the rest of the phrase.
public enum DueDateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The phrase contains no date or time that this parser understands.
    case notADate
    /// The phrase is empty or only whitespace.
    case empty
    /// A day that is not on the calendar (`2026-02-30`, `June 31`, `08/35`).
    case impossibleDate(String)
    /// A time of day that does not exist (`25:12`, `14pm`, `10:61`).
    case impossibleTime(String)
    /// Parts that contradict each other or cannot be combined (two different days, two times).
    case conflicting(String)
    /// A quantity that is out of the supported range.
    case outOfRange(String)

    /// Stable machine-readable reason code.
    public var code: String {
        switch self {
        case .notADate: return "not_a_date"
        case .empty: return "empty"
        case .impossibleDate, .impossibleTime: return "impossible_date_or_time"
        case .conflicting: return "conflicting_parts"
        case .outOfRange: return "out_of_range"
        }
    }

    public var description: String {
        switch self {
        case .notADate: return "not_a_date: no date or time expression was recognised"
        case .empty: return "empty: the phrase is empty"
        case .impossibleDate(let why), .impossibleTime(let why): return "\(code): \(why)"
        case .conflicting(let why): return "conflicting_parts: \(why)"
        case .outOfRange(let why): return "out_of_range: \(why)"
        }
    }

    /// Calendar-invalid rejections outrank "not a date" when several readings fail.
    var priority: Int {
        switch self {
        case .impossibleDate, .impossibleTime: return 3
        case .conflicting, .outOfRange: return 2
        case .notADate, .empty: return 1
        }
    }
}

import Foundation

/// Fixed-pattern date formatters that ignore the user's locale (`en_US_POSIX`, Gregorian), for
/// timestamps and protocol dates whose text must not change with LANG.
public enum PosixDateFormat {
    /// A formatter for `pattern` (Unicode date pattern syntax) in `timeZone`.
    public static func formatter(_ pattern: String, timeZone: TimeZone) -> DateFormatter {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.calendar = Calendar(identifier: .gregorian)
        f.timeZone = timeZone
        f.dateFormat = pattern
        return f
    }

    /// `date` written with `pattern` in `timeZone`.
    public static func string(_ date: Date, _ pattern: String, timeZone: TimeZone) -> String {
        formatter(pattern, timeZone: timeZone).string(from: date)
    }
}

import IntentKit
import Primitives

/// A wall-clock time with no zone: a day number and the seconds into that day.
public struct LocalDateTime: Hashable, Comparable, Sendable, Codable {
    public var day: Int
    public var second: Int

    public init(day: Int, second: Int = 0) {
        self.day = day + second.floorDiv(86_400)
        self.second = second.floorMod(86_400)
    }

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.init(day: Civil.dayNumber(year: year, month: month, day: day),
                  second: hour * 3600 + minute * 60 + second)
    }

    /// Seconds since 1970-01-01T00:00 of the same wall clock.
    public var localSeconds: Int { day * 86_400 + second }

    public init(localSeconds: Int) { self.init(day: 0, second: localSeconds) }

    public var hour: Int { second / 3600 }
    public var minute: Int { (second / 60) % 60 }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.day, a.second) < (b.day, b.second)
    }

    public func adding(seconds: Int) -> LocalDateTime { LocalDateTime(day: day, second: second + seconds) }
    public func adding(days: Int) -> LocalDateTime { LocalDateTime(day: day + days, second: second) }
}

extension Int {
    func floorDiv(_ d: Int) -> Int { (self >= 0 ? self : self - d + 1) / d }
    func floorMod(_ d: Int) -> Int { ((self % d) + d) % d }
}

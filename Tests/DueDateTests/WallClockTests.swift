import Foundation
import Testing
@testable import DueDate

/// A wall-clock reading is computed from the zone's offset and civil-day arithmetic, not from a
/// Foundation `Calendar` (whose set-up was 2M instructions of every capture); it must read every
/// instant as the Gregorian calendar does.
@Suite struct WallClockTests {
    static func calendarReading(_ date: Date, _ zone: TimeZone) -> WallClock {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.timeZone = zone
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return WallClock(day: Day(year: p.year!, month: p.month!, day: p.day!), hour: p.hour!, minute: p.minute!, second: p.second!)
    }

    @Test(arguments: ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
                      "America/St_Johns", "Pacific/Kiritimati"])
    func readsEveryInstantAsTheGregorianCalendarDoes(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        // Seeded instants from 1900 to 2100, plus both sides of this zone's 2027 transitions.
        var instants: [Double] = [0, -1, -86_400, -86_401, 1_800_000_000, -2_208_988_800, 4_102_444_800]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<400 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            instants.append(Double(Int64(bitPattern: state >> 1) % 6_311_433_600) - 2_208_988_800)
        }
        var probe = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01
        while let next = zone.nextDaylightSavingTimeTransition(after: probe), next.timeIntervalSince1970 < 1_830_297_600 {
            instants += [next.timeIntervalSince1970 - 1, next.timeIntervalSince1970, next.timeIntervalSince1970 + 1]
            probe = next
        }
        for t in instants {
            let date = Date(timeIntervalSince1970: t)
            let reading = WallClock(date, in: zone)
            #expect(WallClock(day: reading.day, hour: reading.hour, minute: reading.minute, second: reading.second)
                    == Self.calendarReading(date, zone), "\(zoneName) at \(t)")
        }
    }

    @Test func keepsTheFractionOfASecond() {
        let utc = TimeZone(identifier: "UTC")!
        let reading = WallClock(Date(timeIntervalSince1970: 1_800_000_000.25), in: utc)
        #expect(reading.second == 0 && abs(reading.nanosecond - 250_000_000) < 1_000)
        let before = WallClock(Date(timeIntervalSince1970: -0.75), in: utc)
        #expect(before.day == Day(year: 1969, month: 12, day: 31) && before.hour == 23 && before.minute == 59 && before.second == 59)
        #expect(abs(before.nanosecond - 250_000_000) < 1_000)
    }
}

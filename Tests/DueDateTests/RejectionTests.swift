import Foundation
import Testing
@testable import DueDate

@Suite struct RejectionTests {
    private let p = parser("2026-03-04T10:15:00")

    private func reason(_ phrase: String) -> String? {
        do {
            _ = try p.parse(phrase)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        ("2026-02-30", "impossible_date_or_time: February 2026 has no day 30"),
        ("June 31", "impossible_date_or_time: June has no day 31"),
        ("31 April 2027", "impossible_date_or_time: April 2027 has no day 31"),
        ("25:12", "impossible_date_or_time: hour 25 does not exist"),
        ("10:61", "impossible_date_or_time: minute 61 does not exist"),
        ("14pm", "impossible_date_or_time: with am/pm the hour must be 1 to 12, not 14"),
        ("08/35", "impossible_date_or_time: no month has a day 35"),
        ("13/31/2026", "impossible_date_or_time: there is no month 13"),
        ("2026/13/14", "impossible_date_or_time: there is no month 13"),
        ("2026-13-01", "impossible_date_or_time: there is no month 13"),
        ("february 29 2027", "impossible_date_or_time: February 2027 has no day 29"),
        ("fifth monday of february 2026", "impossible_date_or_time: that month has no such weekday"),
        ("tomorrow at 0pm", "impossible_date_or_time: with am/pm the hour must be 1 to 12, not 0"),
    ])
    func calendarInvalidInputIsRejectedWithAReason(_ phrase: String, _ expected: String) {
        #expect(reason(phrase) == expected)
    }

    @Test(arguments: ["banana bread", "the second draft", "25", "3 30", "1-2", "4-5-6", "Version: 1.1.3",
                      "12.53%", "at 6.5 kilograms", "$300", "in 61", "this one", "we are separated",
                      "at 650-650-6500", "two sixty a m"])
    func nonDatesAreRejected(_ phrase: String) {
        #expect(reason(phrase) != nil, "\(phrase) resolved")
    }

    @Test func emptyAndConflicting() {
        #expect(reason("   ") == "empty: the phrase is empty")
        #expect(reason("tomorrow yesterday")?.hasPrefix("conflicting_parts") == true)
        #expect(reason("3pm 4pm")?.hasPrefix("conflicting_parts") == true)
    }

    @Test func reasonsNeverEchoSurroundingWords() {
        let text = "dentist appointment secret-project June 31"
        let message = reason(text) ?? ""
        #expect(message.hasPrefix("impossible_date_or_time"))
        for word in ["dentist", "appointment", "secret"] {
            #expect(!message.contains(word))
        }
        #expect(reason("my password hunter2")?.contains("hunter2") == false)
    }

    @Test func errorCodesAreStable() {
        #expect(DueDateError.notADate.code == "not_a_date")
        #expect(DueDateError.impossibleDate("x").code == "impossible_date_or_time")
        #expect(DueDateError.impossibleTime("x").code == "impossible_date_or_time")
        #expect(DueDateError.empty.code == "empty")
    }

    @Test func validLeapDayAndEdgesResolve() {
        #expect(resolve("2028-02-29", at: "2026-03-04T10:15:00") == "2028-02-29")
        #expect(resolve("December 31 2026 23:59", at: "2026-03-04T10:15:00") == "2026-12-31T23:59:00+00:00")
        #expect(resolve("24:00", at: "2026-03-04T10:15:00") == "2026-03-05T00:00:00+00:00")
    }
}

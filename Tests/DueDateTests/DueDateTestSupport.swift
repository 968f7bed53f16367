import Foundation
@testable import DueDate

/// The dev set copied into Fixtures/dates (found relative to this file).
let datesFixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/dates/dates.dev.jsonl")

/// A parser whose reference instant is the wall-clock `reference` ("2013-02-12T04:30:00") in `zone`.
func parser(_ reference: String, zone: String = "UTC") -> DueDateParser {
    let tz = TimeZone(identifier: zone)!
    let wall = DateEval.wallClock(reference)!
    return DueDateParser(now: wall.instant(in: tz), timeZone: tz)
}

/// `isoString` of the resolution, or "error:<code>".
func resolve(_ phrase: String, at reference: String, zone: String = "UTC") -> String {
    let p = parser(reference, zone: zone)
    do {
        return try p.parse(phrase).isoString(in: p.timeZone)
    } catch {
        return "error:\(error.code)"
    }
}

/// Tuesday 2013-02-12 04:30 UTC, the reference of the Duckling corpus.
let tuesday = "2013-02-12T04:30:00"

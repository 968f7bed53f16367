import Agenda
import Foundation
import IntentKit

/// A registered folder calendar (a khal-style event vdir), read afresh on every run.
enum VdirCalendars {
    /// Its items as calendars; broken files cost a warning each (first five), never the run.
    static func load(_ path: String, in context: RunContext) throws -> [ICalendar] {
        do {
            let (calendars, problems) = try VdirCalendar.load(path)
            for p in problems.prefix(5) { context.log.warning(p) }
            if problems.count > 5 { context.log.warning("\(path): \(problems.count - 5) more problems skipped") }
            return calendars
        } catch {
            throw IntentError.invalidValue(parameter: "calendar", reason: String(describing: error))
        }
    }
}

import Agenda
import Foundation
import IntentKit
import Store

/// Loads the calendars a run uses: the `--calendar` files, else those registered with
/// `intent calendars add`.
enum Calendars {
    /// Parses every file tolerantly; problems that leave the rest usable become warnings (file
    /// and line only). An unreadable or unusable file is an invalid `--calendar` value (65).
    static func load(_ files: [String], in context: RunContext) throws -> [ICalendar] {
        let paths = files.isEmpty ? try ConfigFile.load(context.store.paths).calendars : files
        return try paths.flatMap { path -> [ICalendar] in
            if VdirFiles.isDirectory(path) { return try VdirCalendars.load(path, in: context) }
            do {
                let calendar = try CalendarFile.load(URL(fileURLWithPath: path))
                for issue in calendar.issues.prefix(5) { context.log.warning("\(issue)") }
                if calendar.issues.count > 5 {
                    context.log.warning("\(calendar.fileName): \(calendar.issues.count - 5) more problems skipped")
                }
                return [calendar]
            } catch {
                throw IntentError.invalidValue(parameter: "calendar", reason: String(describing: error))
            }
        }
    }
}

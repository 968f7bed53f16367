import Agenda
import Foundation
import IntentKit
import Store

/// Loads the calendars a run uses: the `--calendar` files, else those registered with
/// `intent calendars add`.
enum Calendars {
    struct Loaded {
        var calendars: [ICalendar]
        /// One sentence per registered calendar that was skipped (missing, unreadable, unusable).
        var warnings: [String]
    }

    /// Parses every file tolerantly; problems that leave the rest usable become warnings (file
    /// and line only). A `--calendar` file that cannot be used is an invalid value (65); a
    /// registered one costs one warning naming it, and the run goes on with the others.
    static func load(_ files: [String], in context: RunContext) throws -> Loaded {
        let registered = files.isEmpty
        let paths = registered ? try ConfigFile.load(context.store.paths).calendars : files
        var loaded = Loaded(calendars: [], warnings: [])
        for path in paths {
            do {
                let calendar = try CalendarFile.load(URL(fileURLWithPath: path))
                for issue in calendar.issues.prefix(5) { context.log.warning("\(issue)") }
                if calendar.issues.count > 5 {
                    context.log.warning("\(calendar.fileName): \(calendar.issues.count - 5) more problems skipped")
                }
                loaded.calendars.append(calendar)
            } catch {
                guard registered else {
                    throw IntentError.invalidValue(parameter: "calendar", reason: String(describing: error))
                }
                let warning = "skipped the registered calendar \(path): \(problem(path, error)) (intent calendars check; intent calendars remove \(path))"
                context.log.warning(warning)
                loaded.warnings.append(warning)
            }
        }
        return loaded
    }

    /// A short reason: missing, unreadable, or the parser's own message.
    static func problem(_ path: String, _ error: Error) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "it no longer exists" }
        if !FileManager.default.isReadableFile(atPath: path) { return "it cannot be read (permission denied)" }
        return String(describing: error)
    }
}

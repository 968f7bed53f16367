import Agenda
import Foundation
import IntentKit

/// `intent calendars check`: each registered calendar read as a run would read it.
enum CalendarCheck {
    /// Problems listed per calendar before "… N more".
    static let shownIssues = 10

    struct Report: Encodable {
        var path: String
        /// ok | warnings | missing | unreadable | invalid
        var status: String
        var events: Int?
        var problems: [String]
    }

    struct Document: Encodable {
        var schema = "intent.calendars.check/1"
        var calendars: [Report]
    }

    static func check(_ path: String) -> Report {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return Report(path: path, status: "missing", events: nil, problems: ["the file no longer exists"])
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            return Report(path: path, status: "unreadable", events: nil, problems: ["permission denied"])
        }
        if isDirectory.boolValue {
            // An event vdir: every item parsed, broken or vanished files named.
            do {
                let (calendars, problems) = try VdirCalendar.load(path)
                return Report(path: path, status: problems.isEmpty ? "ok" : "warnings",
                              events: calendars.reduce(0) { $0 + $1.events.count }, problems: problems)
            } catch {
                return Report(path: path, status: "unreadable", events: nil, problems: ["\(error)"])
            }
        }
        do {
            let calendar = try CalendarFile.load(URL(fileURLWithPath: path))
            return Report(path: path, status: calendar.issues.isEmpty ? "ok" : "warnings", events: calendar.events.count,
                          problems: calendar.issues.map { "\($0)" })
        } catch {
            return Report(path: path, status: "invalid", events: nil, problems: ["\(error)"])
        }
    }

    static func text(_ r: Report) -> String {
        var head = "\(r.status.uppercased().padding(toLength: 10, withPad: " ", startingAt: 0)) \(r.path)"
        if let n = r.events { head += " (\(n) event\(n == 1 ? "" : "s")\(r.problems.isEmpty ? "" : ", \(r.problems.count) problem\(r.problems.count == 1 ? "" : "s")"))" }
        var lines = [head]
        lines += r.problems.prefix(shownIssues).map { "  \($0)" }
        if r.problems.count > shownIssues { lines.append("  … \(r.problems.count - shownIssues) more (--json lists all)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

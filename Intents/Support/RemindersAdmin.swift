import Agenda
import Foundation
import IntentKit
import Store

/// What `intent reminders where|use|export|import` do, for the command line.
public enum RemindersAdmin {
    /// Where reminders live now.
    public struct Location: Codable, Sendable {
        public var backend: String
        public var path: String
        public var lists: [String]
    }

    public static func location(store: IntentStore, timeZone: TimeZone, now: Date, log: any DiagnosticLog) throws -> Location {
        let b = try RemindersBackends.make(store: store, timeZone: timeZone, now: now, log: log)
        return Location(backend: b.kind, path: b.location, lists: try b.lists())
    }

    /// Makes the vdir at `root` the backend (nil: the built-in store). Returns its lists.
    public static func use(_ root: String?, paths: AppPaths) throws -> [String] {
        if let root {
            guard VdirFiles.isDirectory(root) else {
                throw IntentError.invalidInput("\(root) is not a directory (a vdir root: one subfolder per list)")
            }
        }
        try ConfigFile.update(paths) { $0.remindersVdir = root }
        guard let root else { return [] }
        return try VdirFiles.collections(in: root).map { VdirFiles.displayName(of: root + "/" + $0) }
    }

    /// Every reminder of the backend as one `.ics` (VTODOs, alarms included); and how many.
    public static func export(store: IntentStore, timeZone: TimeZone, now: Date, includeCompleted: Bool,
                              log: any DiagnosticLog) throws -> (data: Data, count: Int) {
        let b = try RemindersBackends.make(store: store, timeZone: timeZone, now: now, log: log)
        let count = try b.reminders(includeCompleted: includeCompleted, list: nil, limit: Int.max).count
        return (try b.export(includeCompleted: includeCompleted), count)
    }

    /// Imports the VTODOs of `.ics` files (a directory: its `.ics` files and those of its
    /// subfolders). Idempotent by UID: reminders that exist already are skipped.
    public static func importFiles(_ path: String, list: String?, store: IntentStore, timeZone: TimeZone, now: Date,
                                   log: any DiagnosticLog) throws -> (added: Int, skipped: Int) {
        let b = try RemindersBackends.make(store: store, timeZone: timeZone, now: now, log: log)
        var files: [String] = []
        if VdirFiles.isDirectory(path) {
            files = try VdirFiles.items(in: path).map(\.path)
            for c in try VdirFiles.collections(in: path) { files += ((try? VdirFiles.items(in: path + "/" + c)) ?? []).map(\.path) }
        } else {
            files = [path]
        }
        let target = try CreateReminder.listName(list, backend: b, createList: false)
        var added = 0, skipped = 0
        for f in files {
            guard let data = try VdirFiles.read(f) else { continue }
            let name = (f as NSString).lastPathComponent
            do { _ = try ICalendarParser.parse(data, fileName: name, mode: .tolerant) } catch {
                log.warning("skipped \(name): \(error)")
                continue
            }
            for (uid, item) in VTodoBundle.split(data, prodID: VdirReminders.prodID) {
                if try b.importItem(uid: uid, calendar: item, list: target, now: now) { added += 1 } else { skipped += 1 }
            }
        }
        return (added, skipped)
    }
}

import Foundation
import IntentKit
import Store

/// Where reminders live: the built-in store or a vdir. Every reminder intent and DailyBrief
/// read and write through this, chosen once per run by `RemindersBackends.current`.
protocol RemindersBackend: Sendable {
    /// `store` or `vdir`.
    var kind: String { get }
    /// A human description of where (the vdir's root, or the store's file).
    var location: String { get }
    /// Open reminders (all with `includeCompleted`), soonest due first, undated last.
    func reminders(includeCompleted: Bool, list: String?, limit: Int) throws -> [ReminderRecord]
    func reminder(id: String) throws -> ReminderRecord?
    /// The lists that exist.
    func lists() throws -> [String]
    /// Writes a new reminder. An unknown list is an error naming the existing ones unless `createList`.
    func create(_ r: ReminderDraft, createList: Bool, now: Date) throws -> UndoSnapshot
    /// Completes `expected` (re-read first: refused when it changed since it was shown).
    func complete(_ expected: ReminderRecord, now: Date) throws -> (UndoSnapshot, CompletionOutcome)
    func update(_ expected: ReminderRecord, _ changes: ReminderChanges, now: Date) throws -> UndoSnapshot
    func delete(_ expected: ReminderRecord, now: Date) throws -> UndoSnapshot
    /// Puts back what `entry` recorded; refused when the item changed since that write.
    func undo(_ entry: UndoEntry) throws
    /// The reminders as one iCalendar file of VTODOs (a vdir's items raw, alarms included).
    func export(includeCompleted: Bool) throws -> Data
    /// Adds the VTODO of `uid` from a standalone calendar; false when a reminder with that UID
    /// already exists (imports are idempotent).
    func importItem(uid: String, calendar: Data, list: String, now: Date) throws -> Bool
}

/// A reminder to create.
struct ReminderDraft: Sendable {
    var id: String
    var title: String
    var notes: String?
    var list: String
    var due: IntentDate?
    var alertMinutes: Int?
    var runID: String?
}

/// What UpdateReminder changes; nil leaves a field alone.
struct ReminderChanges: Sendable {
    var title: String?
    /// `.some(nil)` removes the due date.
    var due: IntentDate??
    var notes: String??
    var list: String?
    /// Minutes before the due time; `.some(nil)` removes alarms.
    var alertMinutes: Int??
}

/// How a completion ended.
enum CompletionOutcome: Sendable, Equatable {
    case completed
    /// A recurring reminder: this occurrence is done, the series moved on to `nextDue`.
    case advanced(nextDue: String?)
}

/// What an undo needs: the bytes (or record) before the write and a hash of what it left.
struct UndoSnapshot: Sendable {
    var itemID: String
    var beforePath: String?
    var afterPath: String?
    var before: Data?
    var after: Data?
}

/// Errors of the reminders backends.
enum RemindersError: Error, CustomStringConvertible, Sendable {
    case unknownList(String, existing: [String])
    case changedOnDisk(String)
    case notFound(String)
    case undoRefused(String)

    var description: String {
        switch self {
        case .unknownList(let l, let existing):
            let names = existing.isEmpty ? "there are none yet" : "existing lists: " + existing.joined(separator: ", ")
            return "no list named '\(l)' (\(names)); pass --create-list to create it"
        case .changedOnDisk(let f): return "\(f) changed on disk since it was read (a sync landed?); run the command again"
        case .notFound(let id): return "reminder \(id) is gone"
        case .undoRefused(let why): return "cannot undo: \(why)"
        }
    }
}

extension RemindersError: IntentErrorConvertible {
    var intentError: IntentError {
        switch self {
        case .unknownList: return .invalidValue(parameter: "list", reason: description)
        case .changedOnDisk: return .temporary(description)
        case .notFound: return .invalidValue(parameter: "reminder", reason: description)
        case .undoRefused: return .invalidInput(description)
        }
    }
}

/// Chooses the backend: a service a test injects, else `config.json`'s `reminders` setting
/// (`intent reminders use DIR|--store`), else the built-in store.
enum RemindersBackends {
    struct Key: ServiceKey { static let defaultValue: (any RemindersBackend)? = nil }

    static func current(for context: RunContext) throws -> any RemindersBackend {
        if let injected = context.services[Key.self] { return injected }
        return try make(store: context.store, timeZone: context.timeZone, now: context.now, log: context.log)
    }

    /// The configured backend for a store, a zone and a clock.
    static func make(store: IntentStore, timeZone: TimeZone, now: Date, log: any DiagnosticLog) throws -> any RemindersBackend {
        if let root = try ConfigFile.load(store.paths).remindersVdir {
            var cal = Calendar(identifier: .gregorian)
            cal.timeZone = timeZone
            return VdirReminders(root: root, store: store, timeZone: timeZone, today: cal.startOfDay(for: now), log: log)
        }
        return StoreReminders(store: store, timeZone: timeZone)
    }
}

extension ConfigFile {
    /// The vdir root set with `intent reminders use DIR`; nil for the built-in store.
    public var remindersVdir: String? {
        get { raw["reminders"]?["vdir"]?.stringValue }
        set { raw["reminders"] = newValue.map { .object(["vdir": .string($0)]) } ?? .object(["backend": .string("store")]) }
    }
}

import Foundation
import Primitives

/// Completing one occurrence of a recurring VTODO, in place: the item's DTSTART and DUE move to
/// the occurrence after the one being completed (keeping their TZID or VALUE=DATE), a COUNT is
/// reduced by the occurrences passed, and the item stays open. When no occurrence is left the
/// caller completes the item as a whole.
public enum VTodoRecurrence {
    /// The change that advances the series past its current open occurrence, or nil when that
    /// occurrence is the last one (or the item does not recur).
    public static func advance(uid: String, in data: Data, fileName: String, timeZone: TimeZone,
                               today: Date, config: CalendarConfig = .default) -> VTodoChange? {
        guard let cal = try? ICalendarParser.parse(data, fileName: fileName, mode: .tolerant, config: config),
              let todo = cal.todos.first(where: { $0.uid == uid && $0.recurrenceID == nil }),
              let rule = todo.rrules.first, !todo.badRecurrence, let anchor = todo.start ?? todo.due,
              let current = VTodoReader.nextOccurrence(rule, anchor: anchor, exdates: todo.exdates, cal: cal,
                                                       timeZone: timeZone, today: today, config: config),
              let next = VTodoReader.occurrence(after: current, rule: rule, anchor: anchor, exdates: todo.exdates,
                                                cal: cal, timeZone: timeZone, config: config) else { return nil }
        let delta = next.local.localSeconds - anchor.local.localSeconds
        var change = VTodoChange()
        if let start = todo.start, let line = VTodoEditor.value(of: "DTSTART", uid: uid, in: data).map(prefix) {
            change.set.append(line + ":" + format(VTodoReader.shifted(start, by: delta)))
        }
        if let due = todo.due, let line = VTodoEditor.value(of: "DUE", uid: uid, in: data).map(prefix) {
            change.set.append(line + ":" + format(VTodoReader.shifted(due, by: delta)))
        }
        if let count = rule.count, let raw = VTodoEditor.value(of: "RRULE", uid: uid, in: data) {
            let passed = passedOccurrences(rule, anchor: anchor, before: next)
            change.set.append(replacingCount(in: raw, with: max(1, count - passed)))
        }
        change.set.append("STATUS:NEEDS-ACTION")
        change.remove = ["COMPLETED", "PERCENT-COMPLETE"]
        return change
    }

    /// The name and parameters of a content line (everything before the value's colon).
    static func prefix(_ line: String) -> String {
        var quoted = false
        for i in line.indices {
            if line[i] == "\"" { quoted.toggle() } else if line[i] == ":", !quoted { return String(line[..<i]) }
        }
        return line
    }

    static func format(_ t: ICSTime) -> String {
        func date(_ d: Int) -> String {
            let (y, m, dd) = Civil.date(of: d)
            return ISODates.pad(y, 4) + ISODates.pad(m, 2) + ISODates.pad(dd, 2)
        }
        switch t {
        case .date(let d): return date(d)
        case .dateTime(let l, let a):
            let s = date(l.day) + "T" + ISODates.pad(l.hour, 2) + ISODates.pad(l.minute, 2) + ISODates.pad(l.second % 60, 2)
            if case .utc = a { return s + "Z" }
            return s
        }
    }

    static func passedOccurrences(_ rule: RecurrenceRule, anchor: ICSTime, before next: ICSTime) -> Int {
        let bounds = ExpansionBounds(stopAt: next.local, emitFrom: nil, maxInstances: 100_000, maxPeriods: 200_000)
        var all = Set(RecurrenceExpander.expand(rule, start: anchor.local, isDate: anchor.isDate, until: nil, bounds: bounds))
        all.insert(anchor.local)
        return all.filter { $0 < next.local }.count
    }

    static func replacingCount(in rrule: String, with n: Int) -> String {
        let (head, value) = (prefix(rrule), String(rrule.dropFirst(prefix(rrule).count + 1)))
        let parts = value.split(separator: ";").map { p -> String in
            p.uppercased().hasPrefix("COUNT=") ? "COUNT=\(n)" : String(p)
        }
        return head + ":" + parts.joined(separator: ";")
    }
}

import Foundation

extension ICalendar {
    /// The VTODOs as reminders. DUE dates are read in `timeZone` (DATE values become midnight
    /// there, with `dueIsDateOnly`); missing CREATED falls back to the Unix epoch.
    public func todoItems(timeZone: TimeZone) -> [TodoItem] {
        let fn = ZoneMath.offsetFunction(timeZone)
        func instant(_ t: ICSTime) -> Date {
            let u: Int
            switch t {
            case .date(let d): u = ZoneMath.utc(of: LocalDateTime(day: d), offset: fn)
            case .dateTime(let l, let anchor):
                if let z = zone(for: anchor) { u = ZoneMath.utc(of: l, offset: { z.offset(atUTC: $0) ?? fn($0) }) }
                else { u = ZoneMath.utc(of: l, offset: fn) }
            }
            return Date(timeIntervalSince1970: TimeInterval(u))
        }
        return todos.map { t in
            TodoItem(uid: t.uid ?? "", title: t.summary ?? "", notes: t.description, due: t.due.map(instant),
                     dueIsDateOnly: t.due?.isDate ?? false, list: t.categories.first,
                     completed: t.status == "COMPLETED" || t.completed != nil,
                     created: t.created.map(instant) ?? Date(timeIntervalSince1970: 0))
        }
    }
}

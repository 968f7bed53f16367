import Foundation

/// Reads an event vdir (khal's layout: one event per `.ics` file; either a collection folder
/// or a root whose subfolders are collections). Read-only, re-read on every call, so changes
/// made by khal or a sync appear on the next run.
public enum VdirCalendar {
    /// Every readable item as its own calendar; a broken or vanished file is left out and
    /// reported in `problems` (by file name), never fatal.
    public static func load(_ root: String, config: CalendarConfig = .default) throws(VdirError)
        -> (calendars: [ICalendar], problems: [String]) {
        var files = try VdirFiles.items(in: root)
        for c in try VdirFiles.collections(in: root) {
            files += (try? VdirFiles.items(in: root + "/" + c)) ?? []
        }
        var calendars: [ICalendar] = []
        var problems: [String] = []
        calendars.reserveCapacity(files.count)
        for f in files {
            let name = (f.path as NSString).lastPathComponent
            let read: Data??
            do { read = .some(try VdirFiles.read(f.path)) } catch { read = nil }
            guard let maybe = read else { problems.append("\(name): cannot read the file"); continue }
            guard let data = maybe else { continue }  // vanished while listing: a sync is running
            do {
                let cal = try ICalendarParser.parse(data, fileName: name, mode: .tolerant, config: config)
                if !cal.issues.isEmpty { problems += cal.issues.prefix(2).map(\.description) }
                calendars.append(cal)
            } catch {
                problems.append(error.description)
            }
        }
        return (calendars, problems)
    }
}

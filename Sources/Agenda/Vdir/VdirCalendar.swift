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
        // Parsed on every core: files are independent and a vdir can hold thousands.
        let all = files
        let buffer = UnsafeMutableBufferPointer<(ICalendar?, [String])>.allocate(capacity: all.count)
        buffer.initialize(repeating: (nil, []))
        defer { buffer.deinitialize(); buffer.deallocate() }
        nonisolated(unsafe) let slots = buffer  // one slot per iteration
        DispatchQueue.concurrentPerform(iterations: all.count) { i in
            slots[i] = parse(all[i], config: config)
        }
        let calendars = buffer.compactMap(\.0)
        let problems = buffer.flatMap(\.1)
        return (calendars, problems)
    }

    private static func parse(_ f: VdirEntry, config: CalendarConfig) -> (ICalendar?, [String]) {
        let name = f.path.split(separator: "/").last.map(String.init) ?? f.path
        let read: Data??
        do { read = .some(try VdirFiles.read(f.path)) } catch { read = nil }
        guard let maybe = read else { return (nil, ["\(name): cannot read the file"]) }
        guard let data = maybe else { return (nil, []) }  // vanished while listing: a sync is running
        do {
            let cal = try ICalendarParser.parse(data, fileName: name, mode: .tolerant, config: config)
            return (cal, cal.issues.prefix(2).map(\.description))
        } catch {
            return (nil, [error.description])
        }
    }
}

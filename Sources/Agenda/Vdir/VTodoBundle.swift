import Foundation

/// Moves VTODOs between one-item-per-file vdirs and single `.ics` bundles, raw: components are
/// copied line for line (VALARMs, `X-` properties and time zones kept), only line endings are
/// normalised to CRLF.
public enum VTodoBundle {
    /// One VCALENDAR holding the VTODOs of every file (each UID once) and the VTIMEZONEs they use
    /// (each TZID once).
    public static func combine(_ files: [Data], prodID: String) -> Data {
        var zones: [String] = []
        var zoneIDs = Set<String>()
        var todos: [String] = []
        var uids = Set<String>()
        for data in files {
            guard let lines = try? VTodoEditor.logicalLines(data, fileName: "") else { continue }
            for r in VTodoEditor.componentRanges(lines) {
                let text = lines[r.begin...r.end].map { crlf($0.text) }.joined()
                if r.kind == "VTIMEZONE" {
                    let id = lines[r.begin...r.end].first { $0.name == "TZID" }.map { VTodoEditor.unfold($0.value) } ?? ""
                    if zoneIDs.insert(id).inserted { zones.append(text) }
                } else if r.kind == "VTODO", let uid = r.uid {
                    if r.isOverride || uids.insert(uid).inserted { todos.append(text) }
                }
            }
        }
        return Data((header(prodID) + zones.joined() + todos.joined() + "END:VCALENDAR\r\n").utf8)
    }

    /// Splits a calendar into one standalone calendar per VTODO UID (its master, its overrides
    /// and every VTIMEZONE of the source), in file order.
    public static func split(_ data: Data, prodID: String) -> [(uid: String, data: Data)] {
        guard let lines = try? VTodoEditor.logicalLines(data, fileName: "") else { return [] }
        let ranges = VTodoEditor.componentRanges(lines)
        let zones = ranges.filter { $0.kind == "VTIMEZONE" }.map { r in lines[r.begin...r.end].map { crlf($0.text) }.joined() }.joined()
        var order: [String] = []
        var parts: [String: String] = [:]
        for r in ranges where r.kind == "VTODO" {
            guard let uid = r.uid, !uid.isEmpty else { continue }
            if parts[uid] == nil { order.append(uid) }
            parts[uid, default: ""] += lines[r.begin...r.end].map { crlf($0.text) }.joined()
        }
        return order.map { uid in (uid, Data((header(prodID) + zones + parts[uid]! + "END:VCALENDAR\r\n").utf8)) }
    }

    static func header(_ prodID: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:" + ICSText.escape(prodID) + "\r\n"
    }

    static func crlf(_ s: String) -> String {
        guard !s.contains("\r\n") else { return s.hasSuffix("\r\n") ? s : s + "\r\n" }
        let t = s.replacingOccurrences(of: "\n", with: "\r\n")
        return t.hasSuffix("\r\n") ? t : t + "\r\n"
    }
}

import Foundation

/// Why an in-place edit could not be made. Never quotes file content.
public enum VTodoEditError: Error, CustomStringConvertible, Sendable, Equatable {
    case notFound(file: String)
    case unreadable(file: String)

    public var description: String {
        switch self {
        case .notFound(let f): return "\(f) holds no VTODO with that UID any more"
        case .unreadable(let f): return "\(f) is not a readable iCalendar file"
        }
    }
}

/// A change to one VTODO: properties to set (every existing line of that name is replaced, the
/// first in place), properties to remove, and optionally its alarms replaced.
public struct VTodoChange: Sendable, Hashable {
    /// Full unfolded content lines, e.g. `SUMMARY:Pay rent`; the name is taken from the line.
    public var set: [String] = []
    public var remove: Set<String> = []
    /// New VALARM components as content lines (empty: remove every alarm); nil keeps them.
    public var alarms: [String]?

    public init(set: [String] = [], remove: Set<String> = [], alarms: [String]? = nil) {
        self.set = set; self.remove = remove; self.alarms = alarms
    }
}

/// Edits a VTODO inside its file by lines: only the lines of the properties it changes are
/// touched, so `X-` properties, alarms, other components and the file's own line endings and
/// folding stay byte-for-byte as they were. Every edit bumps SEQUENCE and sets LAST-MODIFIED
/// and DTSTAMP.
public enum VTodoEditor {
    /// A logical line: its physical lines (with their terminators) and its property name.
    struct Logical {
        var text: String
        var name: String
        /// The unfolded value (after the first colon; good enough for the names this reads).
        var value: String {
            let t = VTodoEditor.unfold(text)
            return t.firstIndex(of: ":").map { String(t[t.index(after: $0)...]) } ?? ""
        }
    }

    public static func apply(_ change: VTodoChange, uid: String, to data: Data, now: Date,
                             fileName: String) throws(VTodoEditError) -> Data {
        var lines = try logicalLines(data, fileName: fileName)
        guard let (begin, end) = masterRange(lines, uid: uid) else { throw .notFound(file: fileName) }
        let eol = data.range(of: Data("\r\n".utf8)) != nil ? "\r\n" : "\n"
        var body = Array(lines[(begin + 1)..<end])
        var depth = 0
        var ownIndex: [Int] = []  // indexes in body of the VTODO's own properties
        var alarmRanges: [Range<Int>] = []
        var alarmStart = 0
        for (i, l) in body.enumerated() {
            if l.name == "BEGIN" {
                if depth == 0, l.value.uppercased().hasPrefix("VALARM") { alarmStart = i }
                depth += 1
            } else if l.name == "END" {
                depth -= 1
                if depth == 0, l.value.uppercased().hasPrefix("VALARM") { alarmRanges.append(alarmStart..<(i + 1)) }
            } else if depth == 0 {
                ownIndex.append(i)
            }
        }
        let sequence = ownIndex.lazy.map { body[$0] }.first { $0.name == "SEQUENCE" }
            .flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) } ?? 0
        let stamp = ICSWriter.utcStamp(now)
        var sets = change.set + ["SEQUENCE:\(sequence + 1)", "LAST-MODIFIED:" + stamp, "DTSTAMP:" + stamp]
        var seen = Set<String>()
        sets = sets.filter { seen.insert(name(of: $0)).inserted }
        let setNames = Set(sets.map(name(of:)))
        var replacement: [Int: String] = [:]
        var drop = Set<Int>()
        for name in setNames.union(change.remove) {
            let hits = ownIndex.filter { body[$0].name == name }
            if let first = hits.first, let line = sets.first(where: { Self.name(of: $0) == name }) {
                replacement[first] = line
                drop.formUnion(hits.dropFirst())
            } else {
                drop.formUnion(hits)
            }
        }
        if change.alarms != nil { for r in alarmRanges { drop.formUnion(r) } }
        let missing = sets.filter { line in !ownIndex.contains { body[$0].name == name(of: line) } }
        let firstChild = body.indices.first { body[$0].name == "BEGIN" } ?? body.count
        var out: [String] = []
        for (i, l) in body.enumerated() {
            if i == firstChild { out += missing.map { fold($0, eol) } }
            if drop.contains(i) { continue }
            if let line = replacement[i] { out.append(fold(line, eol)) } else { out.append(l.text) }
        }
        if firstChild == body.count { out += missing.map { fold($0, eol) } }
        if let alarms = change.alarms { out += alarms.map { fold($0, eol) } }
        body = out.map { Logical(text: $0, name: "") }
        lines.replaceSubrange((begin + 1)..<end, with: body)
        return Data(lines.map(\.text).joined().utf8)
    }

    /// The file without the VTODO of `uid` (and its RECURRENCE-ID overrides); nil when nothing
    /// but time zones would be left, so the whole file should go.
    public static func removing(uid: String, from data: Data, fileName: String) throws(VTodoEditError) -> Data? {
        let lines = try logicalLines(data, fileName: fileName)
        let ranges = componentRanges(lines).filter { $0.uid == uid && $0.kind == "VTODO" }
        guard !ranges.isEmpty else { throw .notFound(file: fileName) }
        let others = componentRanges(lines).filter { !($0.uid == uid && $0.kind == "VTODO") && $0.kind != "VTIMEZONE" }
        if others.isEmpty { return nil }
        var drop = Set<Int>()
        for r in ranges { drop.formUnion(r.begin...r.end) }
        return Data(lines.enumerated().filter { !drop.contains($0.offset) }.map(\.element.text).joined().utf8)
    }

    /// The unfolded value of the master VTODO's first property `name` (nil when absent).
    public static func value(of name: String, uid: String, in data: Data) -> String? {
        guard let lines = try? logicalLines(data, fileName: ""), let (b, e) = masterRange(lines, uid: uid) else { return nil }
        var depth = 0
        for l in lines[(b + 1)..<e] {
            if l.name == "BEGIN" { depth += 1 } else if l.name == "END" { depth -= 1 } else if depth == 0, l.name == name {
                return unfold(l.text)
            }
        }
        return nil
    }

    /// The unfolded text of a logical line without its terminator.
    static func unfold(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n\t", with: "")
            .replacingOccurrences(of: "\n ", with: "").replacingOccurrences(of: "\n\t", with: "")
            .trimmingCharacters(in: .newlines)
    }

    static func name(of line: String) -> String {
        let end = line.firstIndex { $0 == ";" || $0 == ":" } ?? line.endIndex
        return line[..<end].uppercased()
    }

    static func fold(_ line: String, _ eol: String) -> String {
        ICSWriter.fold(line).replacingOccurrences(of: "\r\n", with: eol) + eol
    }

    /// Splits into logical lines, each keeping its physical lines and terminators exactly.
    static func logicalLines(_ data: Data, fileName: String) throws(VTodoEditError) -> [Logical] {
        guard let text = String(data: data, encoding: .utf8) else { throw .unreadable(file: fileName) }
        var out: [Logical] = []
        var current = ""
        for ch in text {
            current.append(ch)
            if ch == "\n" || ch == "\r\n" {
                appendPhysical(current, to: &out)
                current = ""
            }
        }
        if !current.isEmpty { appendPhysical(current, to: &out) }
        return out
    }

    private static func appendPhysical(_ line: String, to out: inout [Logical]) {
        if let f = line.first, f == " " || f == "\t", !out.isEmpty {
            out[out.count - 1].text += line
        } else {
            let n = line.trimmingCharacters(in: .newlines).isEmpty ? "" : name(of: line.trimmingCharacters(in: .newlines))
            out.append(Logical(text: line, name: n))
        }
    }

    struct ComponentRange { var kind: String; var uid: String?; var begin: Int; var end: Int; var isOverride: Bool }

    /// Top-level components under VCALENDAR, with their UID.
    static func componentRanges(_ lines: [Logical]) -> [ComponentRange] {
        var out: [ComponentRange] = []
        var depth = 0
        var open: ComponentRange?
        for (i, l) in lines.enumerated() {
            if l.name == "BEGIN" {
                depth += 1
                if depth == 2 { open = ComponentRange(kind: unfold(l.value).uppercased(), uid: nil, begin: i, end: i, isOverride: false) }
            } else if l.name == "END" {
                if depth == 2, var c = open { c.end = i; out.append(c); open = nil }
                depth -= 1
            } else if depth == 2 {
                if l.name == "UID" { open?.uid = ICSText.unescape(unfold(l.value).trimmingCharacters(in: .whitespaces)) }
                if l.name == "RECURRENCE-ID" { open?.isOverride = true }
            }
        }
        return out
    }

    static func masterRange(_ lines: [Logical], uid: String) -> (Int, Int)? {
        let all = componentRanges(lines).filter { $0.kind == "VTODO" && $0.uid == uid }
        guard let c = all.first(where: { !$0.isOverride }) ?? all.first else { return nil }
        return (c.begin, c.end)
    }
}

import Foundation
import IntentKit
import Store

/// Prints a run's envelope: one JSON line with `--json`, else the dialog and a compact rendering
/// of the value on stdout and any error on stderr.
enum RunOutput {
    static func print(_ envelope: RunEnvelope, json: Bool, env: CLIEnvironment, zone: TimeZone? = nil) {
        if json {
            env.streams.out(((try? JSONCoding.line(envelope)) ?? "{}") + "\n")
            if let error = envelope.error { env.streams.err("intent: error: \(Redaction.clean(error.message))\n") }
            return
        }
        if let error = envelope.error {
            env.streams.err("intent: error: \(Redaction.clean(error.message))\n")
            return
        }
        if let display = envelope.display {
            env.streams.out(display.hasSuffix("\n") ? display : display + "\n")
            return
        }
        var text = envelope.dialog + "\n"
        if envelope.status != .dryRun, let value = envelope.value {
            text += ValueRenderer.render(value, zone: zone)
        }
        env.streams.out(text)
    }
}

/// A compact, human rendering of a result value.
enum ValueRenderer {
    /// Timestamps (ISO-8601 instants) are shown in `zone` when given ("Wed 2 Dec 2026 09:00");
    /// day-only dates as the calendar day they name.
    static func render(_ value: JSONValue, indent: String = "  ", zone: TimeZone? = nil) -> String {
        guard case .object(let object) = value else { return indent + scalar(value, zone: zone) + "\n" }
        var out = ""
        for key in object.keys.sorted() {
            guard let field = object[key] else { continue }
            switch field {
            case .array(let items) where items.contains(where: { $0.objectValue != nil }):
                out += "\(indent)\(label(key)):\(items.isEmpty ? " none" : "")\n"
                for item in items { out += "\(indent)  - \(summary(item, zone: zone))\n" }
            case .array(let items):
                out += "\(indent)\(label(key)): \(items.isEmpty ? "—" : items.map { scalar($0, zone: zone) }.joined(separator: ", "))\n"
            case .object:
                out += "\(indent)\(label(key)):\n" + render(field, indent: indent + "  ", zone: zone)
            default:
                out += "\(indent)\(label(key)): \(scalar(field, zone: zone))\n"
            }
        }
        return out
    }

    /// One line for an object in a list: its title-like field, then the rest briefly.
    static func summary(_ item: JSONValue, zone: TimeZone? = nil) -> String {
        guard case .object(let o) = item else { return scalar(item, zone: zone) }
        let titleKeys = ["title", "text", "headline", "name", "quote"]
        let title = titleKeys.lazy.compactMap { o[$0]?.stringValue }.first ?? ""
        let extras = o.keys.sorted().filter { !titleKeys.contains($0) && $0 != "id" }.compactMap { key -> String? in
            guard let v = o[key], !v.isNull, v != .bool(false), v.arrayValue == nil, v.objectValue == nil else { return nil }
            return "\(key) \(scalar(v, zone: zone))"
        }
        return extras.isEmpty ? title : "\(title) (\(extras.joined(separator: ", ")))"
    }

    static func scalar(_ value: JSONValue, zone: TimeZone? = nil) -> String {
        if let zone, case .string(let text) = value, let shown = timestamp(text, zone: zone) { return shown }
        switch value {
        case .null: return "—"
        case .bool(let b): return b ? "yes" : "no"
        case .number(let n): return n.rounded() == n && abs(n) < 1e15 ? String(Int64(n)) : String(format: "%.3g", n)
        case .string(let s): return s
        case .array(let a): return a.map { scalar($0, zone: zone) }.joined(separator: ", ")
        case .object: return "{…}"
        }
    }

    /// `2026-12-02T09:00:00+05:30` or `…T03:30:00.000Z` in the zone; `2026-12-02` as that day.
    static func timestamp(_ text: String, zone: TimeZone) -> String? {
        guard text.count >= 10, text.count <= 35, text.first?.isNumber == true else { return nil }
        let day = text.prefix(10)
        guard day.count == 10, day.dropFirst(4).first == "-", day.dropFirst(7).first == "-" else { return nil }
        if text.count == 10 {
            guard let date = ClockOptions.parseInstant(text, zone: .gmt) else { return nil }
            return HumanTime.format(date, in: .gmt, pattern: "EEE d MMM yyyy")
        }
        guard text.dropFirst(10).first == "T", text.hasSuffix("Z") || text.dropLast(5).last == "+" || text.dropLast(5).last == "-",
              let date = StoreTime.date(text) else { return nil }
        return HumanTime.format(date, in: zone)
    }

    /// `due_date` -> `due date` (without Foundation's `replacingOccurrences`, whose first use
    /// costs a warm capture ~0.66M instructions).
    static func label(_ key: String) -> String { String(key.map { $0 == "_" ? " " : $0 }) }
}

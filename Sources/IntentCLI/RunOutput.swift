import Foundation
import IntentKit

/// Prints a run's envelope: one JSON line with `--json`, else the dialog and a compact rendering
/// of the value on stdout and any error on stderr.
enum RunOutput {
    static func print(_ envelope: RunEnvelope, json: Bool, env: CLIEnvironment) {
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
            text += ValueRenderer.render(value)
        }
        env.streams.out(text)
    }
}

/// A compact, human rendering of a result value.
enum ValueRenderer {
    static func render(_ value: JSONValue, indent: String = "  ") -> String {
        guard case .object(let object) = value else { return indent + scalar(value) + "\n" }
        var out = ""
        for key in object.keys.sorted() {
            guard let field = object[key] else { continue }
            switch field {
            case .array(let items) where items.contains(where: { $0.objectValue != nil }):
                out += "\(indent)\(label(key)):\(items.isEmpty ? " none" : "")\n"
                for item in items { out += "\(indent)  - \(summary(item))\n" }
            case .array(let items):
                out += "\(indent)\(label(key)): \(items.isEmpty ? "—" : items.map(scalar).joined(separator: ", "))\n"
            case .object:
                out += "\(indent)\(label(key)):\n" + render(field, indent: indent + "  ")
            default:
                out += "\(indent)\(label(key)): \(scalar(field))\n"
            }
        }
        return out
    }

    /// One line for an object in a list: its title-like field, then the rest briefly.
    static func summary(_ item: JSONValue) -> String {
        guard case .object(let o) = item else { return scalar(item) }
        let titleKeys = ["title", "text", "headline", "name", "quote"]
        let title = titleKeys.lazy.compactMap { o[$0]?.stringValue }.first ?? ""
        let extras = o.keys.sorted().filter { !titleKeys.contains($0) && $0 != "id" }.compactMap { key -> String? in
            guard let v = o[key], !v.isNull, v != .bool(false), v.arrayValue == nil, v.objectValue == nil else { return nil }
            return "\(key) \(scalar(v))"
        }
        return extras.isEmpty ? title : "\(title) (\(extras.joined(separator: ", ")))"
    }

    static func scalar(_ value: JSONValue) -> String {
        switch value {
        case .null: return "—"
        case .bool(let b): return b ? "yes" : "no"
        case .number(let n): return n.rounded() == n && abs(n) < 1e15 ? String(Int64(n)) : String(format: "%.3g", n)
        case .string(let s): return s
        case .array(let a): return a.map(scalar).joined(separator: ", ")
        case .object: return "{…}"
        }
    }

    static func label(_ key: String) -> String { key.replacingOccurrences(of: "_", with: " ") }
}

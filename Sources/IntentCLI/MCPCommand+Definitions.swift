import Foundation
import IntentKit
import MCP
import Routing

/// Tool definitions from the catalog: the same schemas `intent describe --json` prints.
enum ToolDefinition {
    static func make(_ type: any Intent.Type, openWorld: Bool) -> JSONValue {
        let d = type.description
        let entry = Catalog.entry(type)
        var description = d.summary
        if let discussion = d.discussion { description += "\n\n" + discussion }
        if d.sideEffect != .none { description += "\n\nWrites: the person is asked to confirm; nothing is written otherwise." }
        return .object([
            "name": .string(d.name),
            "title": .string(title(d.name)),
            "description": .string(description),
            "inputSchema": entry["parameters"] ?? .object(["type": .string("object")]),
            "outputSchema": entry["result"] ?? .object(["type": .string("object")]),
            "annotations": annotations(d.sideEffect, title: title(d.name), openWorld: openWorld),
        ])
    }

    /// All four hints, always set (the specification's defaults assume the worst).
    ///
    /// | level | readOnly | destructive | idempotent | openWorld |
    /// | none | true | false | true | policy |
    /// | writesLocal | false | false | false | policy |
    /// | modifiesLocal | false | true | false | policy |
    /// | sendsRemote | false | true | false | true |
    static func annotations(_ level: SideEffect, title: String, openWorld: Bool) -> JSONValue {
        let (readOnly, destructive, idempotent, open): (Bool, Bool, Bool, Bool)
        switch level {
        case .none: (readOnly, destructive, idempotent, open) = (true, false, true, openWorld)
        case .writesLocal: (readOnly, destructive, idempotent, open) = (false, false, false, openWorld)
        case .modifiesLocal: (readOnly, destructive, idempotent, open) = (false, true, false, openWorld)
        case .sendsRemote: (readOnly, destructive, idempotent, open) = (false, true, false, true)
        }
        return .object([
            "title": .string(title),
            "readOnlyHint": .bool(readOnly),
            "destructiveHint": .bool(destructive),
            "idempotentHint": .bool(idempotent),
            "openWorldHint": .bool(open),
        ])
    }

    /// Whether a payload can reach the cloud: the policy allows it and a cloud endpoint is
    /// configured. Unreadable settings count as reachable (assume the worst).
    static func cloudReachable(policy: RoutingPolicy, paths: AppPaths) -> Bool {
        guard policy != .localOnly else { return false }
        guard let settings = try? ModelSettings.load(paths) else { return true }
        return settings.cloudConfiguration != nil
    }

    /// `CaptureThought` → `Capture Thought`.
    static func title(_ name: String) -> String {
        var out = ""
        for c in name {
            if c.isUppercase, !out.isEmpty { out.append(" ") }
            out.append(c)
        }
        return out
    }

    /// A primitive elicitation schema for one parameter (no nesting; no formats, since dates
    /// also accept phrases).
    static func elicitationSchema(_ p: ParameterMetadata) -> JSONValue {
        let source = p.schema.jsonValue.objectValue ?? [:]
        var schema: [String: JSONValue] = ["title": .string(p.jsonKey)]
        if !p.description.isEmpty { schema["description"] = .string(p.description) }
        switch source["type"]?.stringValue {
        case "integer", "number", "boolean":
            schema["type"] = source["type"]
        default:
            schema["type"] = .string("string")
            if case .array(let cases)? = source["enum"], cases.allSatisfy({ $0.stringValue != nil }) { schema["enum"] = .array(cases) }
        }
        return .object(schema)
    }
}

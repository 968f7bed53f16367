import IntentKit

/// Docs/INTENTS.md, generated from the catalog (`intent list --markdown`; `make docs`).
public enum IntentsDoc {
    public static func markdown(_ registry: IntentRegistry) -> String {
        var text = """
        # Intents

        Generated from the catalog by `intent list --markdown` (`make docs`); a test fails when this
        file and the catalog disagree. The machine-readable form is `intent list --json`
        (`intent.catalog/1`: parameters and results as JSON Schema).

        | intent | side effect | summary |
        |---|---|---|

        """
        for t in registry.intents {
            let d = t.description
            text += "| [`\(d.name)`](#\(d.name.lowercased())) | \(d.sideEffect.rawValue)\(d.requiresConfirmation ? ", confirmed" : "") | \(d.summary) |\n"
        }
        for t in registry.intents {
            let d = t.description
            text += "\n## \(d.name)\n\n\(d.summary)\n"
            if let discussion = d.discussion { text += "\n\(discussion)\n" }
            text += "\nSide effect: `\(d.sideEffect.rawValue)`"
            text += d.requiresConfirmation ? " — asks before writing; `--yes` approves, `--dry-run` previews.\n" : ".\n"
            let params = IntentRegistry.parameters(of: t)
            if params.isEmpty {
                text += "\nNo parameters.\n"
            } else {
                text += "\n| parameter | type | required | default | description |\n|---|---|---|---|---|\n"
                for p in params {
                    let type = typeName(p.schema.jsonValue) + (p.isArray ? " (repeatable)" : "")
                    let primary = p.isPrimary ? " (primary)" : ""
                    let def = p.defaultValue.map { $0.isNull || $0 == .array([]) ? "" : "`\(ValueRenderer.scalar($0))`" } ?? ""
                    text += "| `\(p.flag)`\(primary) | \(type) | \(p.isRequired ? "yes" : "no") | \(def) | \(p.description) |\n"
                }
            }
            if case .object(let result)? = Optional(Catalog.entry(t))?["result"],
               case .object(let props)? = result["properties"] {
                text += "\nResult fields: " + props.keys.sorted().map { "`\($0)`" }.joined(separator: ", ") + ".\n"
            }
            if !d.examples.isEmpty {
                text += "\n```sh\n" + d.examples.map { "intent run \(d.name) \($0)\n" }.joined() + "```\n"
            }
        }
        return text
    }

    static func typeName(_ schema: JSONValue) -> String {
        if case .array(let types)? = schema["type"] {
            return types.compactMap(\.stringValue).filter { $0 != "null" }.joined(separator: "|")
        }
        if let enumValues = schema["enum"]?.arrayValue {
            return enumValues.compactMap(\.stringValue).joined(separator: "\\|")
        }
        if let format = schema["format"]?.stringValue, format == "date-phrase" { return "date" }
        if schema["type"]?.stringValue == "array", let items = schema["items"] { return typeName(items) }
        return schema["type"]?.stringValue ?? "value"
    }
}

import IntentKit

/// `--help` texts, generated from the commands and the intents' parameters.
enum HelpText {
    static func main(_ registry: IntentRegistry) -> String {
        var text = """
        intent — run typed intents from cron, pipelines and the terminal

        USAGE: intent COMMAND [ARGS...] [--home DIR] [--json] [--tz ZONE] [--now ISO] [--policy P]

        COMMANDS:

        """
        for c in Commands.all.map({ $0.configuration }) {
            text += "  \(c.name.padding(toLength: 13, withPad: " ", startingAt: 0))\(c.summary)\n"
        }
        text += "\nINTENTS:\n"
        for t in registry.intents {
            text += "  \(t.description.name.padding(toLength: 18, withPad: " ", startingAt: 0))\(t.description.summary)\n"
        }
        text += """

        \(globalOptions)
        Run 'intent run NAME --help' for an intent's parameters, 'intent COMMAND --help' for a command.
        Exit codes: 0 ok · 1 internal · 64 usage · 65 invalid input · 69 unavailable · 75 temporary ·
        77 not permitted · 78 configuration · 130 interrupted.

        """
        return text
    }

    /// What bare `intent` prints on stderr.
    static let short = """
        usage: intent COMMAND [ARGS...] [--home DIR] [--json] [--tz ZONE] [--now ISO] [--policy P]
               intent run NAME [PRIMARY] [--param value ...] [--yes] [--dry-run]
        Try 'intent --help' for the commands and intents, 'intent run NAME --help' for one intent.

        """

    /// The options every command accepts, before or after its name (from their declarations).
    static var globalOptions: String {
        "\nGLOBAL OPTIONS (before or after the command):\n" + flags(GlobalOptions.parameters)
            + "  -h, --help                help;  -V, --version  version\n\n"
    }

    /// `intent run --help`: the run options and the intents.
    static func run(_ registry: IntentRegistry) -> String {
        var text = "USAGE: \(RunCommand.configuration.usage)\n\nOPTIONS:\n"
        text += flags(RunOptions.parameters + GlobalOptions.parameters) + flags([helpFlag("show an intent's parameters")])
        text += "\nINTENTS: \(registry.names.joined(separator: ", "))\n"
        return text
    }

    /// A command's help: usage, summary, discussion, its arguments and options.
    static func command(_ c: CommandConfiguration, parameters: [ParameterSlot]) -> String {
        var text = "USAGE: \(c.usage)\n\n\(c.summary)\n"
        if let discussion = c.discussion { text += "\n" + wrap(discussion) + "\n" }
        let positionals = parameters.filter { $0.kind == .argument || $0.kind == .arguments || $0.kind == .passthrough }
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n" + positionals.map { p in
                let head = "  \(p.name)"
                return head.padding(toLength: max(head.count + 2, 28), withPad: " ", startingAt: 0) + p.help + "\n"
            }.joined()
        }
        let options = parameters.filter { $0.kind == .option || $0.kind == .flag }
        text += "\nOPTIONS:\n" + flags(options + [helpFlag("show this help")])
        text += "\nGlobal options (\(GlobalOptions.names.map { "--\($0)" }.joined(separator: " "))): see 'intent --help'.\n"
        return text
    }

    static func helpFlag(_ help: String) -> ParameterSlot {
        ParameterSlot(kind: .flag, name: "help", help: help) { _ in }
    }

    /// An intent's help: summary, side effect, parameters, examples.
    static func intent(_ type: any Intent.Type) -> String {
        let d = type.description
        let params = IntentRegistry.parameters(of: type)
        let primary = params.first(where: \.isPrimary)
        var text = "\(d.name) — \(d.summary)\n\n"
        if let discussion = d.discussion { text += wrap(discussion) + "\n\n" }
        text += "USAGE: intent run \(d.name)"
        if let primary { text += primary.isRequired ? " <\(primary.jsonKey)>" : " [<\(primary.jsonKey)>]" }
        text += " [options]\n\nSIDE EFFECT: \(d.sideEffect.rawValue)"
        if d.requiresConfirmation { text += " (asks before writing; --yes approves, --dry-run previews)" }
        text += "\n\nPARAMETERS:\n"
        for p in params {
            var line = "  \(p.flag)"
            if case .object(let o) = p.schema.jsonValue, o["type"] != .string("boolean") { line += " <\(p.jsonKey)>" }
            var notes: [String] = []
            if p.isPrimary { notes.append("primary") }
            if p.isRequired { notes.append("required") }
            if p.isArray { notes.append("repeatable") }
            if let value = p.defaultValue, !value.isNull, value != .array([]), value != .bool(false) {
                notes.append("default: \(ValueRenderer.scalar(value))")
            }
            line = line.padding(toLength: max(line.count + 2, 28), withPad: " ", startingAt: 0)
            text += line + p.description + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))") + "\n"
        }
        text += "\nRUN OPTIONS:\n" + flags(RunOptions.parameters + GlobalOptions.parameters)
        if !d.examples.isEmpty {
            text += "\nEXAMPLES:\n" + d.examples.map { "  intent run \(d.name) \($0)\n" }.joined()
        }
        return text
    }

    static func flags(_ slots: [ParameterSlot]) -> String {
        slots.map { s in
            let head = "  --\(s.name)\(s.kind == .option ? " <\(s.valueName)>" : "")"
            return head.padding(toLength: max(head.count + 2, 28), withPad: " ", startingAt: 0) + s.help + "\n"
        }.joined()
    }

    static func wrap(_ text: String, width: Int = 96) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > width, !line.isEmpty { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}

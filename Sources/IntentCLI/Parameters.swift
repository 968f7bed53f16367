import IntentKit

/// A value an option or argument holds, read from one command-line word.
protocol ArgumentValue: Sendable {
    init?(argument: String)
    /// What a word must be, for the error that names the flag: "a whole number".
    static var expectation: String { get }
}

extension String: ArgumentValue {
    init?(argument: String) { self = argument }
    static var expectation: String { "text" }
}

extension Int: ArgumentValue {
    init?(argument: String) { self.init(argument, radix: 10) }
    static var expectation: String { "a whole number" }
}

extension UInt64: ArgumentValue {
    init?(argument: String) { self.init(argument, radix: 10) }
    static var expectation: String { "a whole number" }
}

extension Double: ArgumentValue {
    init?(argument: String) { self.init(argument) }
    static var expectation: String { "a number" }
}

/// One declared parameter of a command: what the parser fills and what help, completions and
/// "did you mean" read. A wrapper (`@Option`, `@Flag`, `@Argument`, `@Passthrough`) makes one
/// when the command value is constructed and registers it with the active collector, so the
/// declarations are found without reflection, in declaration order.
final class ParameterSlot: @unchecked Sendable {
    /// `option`: `--name VALUE` or `--name=VALUE`; `flag`: `--name`, `--name=true|false`;
    /// `argument`: one positional word, in declaration order; `arguments`: every further
    /// positional word; `passthrough`: every word from here on, unparsed (`intent run NAME …`
    /// parses them against the intent).
    enum Kind: Sendable { case option, flag, argument, arguments, passthrough }

    let kind: Kind
    /// `name`: the long name without dashes (`dry-run`), or a positional's placeholder (`ID`).
    /// `valueName`: the placeholder after an option in help (`--limit <N>`). `isRequired`: a
    /// positional without which the command prints its help and exits 64. `refusesEmpty`: an
    /// empty value (`--home=`) is "--home needs a value".
    let name: String, help: String, valueName: String
    let isRequired: Bool, refusesEmpty: Bool
    private let store: (String) throws -> Void

    init(kind: Kind, name: String, help: String, valueName: String = "value", isRequired: Bool = false,
         refusesEmpty: Bool = false, store: @escaping (String) throws -> Void) {
        self.kind = kind
        self.name = name
        self.help = help
        self.valueName = valueName
        self.isRequired = isRequired
        self.refusesEmpty = refusesEmpty
        self.store = store
        ParameterCollector.register(self)
    }

    /// Stores one word (a flag gets "true" or "false").
    func accept(_ word: String) throws { try store(word) }

    /// `--limit` for options and flags, `ID` for positionals.
    var display: String { kind == .option || kind == .flag ? "--\(name)" : name }

    /// Converts `word`, or a usage error naming the parameter.
    static func convert<T: ArgumentValue>(_ word: String, for display: String) throws -> T {
        guard let value = T(argument: word) else {
            throw IntentError.usage("\(display): '\(word)' is not \(T.expectation)")
        }
        return value
    }
}

/// Gathers the slots the wrappers of one command (or option group) register while it is built.
final class ParameterCollector: @unchecked Sendable {
    @TaskLocal static var active: ParameterCollector?
    private(set) var slots: [ParameterSlot] = []

    static func register(_ slot: ParameterSlot) {
        active?.slots.append(slot)
    }

    /// Builds a value with `make` and returns it with the parameters it declared, in order.
    static func collect<Group>(_ make: () -> Group) -> (Group, [ParameterSlot]) {
        let collector = ParameterCollector()
        let value = $active.withValue(collector) { make() }
        return (value, collector.slots)
    }
}

/// The storage a wrapper and its slot share; copies of a command share it too.
final class ParameterBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A parameter's value is wrong: the runner prints `intent: error: --limit: must be positive`
/// and exits 64 (`.usage`), or, for a value that is well-formed but unusable, prints
/// `invalid value for --x: …` and exits 65 (`.invalidInput`), as the intents do.
struct ValidationError: Error, CustomStringConvertible {
    enum Kind: Sendable { case usage, invalidInput }
    /// The parameter as typed: `--limit`, or a positional's placeholder.
    var parameter: String
    var message: String
    var kind: Kind = .usage

    init(parameter: String, _ message: String, kind: Kind = .usage) {
        self.parameter = parameter
        self.message = message
        self.kind = kind
    }

    var description: String { "\(parameter): \(message)" }

    var intentError: IntentError {
        switch kind {
        case .usage: return .usage(description)
        case .invalidInput:
            let name = parameter.hasPrefix("--") ? String(parameter.dropFirst(2)) : parameter
            return .invalidValue(parameter: name, reason: message)
        }
    }
}

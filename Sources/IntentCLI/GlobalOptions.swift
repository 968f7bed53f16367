import IntentKit

/// The options every command accepts, declared once, before or after the command name:
/// `intent --home DIR list`, `intent list --home DIR`, `intent run X --tz Asia/Kolkata`.
/// The command line takes them out of the arguments first (up to a `--`); a command sees them in
/// its `CommandContext`.
struct GlobalOptions: Sendable {
    @GlobalOption("home", valueName: "DIR", help: "keep data and config under DIR (like INTENT_HOME)") var home: String?
    @Flag("json", help: "print JSON") var json: Bool
    @Flag("no-input", help: "never prompt (headless), even at a terminal") var noInput: Bool
    @GlobalOption("tz", valueName: "ZONE", help: "time zone (tzdata name); default TZ, else config tz, else the system zone") var tz: String?
    @GlobalOption("now", valueName: "ISO", help: "freeze the clock (ISO-8601; without offset = wall-clock in the zone)") var now: String?
    @GlobalOption("policy", valueName: "P", help: "local-only | prefer-local | cloud-allowed | cloud-required") var policy: String?

    /// The global options' names, for "did you mean" in every command.
    static var names: [String] { parameters.map(\.name) }

    /// Removes the global options from `args` (up to a `--`), returning them and the rest.
    static func extract(_ args: [String]) throws -> (GlobalOptions, [String]) {
        let (globals, slots) = ParameterCollector.collect { GlobalOptions() }
        let rest = try ArgumentParser.extract(args, slots: slots)
        return (globals, rest)
    }

    /// The declarations, for help and completions.
    static var parameters: [ParameterSlot] { ParameterCollector.collect { GlobalOptions() }.1 }
}

/// A global option's value: never empty (`--home=` is "--home needs a value").
@propertyWrapper
struct GlobalOption: Sendable {
    private let box: ParameterBox<String?>

    var wrappedValue: String? {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    init(_ name: String, valueName: String, help: String) {
        let box = ParameterBox<String?>(nil)
        self.box = box
        _ = ParameterSlot(kind: .option, name: name, help: help, valueName: valueName, refusesEmpty: true) {
            box.value = $0
        }
    }
}

/// `--name VALUE`: a typed option. The last of a repeated scalar option wins; an array option
/// collects every occurrence. The name is the flag without dashes (`context-window`).
@propertyWrapper
struct Option<Value: Sendable>: Sendable {
    private let box: ParameterBox<Value>

    var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// An option with a default: `@Option("limit", help: …) var limit = 20`.
    init(wrappedValue: Value, _ name: String, valueName: String = "value", help: String) where Value: ArgumentValue {
        let box = ParameterBox(wrappedValue)
        self.box = box
        _ = ParameterSlot(kind: .option, name: name, help: help, valueName: valueName) {
            box.value = try ParameterSlot.convert($0, for: "--\(name)")
        }
    }

    /// An option that may be absent: `@Option("model", help: …) var model: String?`.
    init<T: ArgumentValue>(_ name: String, valueName: String = "value", help: String) where Value == T? {
        let box = ParameterBox<Value>(nil)
        self.box = box
        _ = ParameterSlot(kind: .option, name: name, help: help, valueName: valueName) {
            box.value = .some(try ParameterSlot.convert($0, for: "--\(name)") as T)
        }
    }

    /// A repeatable option: `@Option("questions", help: …) var questions: [String]`.
    init<T: ArgumentValue>(wrappedValue: Value = [], _ name: String, valueName: String = "value", help: String)
        where Value == [T] {
        let box = ParameterBox(wrappedValue)
        self.box = box
        var given = false
        _ = ParameterSlot(kind: .option, name: name, help: help, valueName: valueName) {
            let value: T = try ParameterSlot.convert($0, for: "--\(name)")
            box.value = (given ? box.value : []) + [value]
            given = true
        }
    }
}

/// `--name` (or `--name=true|false`): a switch.
@propertyWrapper
struct Flag: Sendable {
    private let box: ParameterBox<Bool>

    var wrappedValue: Bool {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    init(wrappedValue: Bool = false, _ name: String, help: String) {
        let box = ParameterBox(wrappedValue)
        self.box = box
        _ = ParameterSlot(kind: .flag, name: name, help: help) { box.value = $0 == "true" }
    }
}

/// A positional word. Single arguments take words in declaration order; an array argument takes
/// the rest.
@propertyWrapper
struct Argument<Value: Sendable>: Sendable {
    private let box: ParameterBox<Value?>

    /// A required argument is always set once parsing succeeded (else the help was printed).
    var wrappedValue: Value {
        guard let value = box.value else { preconditionFailure("required argument read before parsing") }
        return value
    }

    /// A required word, e.g. a command's action: without it the command prints its help, exit 64.
    init(_ placeholder: String, help: String) where Value: ArgumentValue {
        let box = ParameterBox<Value?>(nil)
        self.box = box
        _ = ParameterSlot(kind: .argument, name: placeholder, help: help, isRequired: true) {
            box.value = try ParameterSlot.convert($0, for: placeholder) as Value
        }
    }

    /// An optional word: `@Argument("ID", help: …) var id: String?`.
    init<T: ArgumentValue>(_ placeholder: String, help: String) where Value == T? {
        let box = ParameterBox<Value?>(.some(nil))
        self.box = box
        _ = ParameterSlot(kind: .argument, name: placeholder, help: help) {
            box.value = .some(.some(try ParameterSlot.convert($0, for: placeholder) as T))
        }
    }

    /// The remaining words: `@Argument("FILE", help: …) var files: [String]`.
    init<T: ArgumentValue>(wrappedValue: Value = [], _ placeholder: String, help: String) where Value == [T] {
        let box = ParameterBox<Value?>(wrappedValue)
        self.box = box
        _ = ParameterSlot(kind: .arguments, name: placeholder, help: help) {
            box.value = (box.value ?? []) + [try ParameterSlot.convert($0, for: placeholder) as T]
        }
    }
}

/// Every word from this point on, unparsed (after the single arguments declared before it).
@propertyWrapper
struct Passthrough: Sendable {
    private let box: ParameterBox<[String]>

    var wrappedValue: [String] { box.value }

    init(_ placeholder: String, help: String) {
        let box = ParameterBox<[String]>([])
        self.box = box
        _ = ParameterSlot(kind: .passthrough, name: placeholder, help: help) { box.value.append($0) }
    }
}

import Foundation

/// Errors of other modules that know which `IntentError` they stand for (busy database → temporary).
public protocol IntentErrorConvertible: Error {
    var intentError: IntentError { get }
}

/// Raw parameter values for one run, before typing.
public struct ParameterRequest: Sendable {
    /// Bare positional words (the primary parameter).
    public var positional: [String]
    /// Explicit `--flag value` values, keyed by the parameter's JSON key (`due_date`).
    public var flags: [String: [String]]
    /// The `--input` object (a plain object or a previous run's `value`).
    public var input: [String: JSONValue]
    /// True for a plain `--input` object: every key must name a parameter (or an alias). False
    /// for a piped envelope's `value`, whose other fields are ignored.
    public var inputKeysMustMatch = false

    public init(positional: [String] = [], flags: [String: [String]] = [:], input: [String: JSONValue] = [:]) {
        self.positional = positional
        self.flags = flags
        self.input = input
    }
}

/// Runs one intent: resolves parameters, validates, performs, and turns every ending into an envelope.
public struct IntentRunner: Sendable {
    public init() {}

    public func run(_ type: any Intent.Type, request: ParameterRequest, context: RunContext) async -> RunEnvelope {
        await runTyped(type, request: request, context: context)
    }

    private func runTyped<I: Intent>(_ type: I.Type, request: ParameterRequest, context: RunContext) async -> RunEnvelope {
        let name = I.description.name
        let (intent, parameters) = ParameterSet.make(I.self)
        do {
            try await resolve(parameters, request: request, context: context)
            try intent.validate()
            try Task.checkCancellation()
            let result = try await intent.perform(in: context)
            var envelope = RunEnvelope(runID: context.runID, intent: name, status: result.status, dialog: result.dialog,
                                       value: try result.value.jsonValue(),
                                       route: result.route ?? .deterministic(context.policy),
                                       receiptID: result.receiptID)
            envelope.display = result.display
            return envelope
        } catch let stop as WriteStopped {
            return envelope(for: stop, intent: name, context: context)
        } catch {
            return Self.failure(Self.classify(error), intent: name, runID: context.runID)
        }
    }

    /// Maps any error to the taxonomy.
    public static func classify(_ error: Error) -> IntentError {
        switch error {
        case let e as IntentError: return e
        case let e as IntentErrorConvertible: return e.intentError
        case is CancellationError: return .cancelled
        case let e as URLError where e.code == .cancelled: return .cancelled
        default: return .internalError(String(describing: error))
        }
    }

    public static func failure(_ error: IntentError, intent: String, runID: String, value: JSONValue? = nil) -> RunEnvelope {
        RunEnvelope(runID: runID, intent: intent, status: error.status, dialog: error.description, value: value,
                    error: .init(code: error.code, message: error.description, exitCode: error.exitCode.rawValue))
    }

    private func envelope(for stop: WriteStopped, intent: String, context: RunContext) -> RunEnvelope {
        switch stop.reason {
        case .dryRun:
            return RunEnvelope(runID: context.runID, intent: intent, status: .dryRun,
                               dialog: "Dry run — nothing was written. Would save:\n"
                                   + stop.preview.lines.map { "  \($0)" }.joined(separator: "\n"),
                               value: stop.preview.value, route: stop.preview.route ?? .deterministic(context.policy),
                               receiptID: stop.preview.receiptID)
        case .confirmationRequired:
            return Self.failure(.confirmationRequired, intent: intent, runID: context.runID, value: stop.preview.value)
        case .declined:
            return Self.failure(.declined, intent: intent, runID: context.runID, value: stop.preview.value)
        }
    }

    private func resolve(_ parameters: ParameterSet, request: ParameterRequest, context: RunContext) async throws {
        if request.inputKeysMustMatch {
            let known = Set(parameters.entries.flatMap { [$0.metadata.jsonKey] + $0.metadata.inputAliases })
            if let unknown = request.input.keys.sorted().first(where: { !known.contains($0) }) {
                let names = parameters.entries.map(\.metadata.jsonKey).joined(separator: ", ")
                throw IntentError.invalidInput("--input: unknown parameter '\(Self.printable(unknown))' (parameters: \(names))")
            }
        }
        for (meta, slot) in parameters.entries {
            let input: ParameterInput?
            if let values = request.flags[meta.jsonKey], !values.isEmpty {
                input = values.count == 1 && !meta.isArray ? .text(values[0]) : .list(values.map(ParameterInput.text))
            } else if meta.isPrimary, !request.positional.isEmpty {
                input = meta.isArray ? .list(request.positional.map(ParameterInput.text))
                    : .text(request.positional.joined(separator: " "))
            } else if let json = ([meta.jsonKey] + meta.inputAliases).lazy.compactMap({ request.input[$0] })
                        .first(where: { !$0.isNull }) {
                input = .json(json)
            } else if meta.isRequired {
                input = try ask(meta, context: context)
            } else {
                input = nil
            }
            guard let input else { continue }
            do {
                try await slot.assign(input, in: context)
            } catch let problem as ParameterProblem {
                throw IntentError.invalidValue(parameter: Naming.kebab(meta.name), reason: problem.reason)
            }
        }
    }

    /// A key as it may appear in a message: short, printable ASCII.
    static func printable(_ key: String) -> String {
        let clean = String(key.unicodeScalars.prefix(40).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
        return key.unicodeScalars.count > 40 ? clean + "…" : clean
    }

    private func ask(_ meta: ParameterMetadata, context: RunContext) throws -> ParameterInput {
        let flag = Naming.kebab(meta.name)
        guard context.presence == .interactive else { throw IntentError.missingValue(parameter: flag) }
        let label = meta.description.isEmpty ? flag : meta.description
        guard let answer = context.terminal.ask("\(label): "),
              !answer.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw IntentError.missingValue(parameter: flag)
        }
        return .text(answer)
    }
}

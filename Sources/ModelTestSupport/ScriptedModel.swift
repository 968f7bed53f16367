import Foundation
import Generation
import Secrets
import Synchronization

/// A `LanguageModel` that plays back scripted replies and records every request, for unit tests
/// of routing and intents. Calling it with nothing scripted fails loudly with
/// `ModelError.invalidResponse` (a test should script every call it expects).
public final class ScriptedModel: LanguageModel {
    /// One scripted outcome.
    public enum Step: Sendable {
        /// A reply; streamed as one `.text` delta per word, then `.finish(.stop)`.
        case reply(String)
        case completion(Completion)
        /// A stream of exactly these deltas.
        case deltas([Delta])
        /// These deltas, then the error (for "failed after meaningful output").
        case deltasThenError([Delta], ModelError)
        case error(ModelError)
        /// Waits (cooperatively cancellable) before the inner step.
        indirect case delayed(Duration, Step)
    }

    private struct State {
        var steps: [Step] = []
        var history: [CompletionRequest] = []
        var availability: ModelAvailability
    }

    public let descriptor: ModelDescriptor
    public let capabilities: ModelCapabilities
    private let state: Mutex<State>

    public init(descriptor: ModelDescriptor = ModelDescriptor(target: .local, provider: "scripted", model: "scripted", host: nil),
                capabilities: ModelCapabilities = ModelCapabilities(contextWindow: 4_096, streaming: true, jsonSchemaOutput: false),
                availability: ModelAvailability = .available) {
        self.descriptor = descriptor
        self.capabilities = capabilities
        state = Mutex(State(availability: availability))
    }

    public var availability: ModelAvailability { state.withLock { $0.availability } }

    public func setAvailability(_ value: ModelAvailability) { state.withLock { $0.availability = value } }

    public func enqueue(_ step: Step) { state.withLock { $0.steps.append(step) } }
    public func enqueue(reply: String) { enqueue(.reply(reply)) }
    public func enqueue(error: ModelError) { enqueue(.error(error)) }

    /// Every request received, in order.
    public var history: [CompletionRequest] { state.withLock { $0.history } }
    /// How many calls (`complete` + `stream`) were made.
    public var callCount: Int { state.withLock { $0.history.count } }
    /// Steps not yet consumed.
    public var remainingSteps: Int { state.withLock { $0.steps.count } }

    private func next(for request: CompletionRequest) -> Step {
        state.withLock { state in
            state.history.append(request)
            guard !state.steps.isEmpty else {
                return .error(.invalidResponse(reason: "ScriptedModel has no scripted step left"))
            }
            return state.steps.removeFirst()
        }
    }

    public func complete(_ request: CompletionRequest) async throws -> Completion {
        try await Self.complete(next(for: request), model: descriptor.model)
    }

    public func stream(_ request: CompletionRequest) -> AsyncThrowingStream<Delta, Error> {
        let step = next(for: request)
        let (stream, continuation) = AsyncThrowingStream<Delta, Error>.makeStream()
        let task = Task {
            do {
                for delta in try await Self.deltas(step) {
                    try Task.checkCancellation()
                    continuation.yield(delta)
                }
                if case .deltasThenError(_, let error) = Self.unwrapped(step) { throw error }
                continuation.finish()
            } catch is CancellationError {
                continuation.finish(throwing: ModelError.cancelled)
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private static func unwrapped(_ step: Step) -> Step {
        if case .delayed(_, let inner) = step { return unwrapped(inner) }
        return step
    }

    private static func complete(_ step: Step, model: String) async throws -> Completion {
        switch step {
        case .reply(let text): return Completion(text: text, finishReason: .stop, model: model)
        case .completion(let completion): return completion
        case .deltas(let deltas), .deltasThenError(let deltas, _):
            var accumulator = CompletionAccumulator()
            deltas.forEach { accumulator.add($0) }
            if case .deltasThenError(_, let error) = step { throw error }
            return accumulator.completion(model: model)
        case .error(let error): throw error
        case .delayed(let duration, let inner):
            do { try await Task.sleep(for: duration) } catch { throw ModelError.cancelled }
            return try await complete(inner, model: model)
        }
    }

    private static func deltas(_ step: Step) async throws -> [Delta] {
        switch step {
        case .reply(let text):
            var parts: [Delta] = []
            var word = ""
            for character in text {
                word.append(character)
                if character == " " { parts.append(.text(word)); word = "" }
            }
            if !word.isEmpty { parts.append(.text(word)) }
            return parts + [.finish(.stop)]
        case .completion(let completion):
            var parts: [Delta] = completion.text.isEmpty ? [] : [.text(completion.text)]
            if let reason = completion.finishReason { parts.append(.finish(reason)) }
            if let usage = completion.usage { parts.append(.usage(usage)) }
            return parts
        case .deltas(let deltas), .deltasThenError(let deltas, _): return deltas
        case .error(let error): throw error
        case .delayed(let duration, let inner):
            do { try await Task.sleep(for: duration) } catch { throw ModelError.cancelled }
            return try await deltas(inner)
        }
    }
}

import Foundation
import Generation
import IntentKit
import LocalModel
import Primitives
import Synchronization

/// The in-process local rung: SmolLM2 run by `LocalModelRunner`, behind the same `LanguageModel`
/// protocol as a server. JSON replies are grammar-constrained to the request's schema, so they
/// always parse and validate. Nothing leaves the process.
public struct EmbeddedLanguageModel: LanguageModel {
    public let url: URL
    public let name: String
    /// Chosen with `intent models set local --embedded smollm2`. Installed weights alone do not
    /// make it a rung: measured on held-out commands it is worse and slower than the parser, so
    /// an unselected model is "present but unsuitable" (deterministic, never the cloud).
    public let selected: Bool
    private let loaded: LazyRunner

    /// The GGUF file under the model directories (`smollm2/…`), when installed.
    public static func installed(in directories: [URL]) -> URL? {
        directories.map { $0.appendingPathComponent(LocalModelRunner.smolLM2RelativePath) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Nothing is read until the first completion: a run that never asks this model pays only a
    /// `stat` of the file.
    public init(url: URL, name: String = "smollm2", selected: Bool = true) {
        self.url = url
        self.name = name
        self.selected = selected
        self.loaded = LazyRunner(url: url)
    }

    /// The runner, loaded (memory-mapped and validated) on first use.
    public func runner() throws -> LocalModelRunner {
        do { return try loaded.get() } catch {
            throw ModelError.invalidResponse(reason: "embedded model file unusable: \(String(describing: error).prefix(120))")
        }
    }

    public var descriptor: ModelDescriptor {
        ModelDescriptor(target: .local, provider: "embedded", model: name, host: nil)
    }

    public var capabilities: ModelCapabilities {
        ModelCapabilities(contextWindow: TokenBudget.local.contextWindow, streaming: true, jsonSchemaOutput: true, tools: false,
                          compactRequests: true, intents: selected ? .only(LadderIntents.usingEmbedded) : .notSelected,
                          inProcess: true)
    }

    public var availability: ModelAvailability { .available }

    public func complete(_ request: CompletionRequest) async throws -> Completion {
        // The first use maps and validates the weights and builds the tokenizer; the prompt is
        // tokenized to check it fits. Both block, so they run off the cooperative pool; generation
        // itself runs on the runner's own queue.
        let (runner, messages, options) = try await Blocking.run(label: "intent.embedded-model.prepare") { _ in
            let runner = try self.runner()
            let (messages, options) = try self.prepare(request, runner: runner)
            return (runner, messages, options)
        }
        do {
            let result = try await runner.generate(messages: messages, options: options)
            return Completion(text: result.text, finishReason: result.finishReason == .length ? .length : .stop,
                              usage: TokenUsage(promptTokens: result.promptTokenIDs.count,
                                                completionTokens: result.generatedTokenIDs.count),
                              model: name)
        } catch is CancellationError {
            throw ModelError.cancelled
        } catch let error as ModelError {
            throw error
        } catch {
            throw ModelError.invalidResponse(reason: "embedded model: \(String(describing: error).prefix(120))")
        }
    }

    public func stream(_ request: CompletionRequest) -> AsyncThrowingStream<Delta, Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let completion = try await complete(request)
                    continuation.yield(.text(completion.text))
                    if let reason = completion.finishReason { continuation.yield(.finish(reason)) }
                    if let usage = completion.usage { continuation.yield(.usage(usage)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Chat messages and options for the runner; the schema becomes the generation grammar.
    func prepare(_ request: CompletionRequest, runner: LocalModelRunner) throws -> ([LocalModel.ChatMessage], GenerationOptions) {
        let messages = request.messages.map { LocalModel.ChatMessage(role: $0.role.rawValue, content: $0.content) }
        let promptTokens = runner.promptTokens(for: messages).count
        let reply = request.maxTokens ?? TokenBudget.local.replyReserve
        guard promptTokens + reply <= capabilities.contextWindow else {
            throw ModelError.contextOverflow(estimatedTokens: promptTokens, limit: capabilities.contextWindow)
        }
        var options = GenerationOptions(maxTokens: reply, temperature: request.temperature ?? 0, reportTopLogits: 0)
        // The fixed prefix — the system message: instructions and the schema's shape, without the
        // per-command enumerations (`StructuredOutput.prepared`) — is evaluated once and kept
        // beside the weights; a run evaluates the command's turn only.
        options.prefixCacheDirectory = url.deletingLastPathComponent().appendingPathComponent("prefix-cache", isDirectory: true)
        if let schema = request.responseSchema?.schema {
            do {
                options.schema = try LocalModel.JSONSchema.parse(String(decoding: schema.jsonValue.encoded(), as: UTF8.self))
            } catch {
                throw ModelError.decodingFailure(reason: "schema not supported by the embedded model")
            }
        }
        return (messages, options)
    }
}

/// Loads a `LocalModelRunner` once, on first use, from any thread.
final class LazyRunner: Sendable {
    private let url: URL
    private let slot = Mutex<Result<LocalModelRunner, Error>?>(nil)

    init(url: URL) { self.url = url }

    func get() throws -> LocalModelRunner {
        try slot.withLock { value in
            if let value { return try value.get() }
            let result = Result { try LocalModelRunner.load(url) }
            value = result
            return try result.get()
        }
    }
}

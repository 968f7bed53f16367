import Dispatch
import Foundation
import Synchronization

/// An in-process llama-architecture model loaded from a GGUF file (SmolLM2-135M-Instruct).
///
/// Thread-safe: calls are serialized on the runner's own queue; the async entry points suspend
/// the caller while the model runs there. The weights stay memory-mapped for the runner's life.
public final class LocalModelRunner: Sendable {
    public let url: URL
    public let hyperparameters: LlamaHyperparameters
    public let tokenizer: Tokenizer
    public let chatTemplate: ChatTemplate
    public let configuration: LocalModelConfiguration
    /// Where `scripts/models-smollm2.sh` installs the weights, relative to a models directory
    /// (look it up with the models search order: `$INTENT_MODELS`, `<home>/models`,
    /// `$XDG_DATA_HOME/intent/models`).
    public static let smolLM2RelativePath = "smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"

    /// The context window (tokens) from the file's metadata.
    public var contextWindow: Int { hyperparameters.contextLength }
    let gguf: GGUFFile
    let weights: LlamaWeights
    private let context: Mutex<LlamaContext?>
    private let hashSlot = Mutex<UInt64?>(nil)
    private let queue = DispatchQueue(label: "intent.localmodel")

    /// Opens and validates `url`; throws `LocalModelError` for unreadable, truncated or
    /// unsupported files. Cheap: weights are mapped, not read.
    public static func load(_ url: URL, configuration: LocalModelConfiguration = .default) throws -> LocalModelRunner {
        try LocalModelRunner(url: url, configuration: configuration)
    }

    init(url: URL, configuration: LocalModelConfiguration) throws {
        self.url = url
        self.configuration = configuration
        gguf = try GGUFFile(path: url.path)
        hyperparameters = try LlamaHyperparameters(gguf)
        tokenizer = try Tokenizer(gguf)
        weights = try LlamaWeights(gguf, hyperparameters)
        chatTemplate = ChatTemplate(templateSource: gguf.metadata["tokenizer.chat_template"]?.stringValue)
        context = Mutex(nil)
    }

    /// Token ids of `text`; `special: true` maps control-token text such as `<|im_start|>`.
    public func tokenize(_ text: String, special: Bool) -> [Int] { tokenizer.encode(text, special: special) }

    /// Text of token ids (control tokens render as nothing).
    public func detokenize(_ ids: [Int]) -> String { tokenizer.decode(ids) }

    /// Prompt token ids for chat `messages` in the file's ChatML template, ending with the
    /// assistant header. Message contents are tokenized as plain text (control-token text a user
    /// typed is not interpreted).
    public func promptTokens(for messages: [ChatMessage]) -> [Int] {
        var ids: [Int] = []
        var list = messages
        if let system = chatTemplate.defaultSystemPrompt, messages.first?.role != "system" {
            list.insert(ChatMessage(role: "system", content: system), at: 0)
        }
        for m in list {
            ids += tokenizer.encode("<|im_start|>" + m.role + "\n", special: true)
            ids += tokenizer.encode(m.content, special: false)
            ids += tokenizer.encode("<|im_end|>\n", special: true)
        }
        ids += tokenizer.encode("<|im_start|>assistant\n", special: true)
        return ids
    }

    /// Leading tokens of `promptTokens(for: messages)` that form a fixed prefix: everything before
    /// the last message's content when every earlier message is a system message (never user
    /// text) and the last one is the user's; 0 otherwise. When `systemCut` occurs in a system
    /// message, that message counts only up to it (the rest, e.g. a schema built from the
    /// command, is not fixed). The count is the common prefix of the prompt's tokens and the
    /// fixed text's tokens, so it is exact even where BPE merges across the cut.
    public func fixedPrefixLength(for messages: [ChatMessage], systemCut: String? = nil) -> Int {
        guard let last = messages.last, last.role == "user", messages.dropLast().allSatisfy({ $0.role == "system" }) else { return 0 }
        var head = Array(messages.dropLast())
        if let system = chatTemplate.defaultSystemPrompt, head.first?.role != "system" {
            head.insert(ChatMessage(role: "system", content: system), at: 0)
        }
        var fixed: [Int] = []
        var cut = false
        for m in head {
            fixed += tokenizer.encode("<|im_start|>" + m.role + "\n", special: true)
            if let systemCut, !systemCut.isEmpty, let r = m.content.range(of: systemCut) {
                fixed += tokenizer.encode(String(m.content[..<r.lowerBound]), special: false)
                cut = true
                break
            }
            fixed += tokenizer.encode(m.content, special: false)
            fixed += tokenizer.encode("<|im_end|>\n", special: true)
        }
        if !cut { fixed += tokenizer.encode("<|im_start|>user\n", special: true) }
        let prompt = promptTokens(for: messages)
        var n = 0
        while n < min(prompt.count, fixed.count) && prompt[n] == fixed[n] { n += 1 }
        return n
    }

    /// Identity of the weights for prefix snapshots: FNV-1a of the file size, the header
    /// (metadata and tensor table, at most 16 MiB) and the last 64 KiB of tensor data.
    public var modelHash: UInt64 {
        hashSlot.withLock { slot in
            if let slot { return slot }
            var h = FNV64()
            let file = gguf.file
            h.add(UInt64(file.count))
            h.add(UnsafeRawBufferPointer(start: file.base, count: min(gguf.dataOffset, 16 << 20)))
            let tail = min(file.count, 64 << 10)
            h.add(UnsafeRawBufferPointer(start: file.base + (file.count - tail), count: tail))
            slot = h.value
            return h.value
        }
    }

    /// Generates a continuation of raw `prompt` text (control tokens in it are interpreted).
    /// `onToken` receives text deltas (whole UTF-8 characters) as they are produced.
    public func generate(prompt: String, options: GenerationOptions = GenerationOptions(),
                         onToken: (@Sendable (String) -> Void)? = nil) async throws -> GenerationResult {
        try await generate(promptTokens: tokenize(prompt, special: true), options: options, onToken: onToken)
    }

    /// Generates the assistant's reply to `messages`.
    public func generate(messages: [ChatMessage], options: GenerationOptions = GenerationOptions(),
                         onToken: (@Sendable (String) -> Void)? = nil) async throws -> GenerationResult {
        var options = options
        if options.fixedPrefixTokens == 0 { options.fixedPrefixTokens = fixedPrefixLength(for: messages, systemCut: options.fixedPrefixEnd) }
        return try await generate(promptTokens: promptTokens(for: messages), options: options, onToken: onToken)
    }

    /// Generates from prompt token ids. Cancelling the calling task stops generation before the
    /// next token and throws `CancellationError`.
    public func generate(promptTokens: [Int], options: GenerationOptions,
                         onToken: (@Sendable (String) -> Void)? = nil) async throws -> GenerationResult {
        let flag = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (cont: CheckedContinuation<GenerationResult, Error>) in
                queue.async {
                    cont.resume(with: Result { try self.generateBlocking(promptTokens: promptTokens, options: options, isCancelled: { flag.isSet }, onToken: onToken) })
                }
            }
        } onCancel: { flag.set() }
    }

    /// Streams text deltas; the stream finishes with the last delta or throws the error.
    /// Cancelling the consuming task (or dropping the stream) stops generation.
    public func stream(messages: [ChatMessage], options: GenerationOptions = GenerationOptions()) -> AsyncThrowingStream<String, Error> {
        let prompt = promptTokens(for: messages)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    _ = try await self.generate(promptTokens: prompt, options: options) { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Synchronous generation on the caller's thread (for CLIs and benchmarks). `isCancelled`
    /// is polled before every token.
    public func generateBlocking(promptTokens: [Int], options: GenerationOptions,
                                 isCancelled: @escaping () -> Bool = { false },
                                 onToken: ((String) -> Void)? = nil) throws -> GenerationResult {
        try options.validate()
        return try withContext { ctx in
            try Generator(runner: self, context: ctx, options: options, isCancelled: isCancelled, onToken: onToken)
                .run(promptTokens: promptTokens)
        }
    }

    /// Runs `body` with the session context, creating it on first use.
    func withContext<T>(_ body: (LlamaContext) throws -> T) throws -> T {
        try context.withLock { slot in
            let ctx = slot ?? LlamaContext(weights: weights, config: configuration, contextTokens: contextWindow)
            slot = ctx
            return try body(ctx)
        }
    }
}

/// A flag set from a cancellation handler and polled by the generation loop.
final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .relaxed) }
    var isSet: Bool { value.load(ordering: .relaxed) }
}

extension LocalModelRunner {
    /// Logits after evaluating `tokens` from an empty cache (diagnostics and parity checks).
    public func debugLogits(_ tokens: [Int]) throws -> [Float] {
        try withContext { ctx in
            ctx.truncate(to: 0)
            return Array(try ctx.evaluate(tokens))
        }
    }
}

/// Renders chat messages in the ChatML layout that SmolLM2's `tokenizer.chat_template` describes.
///
/// The template in the file is Jinja; this renderer implements the ChatML shape it encodes
/// (`<|im_start|>role\ncontent<|im_end|>\n` per message, then `<|im_start|>assistant\n`). If the
/// template injects a default system prompt when the first message is not a system message,
/// that prompt (read from the template text) is injected too; no other default is added.
public struct ChatTemplate: Sendable, Equatable {
    /// The default system prompt the template injects, if any.
    public let defaultSystemPrompt: String?
    public let isChatML: Bool

    public init(templateSource: String?) {
        let source = templateSource ?? ""
        isChatML = source.isEmpty || source.contains("<|im_start|>")
        defaultSystemPrompt = ChatTemplate.injectedSystemPrompt(source)
    }

    /// Extracts the literal of `'<|im_start|>system\n…<|im_end|>'` written in the template.
    static func injectedSystemPrompt(_ source: String) -> String? {
        let marker = "'<|im_start|>system\n"
        guard source.contains("!= 'system'"), let start = source.range(of: marker) else { return nil }
        let rest = source[start.upperBound...]
        guard let end = rest.range(of: "<|im_end|>") else { return nil }
        return String(rest[..<end.lowerBound])
    }

    /// The prompt text for `messages`, ending with the assistant header when
    /// `addGenerationPrompt` is true.
    public func render(_ messages: [ChatMessage], addGenerationPrompt: Bool = true) -> String {
        var out = ""
        if let system = defaultSystemPrompt, messages.first?.role != "system" {
            out += "<|im_start|>system\n\(system)<|im_end|>\n"
        }
        for m in messages { out += "<|im_start|>\(m.role)\n\(m.content)<|im_end|>\n" }
        if addGenerationPrompt { out += "<|im_start|>assistant\n" }
        return out
    }
}

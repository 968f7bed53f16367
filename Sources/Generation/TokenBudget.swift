import Foundation

/// How many tokens a target may use, as data (DESIGN §7).
public struct TokenBudget: Sendable, Equatable, Codable {
    /// The model's context window (prompt + reply).
    public var contextWindow: Int
    /// The most the assembled prompt (instructions + evidence + question) may take.
    public var promptBudget: Int
    /// Tokens kept free for the reply.
    public var replyReserve: Int

    /// The local target: window 4,096, prompt budget 3,200, 256 reserved for the reply.
    public static let local = TokenBudget(contextWindow: 4_096, promptBudget: 3_200, replyReserve: 256)
    /// The cloud target: window 32,768; the prompt may use all but 2,048 tokens kept for the reply.
    public static let cloud = TokenBudget(contextWindow: 32_768, promptBudget: 30_720, replyReserve: 2_048)

    /// The local budget scaled to a configured window (`--context-window N`), keeping the same
    /// proportions as `local`.
    public static func forLocalWindow(_ window: Int) -> TokenBudget {
        let reserve = max(256, window / 16)
        return TokenBudget(contextWindow: window, promptBudget: max(0, (window * 25) / 32), replyReserve: reserve)
    }

    /// Whether a prompt of `promptTokens` fits this budget.
    public func fits(promptTokens: Int) -> Bool {
        promptTokens <= promptBudget && promptTokens + replyReserve <= contextWindow
    }

    /// Whether `messages` fit, by the cheap estimate.
    public func fits(_ messages: [ChatMessage]) -> Bool {
        fits(promptTokens: TokenEstimator.estimate(messages))
    }
}

/// A cheap, conservative token estimate (no tokenizer): the larger of UTF-8 bytes / 4 and
/// words × 4/3, plus a few tokens of framing per message. It over-counts English prose by about
/// 10–30 % so a prompt that "fits" by the estimate fits a real tokenizer.
public enum TokenEstimator {
    /// Framing tokens per chat message (role markers).
    public static let perMessageOverhead = 4

    public static func estimate(_ text: String) -> Int {
        let bytes = text.utf8.count
        var words = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace
            if !isSpace && !inWord { words += 1 }
            inWord = !isSpace
        }
        return max((bytes + 3) / 4, (words * 4 + 2) / 3)
    }

    public static func estimate(_ messages: [ChatMessage]) -> Int {
        messages.reduce(3) { $0 + estimate($1.content) + perMessageOverhead }
    }
}

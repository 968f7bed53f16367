import Foundation

/// Deterministic tags for a thought: its `#hashtags`, explicit tags, and a few keyword rules.
enum ThoughtTagger {
    /// Keyword → tag rules, matched on whole lowercased words.
    static let rules: [(tag: String, words: Set<String>)] = [
        ("call", ["call", "phone", "ring"]),
        ("email", ["email", "e-mail", "mail", "reply"]),
        ("errand", ["buy", "pick", "groceries", "shop", "order"]),
        ("finance", ["pay", "bill", "invoice", "tax", "taxes", "bank", "rent"]),
        ("meeting", ["meeting", "meet", "sync", "standup", "1:1"]),
        ("idea", ["idea", "maybe", "what if"]),
        ("reading", ["read", "book", "article", "paper"]),
        ("health", ["doctor", "dentist", "gym", "run", "medication"]),
    ]

    static func tags(for text: String, extra: [String]) -> [String] {
        var tags: [String] = []
        func add(_ tag: String) {
            let clean = tag.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "#.,;:!?"))
            if !clean.isEmpty, !tags.contains(clean) { tags.append(clean) }
        }
        let words = text.split(whereSeparator: { $0.isWhitespace })
        for word in words where word.hasPrefix("#") && word.count > 1 { add(String(word.dropFirst())) }
        extra.forEach(add)
        let lowered = Set(words.map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters) })
        for rule in rules where !rule.words.isDisjoint(with: lowered) { add(rule.tag) }
        return tags
    }
}


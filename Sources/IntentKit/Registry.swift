/// The explicit list of intents a binary offers.
public struct IntentRegistry: Sendable {
    public let intents: [any Intent.Type]

    public init(_ intents: [any Intent.Type]) {
        self.intents = intents
    }

    public var names: [String] { intents.map { $0.description.name } }

    /// Looks an intent up by name, ignoring case.
    public func intent(named name: String) -> (any Intent.Type)? {
        intents.first { $0.description.name.lowercased() == name.lowercased() }
    }

    /// The closest known name, for "did you mean" messages.
    public func suggestion(for name: String) -> String? {
        Suggestion.closest(to: name, in: names)
    }

    /// The parameters of an intent, in declaration order.
    public static func parameters(of type: any Intent.Type) -> [ParameterMetadata] {
        ParameterSet.make(type).parameters.entries.map(\.metadata)
    }
}

/// Edit-distance suggestions for mistyped names.
public enum Suggestion {
    /// The candidate closest to `word` when it is close enough to be a typo (or a case/prefix match).
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        if let prefix = candidates.first(where: { $0.lowercased().hasPrefix(lower) && lower.count >= 3 }) {
            return prefix
        }
        let scored = candidates.map { ($0, distance(lower, $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let (best, d) = scored, d <= max(2, best.count / 3) else { return nil }
        return best
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1,
                                 previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

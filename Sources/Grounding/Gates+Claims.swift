import Foundation

/// Gate D — contradiction sweep between a written claim and the evidence it cites. Rules:
/// `D1.negation-mismatch` (the claim negates what its closest evidence sentence states, or the
/// reverse), `D2.antonym` (the claim uses the opposite of a word of its evidence sentence),
/// `D3.different-number-same-slot` (the claim gives a number for a word where the evidence gives
/// another). Claims dropped. Verbatim claims are the evidence and never fire.
struct ContradictionGate: GroundingGate {
    let id = GateID.contradiction
    static let negations: Set<String> = ["not", "no", "never", "none", "neither", "nor", "without", "cannot", "isn",
                                         "wasn", "aren", "weren", "don", "doesn", "didn", "won", "shouldn", "can't"]

    func evaluate(_ state: inout GroundingState) -> GateOutcome {
        var firings: [Firing] = []
        for claim in state.live where !state.input.claims[claim].verbatim {
            let text = state.input.claims[claim].text
            let sentences = state.cited(claim).flatMap { Self.sentences($0.text) }
            guard let closest = sentences.max(by: { Self.overlap(text, $0) < Self.overlap(text, $1) }) else { continue }
            if let rule = Self.contradiction(claim: text, evidence: closest) {
                firings.append(Firing(rule: rule, effect: .dropClaim, claim: claim))
            }
        }
        return GateOutcome(passed: firings.isEmpty, score: nil, firings: firings)
    }

    static func contradiction(claim: String, evidence: String) -> RuleID? {
        let c = TextSignals.words(claim), e = TextSignals.words(evidence)
        let cs = Set(c), es = Set(e)
        if cs.intersection(negations).isEmpty != es.intersection(negations).isEmpty { return RuleID("D1.negation-mismatch") }
        for (a, b) in Opposites.pairs {
            if (cs.contains(a) && es.contains(b) && !es.contains(a)) || (cs.contains(b) && es.contains(a) && !es.contains(b)) {
                return RuleID("D2.antonym")
            }
        }
        let claimSlots = slots(claim), evidenceSlots = slots(evidence)
        for (slot, numbers) in claimSlots {
            if let other = evidenceSlots[slot], other.isDisjoint(with: numbers) { return RuleID("D3.different-number-same-slot") }
        }
        return nil
    }

    /// The content word right after each number, as slot → numbers ("3 eggs" → eggs: {3}).
    static func slots(_ text: String) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        for (number, word) in TextSignals.numberFollowers(text) where !QuestionAnalysis.stopWords.contains(word) {
            out[TextSignals.stem(word), default: []].insert(number)
        }
        return out
    }

    static func overlap(_ a: String, _ b: String) -> Int { TextSignals.stems(a).intersection(TextSignals.stems(b)).count }

    static func sentences(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        for ch in text {
            current.append(ch)
            if ".!?\n".contains(ch) {
                let t = current.trimmingCharacters(in: .whitespacesAndNewlines)
                if !t.isEmpty { out.append(t) }
                current = ""
            }
        }
        let t = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !t.isEmpty { out.append(t) }
        return out
    }
}

/// Gate E — semantic grounding: each claim against its best cited passage (sentence embeddings
/// when installed, else word overlap). Rule: `E1.below-verification-bar` (claim dropped). A
/// verbatim claim scores 1.
struct SemanticGroundingGate: GroundingGate {
    let id = GateID.semanticGrounding
    func evaluate(_ state: inout GroundingState) -> GateOutcome {
        let bar = state.configuration.bar(extractive: state.extractive)
        var firings: [Firing] = []
        var scores: [Double] = []
        for claim in state.live {
            let c = state.input.claims[claim]
            let best = c.verbatim ? 1 : state.cited(claim).compactMap { e -> Double? in
                let sentences = ContradictionGate.sentences(e.text)
                let perSentence = sentences.compactMap { state.similarity.similarity(c.text, $0) }.max()
                let whole = state.similarity.similarity(c.text, e.text)
                return [perSentence, whole].compactMap { $0 }.max()
            }.max() ?? 0
            scores.append(best)
            if best < bar { firings.append(Firing(rule: RuleID("E1.below-verification-bar"), effect: .dropClaim, claim: claim)) }
        }
        return GateOutcome(passed: firings.isEmpty, score: scores.min(), firings: firings)
    }
}

/// Gate G — generation quality. Rules: `G1.malformed` (control characters, markup or template
/// tokens, unbalanced brackets, too few letters), `G2.degenerate-repetition` (one word or a
/// repeated phrase dominates), `G3.answer-too-long` (claims past the word limit dropped).
struct GenerationQualityGate: GroundingGate {
    let id = GateID.generationQuality
    static let markers = ["<|", "|>", "```", "</s>", "[INST]", "<think>", "{{", "}}"]
    func evaluate(_ state: inout GroundingState) -> GateOutcome {
        let c = state.configuration
        var firings: [Firing] = []
        var words = 0
        for claim in state.live {
            let text = state.input.claims[claim].text
            let w = TextSignals.words(text)
            // A verbatim quote is the source as written: only its length is the answer's to control,
            // in words as a reader counts them ("2026-01-05T08:14:33Z" is one, as the answerer counts).
            if state.input.claims[claim].verbatim {
                words += TextSignals.readerWordCount(text)
                if words > c.maxAnswerWords, claim != state.live.first {
                    firings.append(Firing(rule: RuleID("G3.answer-too-long"), effect: .dropClaim, claim: claim))
                }
                continue
            }
            if Self.malformed(text, letters: c.minClaimLetters) {
                firings.append(Firing(rule: RuleID("G1.malformed"), effect: .dropClaim, claim: claim)); continue
            }
            if Self.degenerate(w, share: c.maxRepeatedWordShare) {
                firings.append(Firing(rule: RuleID("G2.degenerate-repetition"), effect: .dropClaim, claim: claim)); continue
            }
            words += TextSignals.readerWordCount(text)
            if words > c.maxAnswerWords, claim != state.live.first {
                firings.append(Firing(rule: RuleID("G3.answer-too-long"), effect: .dropClaim, claim: claim))
            }
        }
        return GateOutcome(passed: firings.isEmpty, score: nil, firings: firings)
    }

    static func malformed(_ text: String, letters: Int) -> Bool {
        if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }) { return true }
        if markers.contains(where: { text.contains($0) }) { return true }
        if text.filter(\.isLetter).count < letters { return true }
        var depth = 0
        for ch in text {
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1; if depth < 0 { return true } }
        }
        return depth > 1
    }

    static func degenerate(_ words: [String], share: Double) -> Bool {
        let content = words.filter { !QuestionAnalysis.stopWords.contains($0) }
        guard content.count >= 6 else { return false }
        let counts = content.reduce(into: [:]) { $0[$1, default: 0] += 1 }
        if Double(counts.values.max() ?? 0) / Double(content.count) > share { return true }
        var trigrams = Set<String>()
        var repeats = 0
        for i in 0..<(content.count - 2) where !trigrams.insert(content[i...(i + 2)].joined(separator: " ")).inserted {
            repeats += 1
        }
        return repeats >= 2
    }
}

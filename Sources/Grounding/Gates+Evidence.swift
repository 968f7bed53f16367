import Foundation

/// Gate I — domain isolation (runs first). Rules: `I1.out-of-scope-evidence` (a claim citing only
/// documents outside the allowed set is dropped), `I2.sensitive-domain` (a medical, legal,
/// financial or safety question: τ rises to the sensitive bar; noted).
struct DomainIsolationGate: GroundingGate {
    let id = GateID.domainIsolation
    func evaluate(_ state: inout GroundingState) -> GateOutcome {
        var firings: [Firing] = []
        if let allowed = state.input.allowedDocuments {
            for claim in state.live where !state.cited(claim).contains(where: { allowed.contains($0.documentID) }) {
                firings.append(Firing(rule: RuleID("I1.out-of-scope-evidence"), effect: .dropClaim, claim: claim))
            }
        }
        if state.analysis.domain != nil {
            state.tau = max(state.tau, state.configuration.sensitiveTau)
            firings.append(Firing(rule: RuleID("I2.sensitive-domain"), effect: .note))
        }
        return GateOutcome(passed: !firings.contains { $0.effect != .note }, score: nil, firings: firings)
    }
}

/// Gate A — retrieval confidence with margin. Rules: `A1.below-threshold` (confidence under τ:
/// abstain), `A2.thin-margin` (a runner-up passage within the margin: noted, and in maximum mode
/// an abstention), `A3.calibrated-below-floor` (applied by the pipeline after gate H).
struct RetrievalConfidenceGate: GroundingGate {
    let id = GateID.retrievalConfidence
    func evaluate(_ state: inout GroundingState) -> GateOutcome {
        let confidence = state.input.retrievalConfidence
        var firings: [Firing] = []
        if confidence < state.tau {
            firings.append(Firing(rule: RuleID("A1.below-threshold"), effect: .abstain))
        } else if let runnerUp = state.input.runnerUpConfidence, confidence - runnerUp < state.configuration.margin {
            let strict = state.configuration.mode == .maximum && confidence < state.tau + state.configuration.margin
            firings.append(Firing(rule: RuleID("A2.thin-margin"), effect: strict ? .abstain : .note))
        }
        return GateOutcome(passed: !firings.contains { $0.effect == .abstain }, score: confidence, firings: firings)
    }
}

/// Gate F — quote faithfulness: every cited quote is the source's bytes, character for character.
/// Rule: `F1.quote-not-in-source` (the claim is dropped).
struct QuoteFaithfulnessGate: GroundingGate {
    let id = GateID.quoteFaithfulness
    func evaluate(_ state: inout GroundingState) -> GateOutcome {
        let firings = state.live.filter { !state.input.claims[$0].quotesVerified }
            .map { Firing(rule: RuleID("F1.quote-not-in-source"), effect: .dropClaim, claim: $0) }
        let total = max(state.live.count, 1)
        return GateOutcome(passed: firings.isEmpty, score: Double(total - firings.count) / Double(total), firings: firings)
    }
}

/// Gate B — coverage: every claim cites evidence. Rules: `B1.uncited-claim`,
/// `B2.citation-out-of-range` (claims dropped), `B3.too-many-citations` (noted), `B4.no-claims`
/// (the answer had none: abstain, applied by the pipeline).
struct CoverageGate: GroundingGate {
    let id = GateID.coverage
    func evaluate(_ state: inout GroundingState) -> GateOutcome {
        var firings: [Firing] = []
        for claim in state.live {
            let citations = state.input.claims[claim].citations
            if citations.isEmpty {
                firings.append(Firing(rule: RuleID("B1.uncited-claim"), effect: .dropClaim, claim: claim))
            } else if citations.contains(where: { !state.input.evidence.indices.contains($0) }) {
                firings.append(Firing(rule: RuleID("B2.citation-out-of-range"), effect: .dropClaim, claim: claim))
            } else if citations.count > state.configuration.maxCitationsPerClaim {
                firings.append(Firing(rule: RuleID("B3.too-many-citations"), effect: .note, claim: claim))
            }
        }
        let dropped = firings.filter { $0.effect == .dropClaim }.count
        let total = max(state.live.count, 1)
        return GateOutcome(passed: dropped == 0, score: Double(total - dropped) / Double(total), firings: firings)
    }
}

/// Gate C — numeric sanity: each number of a claim occurs in the evidence it cites, with the same
/// unit. Rules: `C1.number-not-in-evidence`, `C2.unit-mismatch` (claims dropped).
struct NumericSanityGate: GroundingGate {
    let id = GateID.numericSanity
    static let units: Set<String> = ["c", "f", "k", "kg", "g", "mg", "lb", "lbs", "oz", "km", "m", "cm", "mm", "mi",
                                     "miles", "ft", "feet", "in", "l", "ml", "percent", "usd", "eur", "gbp", "ha",
                                     "acres", "hours", "minutes", "seconds", "days", "weeks", "months", "years",
                                     "degrees", "celsius", "fahrenheit", "kelvin", "mph", "kmh", "w", "kw", "v"]
    func evaluate(_ state: inout GroundingState) -> GateOutcome {
        var firings: [Firing] = []
        for claim in state.live where !state.input.claims[claim].verbatim {
            let evidence = state.cited(claim).map { $0.text + " " + $0.context }.joined(separator: " ")
            let evidenceNumbers = Set(TextSignals.numbers(evidence))
            let text = state.input.claims[claim].text
            if TextSignals.numbers(text).contains(where: { !evidenceNumbers.contains($0) }) {
                firings.append(Firing(rule: RuleID("C1.number-not-in-evidence"), effect: .dropClaim, claim: claim))
                continue
            }
            let claimUnits = Self.unitsByNumber(text)
            let evidenceUnits = Self.unitsByNumber(evidence)
            for (number, units) in claimUnits {
                guard let seen = evidenceUnits[number], !seen.isEmpty else { continue }
                if units.isDisjoint(with: seen) {
                    firings.append(Firing(rule: RuleID("C2.unit-mismatch"), effect: .dropClaim, claim: claim))
                    break
                }
            }
        }
        return GateOutcome(passed: firings.isEmpty, score: nil, firings: firings)
    }

    /// The unit words that follow each number ("180 °C" → 180: {c}; "180 degrees C" too).
    static func unitsByNumber(_ text: String) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let pairs = TextSignals.numberFollowers(text)
        let words = TextSignals.words(text.replacingOccurrences(of: "°", with: " degrees "))
        for (number, word) in pairs where units.contains(word) {
            if word == "degrees", let unit = unitAfterDegrees(number, words) {
                result[number, default: []].insert(unit)
            } else {
                result[number, default: []].insert(word)
            }
        }
        return result
    }

    private static func unitAfterDegrees(_ number: String, _ words: [String]) -> String? {
        for i in words.indices.dropLast(2) where TextSignals.numbers(words[i]).first == number && words[i + 1] == "degrees" {
            if units.contains(words[i + 2]) { return words[i + 2] }
        }
        return nil
    }
}

import Foundation
import Grounding

/// Turns a grounding outcome into the answer's `gates` object and its abstention phrase.
public enum GroundingReport {
    /// Gate name → result; `detail` lists the rule ids that fired (ids only, no text).
    public static func gates(_ outcome: GroundingOutcome) -> [String: LibraryAnswer.Gate] {
        var result: [String: LibraryAnswer.Gate] = [:]
        for (id, gate) in outcome.gates {
            let rules = Array(Set(gate.firings.map(\.rule.rawValue))).sorted()
            result[id.name] = .init(passed: gate.passed, score: gate.score.map { ($0 * 1_000).rounded() / 1_000 },
                                    detail: rules.isEmpty ? nil : rules.joined(separator: ","))
        }
        return result
    }

    /// A fixed phrase for the abstaining rule (no user content).
    public static func reason(_ rule: RuleID, empty: Bool) -> String {
        if empty { return "no evidence in the library" }
        switch rule.gate {
        case .retrievalConfidence: return "the library does not support an answer"
        case .completeness: return "the passages are about the topic but do not answer what was asked"
        case .quoteFaithfulness: return "the cited sources changed since they were indexed"
        case .domainIsolation: return "no evidence in the documents this question may use"
        default: return "no claim of the answer survived verification"
        }
    }
}

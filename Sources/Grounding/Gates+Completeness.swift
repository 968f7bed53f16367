import Foundation

/// Gate H — completeness: which parts of the question the answer leaves unanswered. The salient
/// terms of the question (names, numbers, rare words) must be covered by the claims or the
/// sentences around them, and the asked-for answer type (who → a name, when → a date, how many →
/// a number, where → a place) must be present in the claims, beyond what the question says.
///
/// Rules: `H1.answer-type-missing` (noted; lowers the calibrated confidence), `H2.salient-term-uncovered`
/// (one per term, noted), `H3.salient-coverage-below-floor` (abstain: the passage is about the
/// topic but not about what is asked), `H4.question-number-missing` (a number the question
/// states is nowhere near the answer: abstain), `H5.question-month-missing` (a month the question
/// names is not in the answer itself — "at Tesco in October" answered by a September row: abstain).
struct CompletenessGate: GroundingGate {
    let id = GateID.completeness
    func evaluate(_ state: inout GroundingState) -> GateOutcome {
        let analysis = state.analysis
        let claims = state.live.map { state.input.claims[$0].text }
        let context = state.live.flatMap { claim in state.cited(claim).map(\.context) }
        let near = (claims + context).joined(separator: " ")
        var firings: [Firing] = []

        let typeText = claims.joined(separator: " ")
        state.answerTypeAgrees = analysis.answerType.isSatisfied(by: typeText, question: state.input.question)
        if !state.answerTypeAgrees {
            firings.append(Firing(rule: RuleID("H1.answer-type-missing"), effect: .note))
            state.unanswered.append(analysis.answerType.missingPart)
        }

        let nearStems = TextSignals.stems(near)
        let nearNumbers = Set(TextSignals.numbersWithWords(near))
        // A number that is part of a name ("Super Bowl 50") names the topic, not a quantity the
        // answer repeats: the passage the claim cites (its heading included) is near enough.
        let nameNumbers = TextSignals.nameNumbers(state.input.question)
        let citedNumbers = nameNumbers.isEmpty ? [] : Set(state.live.flatMap { claim in
            state.cited(claim).flatMap { TextSignals.numbers($0.text) }
        })
        var covered = 0
        var numberMissing = false
        for (stem, word) in zip(analysis.salient, analysis.salientWords) {
            let isNumber = word.first?.isNumber == true
            let number = TextSignals.numbers(word).first ?? word
            let found = isNumber ? nearNumbers.contains(number) || nearStems.contains(stem)
                || (nameNumbers.contains(number) && citedNumbers.contains(number))
                                 : nearStems.contains(stem)
            if found { covered += 1; continue }
            if isNumber { numberMissing = true }
            firings.append(Firing(rule: RuleID("H2.salient-term-uncovered"), effect: .note))
            state.unanswered.append(word)
        }
        // A month the question names must be in the answer itself: a row's neighbours are other
        // records, whose dates say nothing of this one.
        let claimStems = TextSignals.stems(claims.joined(separator: " "))
        let monthMissing = zip(analysis.salient, analysis.salientWords).contains { stem, word in
            TextSignals.monthNames.contains(word) && !claimStems.contains(stem)
        }
        state.salientCoverage = analysis.salient.isEmpty ? 1 : Double(covered) / Double(analysis.salient.count)
        if numberMissing || monthMissing {
            firings.append(Firing(rule: RuleID(numberMissing ? "H4.question-number-missing" : "H5.question-month-missing"),
                                  effect: state.configuration.questionNumberMustAppear ? .abstain : .note))
        } else if state.salientCoverage < state.configuration.salientCoverageFloor {
            firings.append(Firing(rule: RuleID("H3.salient-coverage-below-floor"), effect: .abstain))
        }
        return GateOutcome(passed: !firings.contains { $0.effect == .abstain }, score: state.salientCoverage,
                           firings: firings)
    }
}

import Foundation

/// The deterministic planner of the Deep and Maximum loops: which words to add to the question
/// for another retrieval pass. No model: the terms come from the question and from the evidence
/// the earlier passes gathered.
///
/// 1. **Variants**: the library's own spelling of a question word — an evidence word with the same
///    first five letters but another stem ("invented" → "invention", "Normandy" → "Normans").
/// 2. **Feedback terms**: words of the evidence sentences that hold at least two of the question's
///    content stems (sentences about what is asked), ranked by how many such sentences hold them,
///    then by first appearance; stop words, question words and words under four letters are left out.
///
/// The plan is only for retrieval: the answer is still scored and verified against the question
/// as asked, so an added word can bring evidence in but never makes a sentence look like an answer.
public enum QueryExpansion {
    /// A plan: the terms to add (the library's words) and the query to search with.
    public struct Plan: Sendable, Equatable {
        public var variants: [String]
        public var feedback: [String]
        public var terms: [String] { variants + feedback }
        public var query: String
    }

    /// Up to `limit` terms for `question` from `evidence` (passage texts, strongest first);
    /// `exclude` holds terms earlier passes already added (they are not proposed again).
    public static func plan(question: String, evidence: [String], limit: Int, exclude: Set<String> = []) -> Plan {
        let questionWords = TextSignals.words(question).filter { !QuestionAnalysis.stopWords.contains($0) }
        let questionStems = Set(questionWords.map(TextSignals.stem))
        var taken = Set(exclude.map(TextSignals.stem)).union(questionStems)
        func eligible(_ word: String) -> Bool {
            word.count >= 4 && !QuestionAnalysis.stopWords.contains(word) && !taken.contains(TextSignals.stem(word))
        }
        var variants: [String] = []
        var feedbackCounts: [String: Int] = [:]
        var firstSeen: [String: Int] = [:]
        var order = 0
        let prefixes = Set(questionWords.filter { $0.count >= 5 && $0.first?.isNumber != true }.map { String($0.prefix(5)) })
        for passage in evidence {
            for sentence in sentences(passage) {
                let words = TextSignals.words(String(sentence))
                for word in words where word.count >= 5 && prefixes.contains(String(word.prefix(5))) && eligible(word) {
                    if variants.count < limit { variants.append(word); taken.insert(TextSignals.stem(word)) }
                }
                let stems = Set(words.map(TextSignals.stem))
                guard stems.intersection(questionStems).count >= min(2, questionStems.count) else { continue }
                var seen = Set<String>()
                for word in words where eligible(word) && seen.insert(TextSignals.stem(word)).inserted {
                    feedbackCounts[word, default: 0] += 1
                    if firstSeen[word] == nil { firstSeen[word] = order; order += 1 }
                }
            }
        }
        let ranked = feedbackCounts.keys.sorted {
            (feedbackCounts[$0]!, -firstSeen[$0]!) > (feedbackCounts[$1]!, -firstSeen[$1]!)
        }
        var feedback: [String] = []
        for word in ranked where variants.count + feedback.count < limit && !taken.contains(TextSignals.stem(word)) {
            feedback.append(word)
            taken.insert(TextSignals.stem(word))
        }
        let added = variants + feedback
        return Plan(variants: variants, feedback: feedback,
                    query: added.isEmpty ? question : question + " " + added.joined(separator: " "))
    }

    /// Sentences of a passage (split at . ! ? and line breaks; enough for planning).
    static func sentences(_ text: String) -> [Substring] {
        text.split(whereSeparator: { ".!?\n".contains($0) }).filter { !$0.isEmpty }
    }
}

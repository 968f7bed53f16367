import Foundation

/// Words of opposite sense ("small" / "large", "less" / "over", "open" / "closed"), and the check
/// that a question says the opposite of what its answer states about the same thing: "Terra preta
/// is distributed over a small area of what?" asked of "…distributed over large areas…".
public enum Opposites {
    /// Pairs of opposites, each read both ways (gate D's `D2.antonym` reads them too).
    public static let pairs: [(String, String)] = [
        ("increase", "decrease"), ("increased", "decreased"), ("increasing", "decreasing"), ("rise", "fall"),
        ("rose", "fell"), ("before", "after"), ("above", "below"), ("more", "less"), ("more", "fewer"),
        ("over", "under"), ("over", "less"), ("higher", "lower"), ("high", "low"), ("highest", "lowest"),
        ("larger", "smaller"), ("largest", "smallest"), ("large", "small"), ("big", "small"), ("greater", "smaller"),
        ("greater", "less"), ("most", "least"), ("many", "few"), ("first", "last"), ("win", "lose"), ("won", "lost"),
        ("true", "false"), ("open", "closed"), ("allow", "forbid"), ("allowed", "forbidden"), ("early", "late"),
        ("earlier", "later"), ("maximum", "minimum"), ("north", "south"), ("east", "west"), ("northern", "southern"),
        ("eastern", "western"), ("upper", "lower"), ("hot", "cold"), ("wet", "dry"), ("safe", "dangerous"),
        ("required", "optional"), ("always", "never"), ("accept", "reject"), ("accepted", "rejected"),
        ("start", "end"), ("began", "ended"), ("beginning", "end"), ("success", "failure"), ("long", "short"),
        ("longest", "shortest"), ("old", "new"), ("oldest", "newest"), ("older", "younger"), ("oldest", "youngest"),
        ("strong", "weak"), ("major", "minor"), ("inside", "outside"), ("internal", "external"),
        ("private", "public"), ("same", "different"), ("positive", "negative"), ("best", "worst"),
        ("better", "worse"), ("modern", "ancient"), ("heavy", "light"), ("rich", "poor"), ("slow", "fast"),
        ("slowest", "fastest"), ("deep", "shallow"), ("cheap", "expensive"), ("cheapest", "dearest"),
        ("inbound", "outbound"), ("arrive", "depart"), ("arrives", "departs"), ("arrival", "departure"),
    ]

    /// The question's word and the answer's opposite of it, when `answer` holds the opposite of a
    /// word of `question` next to a word the question has next to its own (a shared neighbour:
    /// "small area" against "large areas"), and not the question's word itself. A question that
    /// names both ("high-voltage or low-voltage?") asks which, and never fires.
    public static func contradiction(question: String, answer: String) -> (asked: String, stated: String)? {
        let q = TextSignals.words(question), a = TextSignals.words(answer)
        let qSet = Set(q), aSet = Set(a)
        for (x, y) in pairs {
            for (asked, stated) in [(x, y), (y, x)] where qSet.contains(asked) && !qSet.contains(stated)
                && aSet.contains(stated) && !aSet.contains(asked) {
                if !neighbours(of: asked, in: q).isDisjoint(with: neighbours(of: stated, in: a)) { return (asked, stated) }
            }
        }
        return nil
    }

    /// Stems of the content words just before and up to three after each use of `word`.
    static func neighbours(of word: String, in words: [String]) -> Set<String> {
        var out = Set<String>()
        for i in words.indices where words[i] == word {
            for j in [i - 1, i + 1, i + 2, i + 3] where words.indices.contains(j) && !QuestionAnalysis.stopWords.contains(words[j]) {
                out.insert(TextSignals.stem(words[j]))
            }
        }
        return out
    }
}

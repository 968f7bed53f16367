import Foundation

/// The noun a question asks about: the kind of answer it names ("what's my UTR *number*") and the
/// thing whose field answers ("who's our *landlord*?").
extension QuestionAnalysis {
    /// Nouns that name the kind of answer a "what …" question asks for.
    static let typeNouns: [String: AnswerType] = {
        var nouns: [String: AnswerType] = [:]
        for n in ["year", "years", "century", "decade", "date", "day", "month", "time", "era", "period", "deadline"] { nouns[n] = .time }
        for n in ["percentage", "percent", "number", "amount", "size", "population", "temperature", "cost", "price",
                  "surplus", "profit"] {
            nouns[n] = .quantity
        }
        for n in ["person", "man", "woman", "company", "organization", "organisation", "king", "president", "team"] {
            nouns[n] = .entity
        }
        for n in ["country", "city", "place", "region", "town", "state", "continent", "river", "location"] { nouns[n] = .place }
        nouns["email"] = .email
        for n in ["phone", "mobile", "cellphone", "landline", "telephone", "tel", "hotline", "helpline"] { nouns[n] = .phone }
        return nouns
    }()

    /// The noun phrase after the question word at `i`: past a form of "be" and a determiner, up to
    /// six words to the first preposition or other stop word, a possessive's "s" and an inner
    /// "the" passed over ("what's Jamal the U9 coach's phone number" → jamal, u9, coach, phone,
    /// number).
    static func nounPhrase(_ w: [String], after i: Int) -> [String] {
        var phrase: [String] = []
        for word in w.dropFirst(i + 1) {
            if phrase.isEmpty, ["s", "is", "was", "are", "were"].contains(word) || determiners.contains(word) { continue }
            if !phrase.isEmpty, word == "s" || word == "the" { continue }
            if stopWords.contains(word) { break }
            phrase.append(word)
            if phrase.count == 6 { break }
        }
        return phrase
    }
    public static let determiners: Set<String> = ["the", "my", "our", "your", "his", "her", "their", "its", "a", "an"]
    static let whWords: Set<String> = ["what", "which", "who", "when", "where", "how", "why"]

    /// Whether the question is a noun phrase ("sam the electrician's number", "easyjet booking ref
    /// for portugal"): no question word, and it does not open as a clause does.
    static func isNounPhrase(_ w: [String]) -> Bool {
        guard let first = w.first else { return false }
        return !clauseOpeners.contains(first) && !w.contains(where: whWords.contains)
    }

    /// First words of a question that is a clause, not a noun phrase.
    static let clauseOpeners: Set<String> = ["when", "where", "how", "why", "whose", "whom", "is", "are", "was", "were", "do",
                                             "does", "did", "can", "could", "should", "will", "would", "has", "have", "had",
                                             "tell", "show", "give", "find", "list", "remind", "get", "i", "we", "if"]

    /// The weekdays and months the question names, with their other forms ("thursday": thu,
    /// thur, thurs); "may" only where a month goes.
    public static func calendarWords(of question: String) -> Set<String> {
        let w = TextSignals.words(question)
        var found = Set<String>()
        for (i, word) in w.enumerated() {
            let day = word.hasSuffix("days") ? String(word.dropLast()) : word
            let month = TextSignals.monthNames.contains(day) && (day != "may" || TextSignals.mayIsMonth(w, i))
            guard TextSignals.weekdays.contains(day) || month else { continue }
            found.insert(day)
            found.formUnion(WordVariants.variants(of: day, capitalised: false))
        }
        return found
    }

    /// The question's words that key a record by a number ("who's got plot 7?": plot, 7; "flat
    /// 2", "invoice 041"): a content word, then a number or a code with digits. A month or a
    /// weekday before a number is a date, not a key.
    public static func keyedNumbers(of question: String) -> [(noun: String, number: String)] {
        let w = TextSignals.words(question)
        return zip(w, w.dropFirst()).compactMap { noun, number in
            guard number.first?.isNumber == true, noun.first?.isLetter == true, !stopWords.contains(noun),
                  !TextSignals.calendarWords.contains(noun), typeNouns[noun] == nil
            else { return nil }
            return (noun, number)
        }
    }

    /// The kind of answer the noun phrase after "what" at `i` names when a form of "be" follows it
    /// — its first noun of a kind ("what's my UTR number", "what was the population Jacksonville
    /// city as of 2010"); nil otherwise.
    static func nounPhraseType(_ w: [String], after i: Int) -> AnswerType? {
        guard i + 1 < w.count, ["s", "is", "was", "are", "were"].contains(w[i + 1]) else { return nil }
        return nounPhrase(w, after: i).lazy.compactMap { typeNouns[$0] }.first
    }

    /// The noun a "what/which/who" question asks about — the last word of the noun phrase after
    /// it ("who's our *landlord*?", "what council tax *band* are we in?") and, when that word
    /// names only a kind ("what's my UTR number?"), the word before it too: a field labelled so
    /// ("Landlord: Mr Graham Pellow", "Valuation band: C", "UTR: 4821 307 659") answers.
    /// A question that is a noun phrase ("easyjet booking *ref* for portugal", "sam the
    /// electrician's *number*") asks about its head, the phrase's last word before a preposition.
    public static func askedNoun(of question: String) -> [String] {
        let w = TextSignals.words(numberSigns(question))
        // "when does the registration expire?": the field a form labels for the verb (`New
        // expiration`, `Date of birth` for "born")
        if w.first == "when", let verb = w.last(where: { WordVariants.verbNouns[$0] != nil }) { return [verb] }
        // "when's the water bill due?": the field labelled so (`Payment due: 14/03/2026`, a
        // Portuguese bill's `Data limite de pagamento: 06-06-2025`), not a line of the bill
        if w.first == "when", w.last == "due" { return ["due"] }
        // "how big is the plot?": `Plot size: 125 m²`
        if let how = w.firstIndex(of: "how"), how + 1 < w.count, let noun = Self.measureNouns[w[how + 1]] { return [noun] }
        // "when's the next committee meeting?": `Next meeting: Tuesday 12 May 2026`
        if w.first == "when", w.count > 2, ["s", "is", "was", "are", "were"].contains(w[1]) {
            return nounPhrase(w, after: 0).last.map { [$0] } ?? []
        }
        let i: Int
        if let wh = w.firstIndex(where: { ["what", "which", "who"].contains($0) }) { i = wh } else {
            guard isNounPhrase(w) else { return [] }
            i = -1
        }
        let phrase = nounPhrase(w, after: i)
        guard let head = phrase.last else { return [] }
        // a noun phrase that names the field first and then whose it is ("due date gaillard
        // invoice", "account number british gas"): the field (`Échéance / Due date: 08/11/2025`)
        if i < 0, let k = phrase.indices.dropFirst().dropLast().first(where: { leadingFields.contains(phrase[$0]) }) {
            return [phrase[k - 1], phrase[k]]
        }
        return typeNouns[head] != nil && phrase.count > 1 ? [phrase[phrase.count - 2], head] : [head]
    }

    /// Whether a question's word names the kind of answer it asks for, not the thing it asks
    /// about ("price" in "girolles price", "dates" in "dates of the course").
    public static func namesKind(_ word: String) -> Bool {
        typeNouns[word] != nil || word.hasSuffix("s") && typeNouns[String(word.dropLast())] != nil
    }

    /// Kinds of field a terse question may name before whose it is ("expiry date passport").
    static let leadingFields: Set<String> = ["date", "number", "deadline", "phone", "email"]

    /// The question with "no." written in full where it is the number a form or a bill prints
    /// ("british gas account no.", "dad's hospital no. at the BHI", "no. of guests"): after a
    /// word that is no stop word, with its dot, at the question's end, or before "of". "Is there
    /// no parking?" keeps its "no". "Run out" reads as "expire" ("when does the registration run
    /// out": `New expiration: 05/31/2028`), "run out of" stays.
    public static func inFull(_ question: String) -> String {
        var tokens = question.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        // "whats the emergency number", "whens the bin day": a question word's "'s" typed without
        // its apostrophe
        for i in tokens.indices {
            let lower = tokens[i].lowercased()
            let word = lower.prefix { $0.isLetter }
            guard let base = Self.apostropheless[String(word)] else { continue }
            let cased = tokens[i].first?.isUppercase == true ? base.prefix(1).uppercased() + base.dropFirst() : base
            tokens[i] = cased + "'s" + tokens[i].dropFirst(word.count)
        }
        for i in tokens.indices {
            let token = tokens[i]
            let lower = token.lowercased()
            guard lower.hasPrefix("no") else { continue }
            let rest = lower.dropFirst(2)
            guard rest.allSatisfy({ ".?,!:".contains($0) }) else { continue }
            let next = i + 1 < tokens.count ? tokens[i + 1].lowercased() : nil
            let previous = i > 0 ? tokens[i - 1].lowercased() : ""
            let afterWord = !previous.isEmpty && previous.allSatisfy(\.isLetter) && !stopWords.contains(previous)
                && !["is", "are", "was", "were", "have", "has", "had", "there", "with", "say", "said", "answer"].contains(previous)
            let dotted = rest.hasPrefix(".")
            guard afterWord && (dotted || next == nil || rest.hasPrefix("?")) || (dotted || i == 0) && next == "of" else { continue }
            tokens[i] = (token.first == "N" ? "Number" : "number") + (dotted ? String(rest.dropFirst()) : String(rest))
        }
        // "when does the registration run out": what a form writes as its expiry (not "run out of")
        for i in tokens.indices.dropLast() {
            let verb = tokens[i].lowercased(), next = tokens[i + 1].lowercased()
            guard let plain = Self.runOut[verb], next.hasPrefix("out"), next.dropFirst(3).allSatisfy({ ".?,!".contains($0) }),
                  i + 2 >= tokens.count || tokens[i + 2].lowercased() != "of" else { continue }
            tokens[i] = plain + next.dropFirst(3)
            tokens[i + 1] = ""
        }
        // "takings on paddy's day": the day it is, as a row dates it ("paddy's day (17 March)")
        let read = tokens.filter { !$0.isEmpty }.joined(separator: " ")
        let named = DayMonths.named(in: read).map { "\($0.day) \(DayMonths.monthName($0.month))" }
        return named.isEmpty ? read : read + " (" + named.joined(separator: ", ") + ")"
    }
    static let apostropheless = ["whats": "what", "whens": "when", "wheres": "where", "whos": "who", "hows": "how"]
    /// What "how big", "how far"… ask for, as a form labels it.
    static let measureNouns = ["big": "size", "large": "size", "far": "distance", "tall": "height", "high": "height",
                               "heavy": "weight", "old": "age", "wide": "width", "deep": "depth"]
    static let runOut = ["run": "expire", "runs": "expires", "ran": "expired", "running": "expiring"]

    /// Whether the question asks for a total ("total honey sales 2025?", "how much altogether",
    /// "how much was the bike service all up", not "who set it all up"; "the whole reno incl
    /// contingency" is not one unless it says so).
    public static func asksTotal(_ question: String) -> Bool {
        let words = TextSignals.words(question)
        return !Set(words).isDisjoint(with: ["total", "totals", "altogether", "overall"])
            || zip(words, words.dropFirst()).contains { $0 == "all" && $1 == "up" }
                && !Set(words).isDisjoint(with: ["much", "many", "cost", "costs", "spend", "spent", "pay", "paid"])
    }

    /// Whether the question asks for a price ("how much did the renewal cost", "how much is the
    /// quote"): a number of money (`Measure.money`).
    public static func asksPrice(_ question: String) -> Bool {
        let words = TextSignals.words(question)
        return answerType(words) == .quantity && Measure.asked(by: Set(words), in: words) == .money
    }
}

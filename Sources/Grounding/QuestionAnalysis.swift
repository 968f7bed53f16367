import Foundation

/// Topics that raise the retrieval bar (gate I): a wrong answer costs more.
public enum SensitiveDomain: String, Sendable, Codable, CaseIterable {
    case medical, legal, financial, safety

    static let lexicon: [SensitiveDomain: Set<String>] = [
        .medical: ["dose", "dosage", "medication", "medicine", "drug", "symptom", "diagnosis", "treatment", "disease",
                   "prescription", "pregnant", "allergy", "allergic", "vaccine", "mg", "overdose", "surgery", "tablet"],
        .legal: ["legal", "lawsuit", "contract", "liability", "liable", "court", "attorney", "lawyer", "sue", "custody",
                 "visa", "statute", "illegal", "penalty", "warranty"],
        .financial: ["tax", "taxes", "invest", "investment", "loan", "mortgage", "interest", "salary", "pension",
                     "dividend", "insurance", "premium", "invoice", "debt", "refund", "bank", "credit"],
        .safety: ["safe", "safety", "dangerous", "danger", "toxic", "poison", "fire", "electrical", "voltage", "gas",
                  "explosive", "hazard", "emergency", "overheat"],
    ]
}

/// The parts of a question the gates check an answer against.
public struct QuestionAnalysis: Sendable, Equatable {
    public var answerType: AnswerType
    /// Salient terms (stems): names, numbers and rare words of the question.
    public var salient: [String]
    /// The question's words as written for each salient stem (for the "unanswered" list).
    public var salientWords: [String]
    /// The stems of other forms of each salient term ("thomas" for "Tom", "nov" for "November",
    /// `WordVariants`), in the order of `salient`: an answer that holds one covers the term.
    public var salientVariants: [[String]]
    /// All content stems of the question.
    public var content: Set<String>
    public var domain: SensitiveDomain?

    /// Whether `stems` hold the salient term at `index` or another form of it.
    public func covers(_ index: Int, in stems: Set<String>) -> Bool {
        stems.contains(salient[index]) || salientVariants[index].contains { stems.contains($0) }
    }

    static let questionWords: Set<String> = ["what", "which", "who", "whom", "whose", "when", "where", "why", "how",
                                             "is", "are", "was", "were", "do", "does", "did", "can", "name", "in",
                                             "on", "at", "the", "a", "an", "of", "for", "to", "by", "from", "and", "or"]
    /// Words that ask how to reach someone ("the number to ring", "the phone number", "the
    /// emergency number", "a contact number").
    static let contactWords: Set<String> = ["ring", "call", "text", "dial", "phone", "emergency", "contact"]
    /// Whether the question asks for a reference: a word of one ("number", "no", "ref", "id",
    /// "code") after a word that says which ("preauth number", "receipt no for", "UTR number",
    /// "sort code"), not "the number of", nor a count ("how many"), nor a phone.
    static func asksIdentifier(_ w: [String]) -> Bool { !identifierKinds(w).isEmpty }

    /// The words that say which reference the question asks for: the word before each word of
    /// one, and the word before that ("insurance", "policy" of "pet insurance policy number";
    /// "utr" of "my UTR number").
    public static func identifierKinds(_ w: [String]) -> [String] {
        guard !w.contains("how") else { return [] }
        return w.indices.flatMap { n -> [String] in
            guard n > 0, identifierWords.contains(w[n]), n + 1 == w.count || w[n + 1] != "of" else { return [] }
            func says(_ which: String) -> Bool {
                !stopWords.contains(which) && !determiners.contains(which) && !whWords.contains(which) && which != "s"
                    && typeNouns[which] == nil && !contactWords.contains(which) && !ringWords.contains(which)
            }
            // "no" is a reference's only at the end or before a preposition ("account no with groomline";
            // not "society no dues")
            guard says(w[n - 1]), w[n] != "no" || n + 1 == w.count || ["for", "with", "on", "from", "at", "in"].contains(w[n + 1])
            else { return [] }
            return [w[n - 1]] + (n > 1 && says(w[n - 2]) ? [w[n - 2]] : [])
        }
    }

    public static let identifierWords: Set<String> = ["number", "no", "ref", "reference", "id", "code"]

    /// People whose "number" is the one to ring them on (not a cab's, a flat's or an account's).
    static let ringWords: Set<String> = ["driver", "plumber", "electrician", "dentist", "doctor", "vet", "landlord",
                                         "landlady", "builder", "mechanic", "babysitter", "nanny", "cleaner", "tutor",
                                         "coach", "carpenter", "painter", "roofer", "locksmith", "handyman", "caretaker",
                                         "neighbour", "neighbor", "gardener", "groomer", "physio", "therapist"]
    /// People and places one rings whose "number for the …" is a telephone number.
    static let placesToRing: Set<String> = ["steward", "office", "reception", "surgery", "clinic", "school", "hospital",
                                            "garage", "pharmacy", "manager", "warden", "nurse", "practice"]
    /// Words before "line" that make it a telephone line ("the 24/7 emergency line", "the
    /// customer care line"), not a line of a bill.
    static let lineWords: Set<String> = ["emergency", "help", "support", "customer", "care", "phone", "booking",
                                         "enquiry", "enquiries", "inquiry", "direct", "contact", "service", "advice"]

    public static let stopWords = Set(["the", "a", "an", "of", "in", "on", "at", "to", "for", "by", "from", "and", "or",
                                         "is", "are", "was", "were", "be", "been", "do", "does", "did", "what", "which",
                                         "who", "whom", "whose", "when", "where", "why", "how", "that", "this", "it",
                                         "its", "with", "as", "about", "into", "than", "there", "their", "they", "he",
                                         "she", "his", "her", "many", "much", "some", "any", "can", "could", "would",
                                         "should", "has", "have", "had", "not", "no", "one", "also", "name", "called",
                                         "type", "kind", "i", "my", "me", "we", "our", "you", "your", "if", "so", "then"])
        .union(spokenWords)

    /// Words of a question as people say it that no answer needs to hold: indefinite pronouns ("is
    /// dad allergic to anything?"), the halves of contractions ("doesn't"), fillers ("at the
    /// moment", "actually"), verbs of going and needing ("what temp do the scones go in at",
    /// "how many hours does dad need to fast", "how many people needed for quorum") and of saying
    /// ("how big did i say the holding was", "what am i supposed to bring"): the answer states
    /// the thing, not the saying. ("want" and "tell" stay: "what did Davies want to build", the
    /// "Tell Us Once" service.) Retrieval's terms leave them out too
    /// (`TextTerms.stopWords`).
    public static let spokenWords: Set<String> = [
        "anything", "something", "everything", "nothing", "anyone", "someone", "everyone", "anybody", "somebody",
        "ll", "re", "ve", "d", "m", "don", "doesn", "didn", "isn", "aren", "wasn", "weren", "hasn", "haven",
        "wouldn", "shouldn", "couldn", "moment", "actually", "please", "thanks", "basically", "really",
        "go", "goes", "need", "needs", "needed", "say", "supposed",
    ]

    public init(question: String, idf: [String: Double], rareShare: Double) {
        let words = TextSignals.words(question)
        answerType = Self.answerType(of: question)
        let names = TextSignals.names(question)
        let maxIDF = idf.values.max() ?? 0
        var salient: [String] = []
        var written: [String] = []
        var variants: [[String]] = []
        var content = Set<String>()
        let capitalised = TextSignals.capitalised(question)
        for word in words where !Self.stopWords.contains(word) {
            let stem = TextSignals.stem(word)
            content.insert(stem)
            let isNumber = word.first?.isNumber == true
            // Rare: among the question's rarest words that the library holds (a word in no passage
            // is not evidence of a near miss; gate A already weighs unknown names).
            let rare = maxIDF > 0 ? (idf[word] ?? 0) >= rareShare * maxIDF : word.count >= 7
            if (names.contains(word) || isNumber || rare), !salient.contains(stem) {
                salient.append(stem); written.append(word)
                variants.append(WordVariants.variants(of: word, capitalised: capitalised.contains(word)).map(TextSignals.stem).sorted())
            }
        }
        self.salient = salient
        self.salientWords = written
        self.salientVariants = variants
        self.content = content
        let set = Self.domainWords(words)
        domain = SensitiveDomain.allCases.first { !(SensitiveDomain.lexicon[$0] ?? []).isDisjoint(with: set) }
    }

    /// The words that may name a sensitive domain: not those of a compound that names none ("the
    /// food bank", "a power bank", "bank holiday", "the gas bill", "gas meter reading").
    static func domainWords(_ words: [String]) -> Set<String> {
        Set(words.indices.filter { i in
            let word = words[i], before = i > 0 ? words[i - 1] : "", after = i + 1 < words.count ? words[i + 1] : ""
            let compound = word == "bank" && (["food", "power", "blood", "piggy", "river"].contains(before)
                                              || ["holiday", "holidays"].contains(after))
                || word == "gas" && ["bill", "bills", "meter", "reading", "readings", "account", "supplier", "tariff",
                                     "usage"].contains(after)
            return !compound
        }.map { words[$0] })
    }

    static func answerType(_ words: [String]) -> AnswerType {
        // read with a file's shortenings in full ("what temp…" asks what "what temperature…" does)
        let w = words.map(WordVariants.fullForm)
        func at(_ i: Int) -> String { i < w.count ? w[i] : "" }
        // "number to ring if the coffee machine breaks down": a phone number
        // ("the number of people who call it home" counts; "the call reference number when i
        // called member services" is a reference), and so is "the vets out of hours number"
        if let n = w.firstIndex(of: "number"), at(n + 1) != "of", n == 0 || !AnswerType.identifierLabelWords.contains(w[n - 1]),
           w.contains(where: QuestionAnalysis.contactWords.contains) || n >= 3 && w[(n - 3)..<n] == ["out", "of", "hours"] {
            return .phone
        }
        if let n = w.firstIndex(of: "line"), n > 0, lineWords.contains(w[n - 1]) { return .phone }
        // "number for the market steward on the day", "the number for the pediatric dentist": the
        // number one rings someone on (not "the quote number for the coach bus")
        if let n = w.firstIndex(of: "number"), at(n + 1) == "for",
           n == 0 || determiners.contains(w[n - 1]) || whWords.contains(w[n - 1]) || ["s", "is", "the"].contains(w[n - 1]),
           w.dropFirst(n + 2).prefix(4).contains(where: { ringWords.contains($0) || placesToRing.contains($0) }) {
            return .phone
        }
        // "ganesh pawar cab driver number", "the plumber's number", "isla's grandma number",
        // "mums number": a person one rings
        if let n = w.firstIndex(of: "number"), n > 0, case let whose = w[n - 1] == "s" && n > 1 ? w[n - 2] : w[n - 1],
           ringWords.contains(whose) || TextSignals.kinshipWords.contains(whose)
            || whose.hasSuffix("s") && TextSignals.kinshipWords.contains(String(whose.dropLast())) {
            return .phone
        }
        // "ganesh's number", "whats my sister's number": a person's number, the one you ring (not
        // "the invoice's number", nor "ganesh's number plate")
        if let n = w.lastIndex(of: "number"), n >= 2, w[n - 1] == "s", ["", "for", "please", "again"].contains(at(n + 1)),
           !["the", "this", "that", "a", "an", "its", "their"].contains(n >= 3 ? w[n - 3] : "") {
            return .phone
        }
        // "lucia's cell number", "coach greg's cell": a cell phone, not a cell of a table or a body
        if let n = w.firstIndex(of: "cell"), ["number", "no", "phone"].contains(at(n + 1)) || n > 0 && n == w.count - 1 && w[n - 1] == "s" {
            return .phone
        }
        // "receipt no for the oct daycare payment", "baba's bed number in the day care ward": a
        // question typed as a noun phrase that names a reference
        if isNounPhrase(w), asksIdentifier(w) { return .identifier }
        for i in w.indices {
            switch w[i] {
            case "who", "whom", "whose": return .entity
            // ("When the three types of rock are re-melted what is formed?": a clause that sets
            // the scene, and the question is its "what")
            case "when" where !Self.opensClause(w, at: i): return .time
            case "where": return .place
            case "how" where ["many", "much", "long", "old", "far", "big", "large", "tall", "high", "often", "hot", "warm", "cold",
                              "heavy", "wide", "deep", "fast"].contains(at(i + 1)):
                return ["long", "old", "often"].contains(at(i + 1)) && at(i + 2) == "ago" ? .time : .quantity
            case "what", "which", "in":
                // "what's the quote number for the coach bus": a reference, named in the noun
                // phrase asked about (not "when was the prime number theorem proven")
                // (the reference its head: not "the highest reference hospital in Poland")
                if w[i] != "in", case let phrase = nounPhrase(w, after: i), phrase.last.map(identifierWords.contains) == true,
                   asksIdentifier(phrase) { return .identifier }
                let next = at(i + 1) == "the" ? at(i + 2) : at(i + 1)
                if let type = typeNouns[next] { return type }
                // "what's my UTR number", "what is the population of …": the noun phrase after
                // the verb and its determiner names the kind of answer.
                if w[i] != "in", let type = nounPhraseType(w, after: i) { return type }
                // "what did I spend at Topps", "what do we owe the dentist": an amount of money
                // ("what do te aro physio charge if i cancel late": a name of three words before it)
                // ("what did the tractor repair come to": a sum; "what did the house appraise for")
                if w[i] == "what", ["did", "do", "does", "will", "would"].contains(at(i + 1)),
                   case let clause = w.dropFirst(i + 2).prefix(8).prefix(while: { !["about", "with", "for", "say", "said", "tell", "told"].contains($0) }),
                   clause.prefix(5).contains(where: Self.payingVerbs.contains) || zip(clause, clause.dropFirst()).contains(where: { $0 == ("come", "to") }) {
                    return .quantity
                }
                // "what's the most i can get from the grant": an amount (not "the most popular dish")
                if w[i] == "what", case let phrase = nounPhrase(w, after: i), phrase == ["most"] || phrase == ["least"] { return .quantity }
                // "what's mei's share of the power bill", "what will my monthly hoa dues be": an amount
                if w[i] == "what", amountNamed(nounPhrase(w, after: ["will", "would"].contains(at(i + 1)) ? i + 1 : i)) {
                    return .quantity
                }
            default: continue
            }
            if whWords.contains(w[i]) { return .open }
        }
        // A question typed as a noun phrase ("sam the electrician's number", "kick off time
        // saturday?"): its noun of a kind names the answer's.
        // ("total maintenance spent on the truck this year": "this year" says when, not what is
        // asked; so does "for the year" in "council tax total for the year 2025/26")
        guard isNounPhrase(w) else { return .open }
        func qualified(_ i: Int) -> Bool {
            i > 0 && (Self.periodQualifiers.contains(w[i - 1]) || i > 1 && w[i - 1] == "the" && Self.periodPrepositions.contains(w[i - 2]))
        }
        let kinds = w.indices.lazy.filter { !qualified($0) || !Self.periods.contains(w[$0]) }.compactMap { typeNouns[w[$0]] }
        return kinds.first ?? (amountNamed(nounPhrase(w, after: -1)) ? .quantity : .open)
    }

    /// Words before a noun of time that make it the period a question is about ("this year",
    /// "last month", "per day"), not the kind of answer it asks.
    /// ("last date for submitting" asks a date: a day or a date is no period)
    static let periodQualifiers: Set<String> = ["this", "last", "next", "per", "each", "every", "a", "that"]
    static let periods: Set<String> = ["year", "years", "month", "decade", "century", "era", "period"]
    static let periodPrepositions: Set<String> = ["for", "in", "over", "during"]

    /// Whether `question` asks why: "why", "how come", "what was the reason".
    public static func asksReason(_ question: String) -> Bool {
        let w = TextSignals.words(question)
        return w.contains("why") || w.contains("reason") || zip(w, w.dropFirst()).contains { $0 == "how" && $1 == "come" }
    }

    /// Whether the "when" at `i` opens a clause before the question's own wh-word: no verb
    /// follows it ("When dating rocks, what…", "When an activated T cell finds…, it releases
    /// what?"), and a later wh-word asks. "When was…", "when's…" and "when the bin day?" ask when.
    static func opensClause(_ w: [String], at i: Int) -> Bool {
        guard i + 1 < w.count, !clauseVerbs.contains(w[i + 1]) else { return false }
        return w[(i + 2)...].contains { $0 != "when" && whWords.contains($0) }
    }
    static let clauseVerbs: Set<String> = ["is", "was", "are", "were", "do", "does", "did", "will", "would", "can", "could",
                                           "should", "shall", "has", "have", "had", "may", "might", "must", "s", "d", "ll",
                                           "re", "am"]

    /// The words a field's label may say the money asked with: the question's words of paying
    /// or of a sum ("pay", "deposit", "fee") and their other forms ("paid", "payment"); empty when
    /// the question asks for no sum of money.
    /// `answerType`: the question's (`answerType(of:)`).
    public static func moneyLabelWords(of question: String, answerType: AnswerType) -> Set<String> {
        let w = TextSignals.words(question)
        guard answerType == .quantity, Measure.asked(by: Set(w), in: w) == .money else { return [] }
        var words = Set(w).intersection(Measure.moneyWords)
        for word in words { words.formUnion(WordVariants.variants(of: word, capitalised: false)) }
        return words
    }

    /// Whether a noun phrase names an amount ("max housing aid grant", "gict guest house room
    /// rate", "fuel card balance", "corrib charging us per bag"): a word of `amountWords`.
    static func amountNamed(_ phrase: [String]) -> Bool {
        phrase.contains(where: amountWords.contains)
    }

    /// Nouns of an amount, and the verbs of charging a noun phrase can hold.
    static let amountWords: Set<String> = ["rate", "rates", "total", "balance", "value", "interest", "share", "max",
                                           "maximum", "min", "minimum", "limit", "deductible", "excess", "dues",
                                           "takings", "fee", "fees", "charge", "charges", "charging", "grant",
                                           "allowance", "premium", "rent", "salary", "wage", "wages", "budget", "fare",
                                           "deposit", "refund", "quote", "price", "cost", "costs", "bill", "payment",
                                           "payments", "threshold", "sales", "offer", "figure",
                                           // a measurement: "what was my a1c in march", "what did jamie score"
                                           "score", "mark", "reading", "dose", "fever", "pressure", "weight", "pay",
                                           "a1c", "mileage"]
}

/// A measure a quantity question names, and how an answer states it.
enum Measure {
    /// "what temperature", "how hot": degrees.
    case temperature
    /// "how long does it bake": a duration.
    case duration
    /// "how long is the river / the flight": a length or a duration.
    case durationOrLength
    /// "how many hours does he fast": a duration in hours (not "one week").
    case hours
    /// "how much did it cost", "how much was the boiler service" (after "how much", a word of
    /// paying, or a form of "be" without a participle): money.
    case money
    /// "how heavy", "how many kilos", "what does it weigh": a weight.
    case weight
    /// "how big is our allotment plot", "how large was the old flat": an area.
    case area
    /// "how high are the power points", "how wide is the door": a length.
    case length

    static let beVerbs: Set<String> = ["is", "are", "was", "were", "be", "s"]

    static func asked(by words: Set<String>, in order: [String]) -> Measure? {
        let words = Set(words.map(WordVariants.fullForm)), order = order.map(WordVariants.fullForm)
        if !words.isDisjoint(with: ["temperature", "hot", "warm", "cold", "degrees"]) { return .temperature }
        // "how high", "how tall", "how wide", "how deep": a length (not "how high is the rate")
        if zip(order, order.dropFirst()).contains(where: { $0 == "how" && ["high", "tall", "wide", "deep"].contains($1) }),
           words.isDisjoint(with: ["rate", "rates", "interest", "pressure", "bp", "fever", "score", "price", "bill", "cost",
                                   "percent", "percentage", "level", "sugar", "temperature"]) { return .length }
        // "how big" of a place: its area (not "how big is the file", nor the baby)
        if zip(order, order.dropFirst()).contains(where: { $0 == "how" && ["big", "large"].contains($1) }),
           !words.isDisjoint(with: Self.placeNouns) { return .area }
        for (i, word) in order.enumerated() where word == "how" && i + 1 < order.count && order[i + 1] == "long" {
            let next = i + 2 < order.count ? order[i + 2] : ""
            if next == "ago" { return nil }
            return beVerbs.contains(next) ? .durationOrLength : .duration
        }
        if !words.isDisjoint(with: weightWords) { return .weight }
        // "how much is the fridge", "how much was the service": a price ("how much is it
        // distributed" is a degree, "how many did they pay" a count)
        if let many = order.indices.first(where: { order[$0] == "many" && $0 > 0 && order[$0 - 1] == "how" }) {
            // "how many hours does he fast", "how many km did the van do": a duration, a length
            let unit = many + 1 < order.count ? order[many + 1] : ""
            if Self.hourUnits.contains(unit) { return .hours }
            if Self.durationUnits.contains(unit), unit.count > 1 { return .duration }
            if Self.lengthUnits.contains(unit), unit.count > 1, unit != "long" { return .length }
            return nil
        }
        let much = order.indices.first { order[$0] == "much" && $0 > 0 && order[$0 - 1] == "how" }
        let rest = much.map { order.dropFirst($0 + 1) } ?? []
        let priced = rest.first.map(beVerbs.contains) == true && !rest.dropFirst().contains { $0.count > 4 && $0.hasSuffix("ed") }
        // (a refund, a late fee, interest or a rate is as often a share as a sum: "50%", "1.5% per month")
        guard words.isDisjoint(with: shareWords) else { return nil }
        // (a pass mark is a score, whatever it is for: "the pass mark for the grant evaluation")
        if zip(order, order.dropFirst()).contains(where: { $0 == "pass" && ["mark", "marks", "score"].contains($1) }) { return nil }
        return priced || !words.isDisjoint(with: moneyWords) ? .money : nil
    }

    /// (a late fee too: "1.5% per month"; not "the delivery fee", "the rates bill")
    static let shareWords: Set<String> = ["refund", "refunds", "interest", "rate", "discount", "commission", "percent",
                                          "percentage", "share", "late"]

    static let placeNouns: Set<String> = ["plot", "flat", "apartment", "house", "home", "garden", "room", "bedroom",
                                          "kitchen", "holding", "land", "field", "site", "office", "unit", "property",
                                          "allotment", "yard", "lot", "farm", "garage", "studio", "shed", "polytunnel"]
    static let weightWords: Set<String> = ["heavy", "heavier", "weigh", "weighs", "weighed", "weight", "kilos", "kilograms",
                                           "kg", "grams", "tonnes", "tons", "ounces"]
    static let weightUnits: Set<String> = ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "g", "gram", "grams", "lb",
                                           "lbs", "pound", "pounds", "oz", "ounce", "ounces", "stone", "st", "tonne", "tonnes",
                                           "ton", "tons", "t"]
    static let moneyWords: Set<String> = ["cost", "costs", "pay", "paid", "pays", "spend", "spent", "spends", "charge",
                                          "charged", "charges", "price", "priced", "fee", "fees", "quote", "quoted", "owe",
                                          "owed", "raise", "raised", "earn", "earned", "earns", "premium", "bill", "refund",
                                          "refunded", "deposit", "salary", "rent", "money", "budget", "fare",
                                          // money given: "how much did the trust award us"
                                          "award", "awarded", "grant", "granted", "donate", "donated", "donation",
                                          "donations", "reimburse", "reimbursed", "income", "wage", "wages",
                                          // "whats corrib charging us", "our deductible", "hoa dues", "how much did
                                          // insurance cover"
                                          "charging", "deductible", "dues", "takings", "allowance", "cover", "covered",
                                          "covers",
                                          // "balance due for the respite", "how much gst was on the invoice"
                                          "balance", "vat", "gst", "hst", "excess"]
    static let currencyWords: Set<String> = ["pound", "pounds", "pence", "dollar", "dollars", "cent", "cents", "euro", "euros",
                                             "yen", "yuan", "franc", "francs", "rupee", "rupees", "lira",
                                             "peso", "pesos", "krona", "kronor", "guineas", "shillings", "gbp", "usd", "eur",
                                             // rupees as bills write them: "Rs. 500/-", "INR 2,340"
                                             "rs", "inr",
                                             // and the codes and names of other currencies people hold
                                             "rand", "zar", "sgd", "aud", "nzd", "cad", "chf", "hkd", "sek", "nok",
                                             "dkk", "pln", "zloty", "kes", "ksh", "ngn", "naira", "ringgit", "myr",
                                             "baht", "thb", "aed", "dirham", "dirhams", "brl", "mxn", "jpy", "cny"]

    static let durationUnits: Set<String> = ["second", "seconds", "sec", "secs", "minute", "minutes", "min", "mins",
                                             "hour", "hours", "hr", "hrs", "h", "day", "days", "week", "weeks",
                                             "month", "months", "year", "years", "overnight", "night", "nights",
                                             "decade", "decades", "century", "centuries"]
    static let hourUnits: Set<String> = ["hour", "hours", "hr", "hrs"]
    static let lengthUnits: Set<String> = ["km", "kilometres", "kilometers", "kilometre", "kilometer", "mile", "miles",
                                           "metres", "meters", "metre", "meter", "m", "feet", "foot", "ft", "inches",
                                           "inch", "cm", "mm", "yards", "yard", "long"]

    func isMentioned(in text: String) -> Bool {
        let words = Set(TextSignals.words(text))
        switch self {
        case .temperature:
            if text.contains("°") || text.contains("&deg;") || text.contains("&#176;") || text.contains("º") { return true }
            if !words.isDisjoint(with: ["degrees", "degree", "fahrenheit", "celsius"]) { return true }
            // "180C", "350 F": a number with a C or F unit; a field labelled so ("frost protection
            // C: 7.0", "target temp: 19.5")
            return text.range(of: #"\b\d{2,3}\s?[CF]\b"#, options: .regularExpression) != nil
                || text.range(of: #"(\b[CF]|[Tt]emp[a-z]*|TEMP[A-Z]*): -?\d"#, options: .regularExpression) != nil
        case .duration:
            return !words.isDisjoint(with: Self.durationUnits)
        case .weight:
            return !words.isDisjoint(with: Self.weightUnits) || text.range(of: #"\d(kg|g|lbs?|oz|t)\b"#, options: .regularExpression) != nil
        case .money:
            // a currency sign or word, an amount to the penny as a statement's column has it ("195.00"),
            if text.contains(where: { "£$€¥₹".contains($0) }) || text.contains("&pound;") || text.contains("&euro;") { return true }
            // or a number under a money column's label ("amount: 287", "Debit: 195"), or cents or
            // pence ("50c per page", "20p")
            // (and to the cent with a decimal comma, "9 826,75" and "1.234,56"; a rand amount, "R320",
            // "R 9 826,75", not a tyre's "R16"; not days listed, "14,15 and 16 March")
            // (a "mark" is money after a number only: "(code is with Mark)" is a person)
            return !words.isDisjoint(with: Self.currencyWords)
                || text.range(of: #"(?i)\d\s?(deutsche\s)?marks?\b"#, options: .regularExpression) != nil
                || text.range(of: #"\b\d[\d,]*\.\d{2}\b|\b\d{1,3}[cp]\b"#, options: .regularExpression) != nil
                || text.range(of: #"\b\d{1,3}([ .\u00A0]\d{3})*,\d{2}\b(?!,\d|\s*(and|or|&|to|-|–)\s*\d)"#, options: .regularExpression) != nil
                || text.range(of: #"\bR\s?(\d{1,3}([ ,.\u00A0]\d{3})*[.,]\d{2}|\d{3,}|\d{1,3}([ ,.\u00A0]\d{3})+)\b"#,
                              options: .regularExpression) != nil
                || text.range(of: #"(?i)\b(amount|cost|price|total|debit|credit|paid|fee|balance|spent|charge|value)[a-z]*: -?\d"#,
                              options: .regularExpression) != nil
        case .length:
            // "1000mm", "82 cm", "54\" AFF", "6 ft", "2.3 km"
            return !words.isDisjoint(with: Self.lengthUnits)
                || text.range(of: #"\d\s?(mm|cm|m|km|ft|mi)\b|\d(in|["″′'])"#, options: .regularExpression) != nil
        case .area:
            // "125 m²", "74,50 m2", "850 sq ft", "4.2 hectares", "2 acres"
            return !words.isDisjoint(with: ["sq", "sqm", "sqft", "square", "hectare", "hectares", "ha", "acre", "acres"])
                || text.range(of: #"\d\s?(m²|m2|ft²|ft2|km²)"#, options: .regularExpression) != nil
        case .hours:
            return !words.isDisjoint(with: Self.hourUnits) || text.range(of: #"\d\s?h\b"#, options: .regularExpression) != nil
        case .durationOrLength:
            return Measure.duration.isMentioned(in: text) || Measure.length.isMentioned(in: text)
        }
    }
}

extension QuestionAnalysis {
    /// Verbs of paying: "what did it cost" asks for an amount.
    static let payingVerbs: Set<String> = ["spend", "spent", "pay", "paid", "cost", "owe", "charge", "earn", "bill", "budget",
                                           "budgeted", "appraise", "appraised"]

    /// The answer type `question` asks for.
    public static func answerType(of question: String) -> AnswerType { answerType(TextSignals.words(numberSigns(question))) }

    /// `question` with a number sign that stands as a word read as the word ("city permit # for
    /// the truck", "generator serial #"); a sign before a number ("plot #5") is left as it is.
    static func numberSigns(_ question: String) -> String {
        guard question.contains("#") else { return question }
        return question.replacingOccurrences(of: #"#(?=\s|\?|$)"#, with: " number", options: .regularExpression)
    }
}

import Foundation

/// What kind of answer a question asks for.
public enum AnswerType: String, Sendable, Codable {
    /// who, whom, whose: a person or an organisation.
    case entity
    /// when, what year, what century: a date or a time.
    case time
    /// how many, how much, what percentage: a number.
    case quantity
    /// where: a place.
    case place
    /// "what's Dean's email?": an email address.
    case email
    /// "what's Jon's mobile?", "the vet's phone number": a phone number.
    case phone
    /// "preauth number for the cataract", "receipt no for the july payment", "what's my UTR
    /// number": a reference, a code or an account number.
    case identifier
    /// anything else (what, which, why, how): no type to check.
    case open
}

extension AnswerType {
    /// What an answer without this type leaves out, as the answer's "Not found" note says it.
    public var missingPart: String {
        switch self {
        case .entity: "the person or organisation asked for"
        case .time: "the date or time asked for"
        case .quantity: "the number asked for"
        case .place: "the place asked for"
        case .email: "the email address asked for"
        case .phone: "the phone number asked for"
        case .identifier: "the reference or number asked for"
        case .open: "the answer asked for"
        }
    }

    /// True when `text` holds something of this type that `question` does not already contain.
    /// `text` is read as a reader sees it: a saved page's character references decoded.
    public func isSatisfied(by text: String, question: String) -> Bool {
        let text = HTMLEntities.decode(text)
        let asked = Set(TextSignals.words(question))
        switch self {
        case .open: return true
        case .time:
            // "what time…" asks for a clock time: a date or a price of 465 does not answer it
            if Self.asksClockTime(TextSignals.words(question)) { return TextSignals.hasClockTime(text) }
            // (a phone number's groups are no years: `Yakima, WA 98903 · 509-555-0102` dates nothing)
            // (nor a notice of copyright: `© 2026 Safe Hands First Aid Training Ltd` is no day)
            let dated = TextSignals.withoutAmounts(TextSignals.withoutCodes(Self.withoutPhones(Self.withoutCopyright(text))))
            let fresh = TextSignals.words(dated).filter { !asked.contains($0) }.joined(separator: " ")
            return TextSignals.hasDate(fresh) || TextSignals.hasDate(Self.freshNumbers(dated, asked))
                || TextSignals.hasClockTime(text)
        case .quantity:
            // (a phone number, an email address or a reference counts nothing: "how many stalls"
            // is not answered by `work phone: 0113 496 0907`)
            // (nor a day of the year: `Date(s): 12/06/2025 (6 December 2025)` is no sale's takings)
            let counted = Self.withoutDays(Self.withoutContacts(TextSignals.withoutCodes(text)))
            // (nor a name whose letters lead its digits: a `U12` team, a `B-14` booth count nothing)
            let fresh = TextSignals.withoutPartitives(TextSignals.words(counted)).filter { !asked.contains($0) && !Self.isLettered($0) }
                .joined(separator: " ")
            guard TextSignals.hasNumber(fresh) else { return false }
            // A question that names its measure wants that measure, not any number
            // ("what temperature…": "180°C", not "1 lemon"; "how long…": "45 minutes").
            guard let units = Measure.asked(by: asked, in: TextSignals.words(question)) else { return true }
            return units.isMentioned(in: text)
        case .entity:
            // A name, or a party named by its role ("The tenant pays the council tax"). A name
            // may open a line ("Ruth says knock the cells back"); a reference's letters are none
            // (`WO-2026-0187`).
            if Self.namesAnother(TextSignals.withoutCodes(text), asked) { return true }
            return !Set(TextSignals.words(text)).subtracting(asked).isDisjoint(with: Self.roleWords)
        case .place:
            // A named place, or a spot described ("under the blue pot by the back door").
            if Self.namesAnother(text, asked, inSentence: true) { return true }
            return !Set(TextSignals.words(text)).subtracting(asked).isDisjoint(with: Self.spatialWords)
        case .email:
            return text.range(of: Self.emailPattern, options: .regularExpression) != nil
        case .phone:
            // seven digits or more, in groups: "07700 900562", "+351 966 204 518", "(029) 2018 0614";
            // a date written with dashes ("2026-03-07", "07-03-2026") is none, nor a serial or a
            // code whose digits letters touch ("RL2-24-0458", "SR-2026-118734X")
            // (nor a timestamp, "2026-03-16T08:12:44-04:00")
            let undated = text.replacingOccurrences(of: #"\b(?:"# + Self.dashedDate + #")(T[\d:.+-]+)?\b"#,
                                                    with: " ", options: .regularExpression)
            var rest = undated[...]
            while let range = rest.range(of: Self.phonePattern, options: .regularExpression) {
                if rest[range].filter(\.isNumber).count >= 7, !Self.labelledAsIdentifier(undated[..<range.lowerBound]) { return true }
                rest = rest[range.upperBound...]
            }
            return false
        case .identifier:
            // as written, between white space: "2,500.00" is one amount, not "2", "500" and "00"
            // (a character reference left undecoded is no word)
            let plain = text.replacingOccurrences(of: #"&#?[0-9A-Za-z]+;"#, with: " ", options: .regularExpression)
            // (a number to ring is no reference: "call 1-800-555-0119 and have your account number ready")
            let tokens = plain.split(whereSeparator: \.isWhitespace).map { String($0).trimmingCharacters(in: Self.edgePunctuation) }
            return tokens.indices.contains { i in
                let token = tokens[i]
                guard !asked.contains(token.lowercased()) else { return false }
                // a number a reference's word names, however short: "atomic number 8", "Stall number: 14"
                if i > 0, token.allSatisfy(\.isNumber), case let word = tokens[i - 1].lowercased(),
                   word == "#" || QuestionAnalysis.identifierWords.contains(word) { return true }
                guard Self.isIdentifier(token) else { return false }
                return i == 0 || !Self.ringingWords.contains(tokens[i - 1].lowercased())
                    || token.range(of: #"^\+?[\d()-]+$"#, options: .regularExpression) == nil
            }
        }
    }

    /// Whether a field's label (its words, `TextSignals.words`) names this kind of answer: a
    /// `location:` or `venue:` for a place, a `start:` or `due:` for a time, a `with:` or a
    /// `contact:` for a person. A record's other fields may hold names too (`assigned to: Owen,
    /// Jenna`), so the label says which one answers "where is owen's party".
    public func isLabel(_ labelWords: [String]) -> Bool {
        guard self != .open, labelWords.count <= 3 else { return false }
        return labelWords.contains { Self.labelWords[self]?.contains($0) == true || QuestionAnalysis.typeNouns[$0] == self }
    }
    /// Label words of a kind beside the nouns a question names it by (`QuestionAnalysis.typeNouns`).
    static let labelWords: [AnswerType: Set<String>] = [
        .place: ["address", "venue", "where", "site", "destination"],
        .time: ["start", "starts", "when", "due", "begins", "departure", "departs", "arrival", "arrives"],
        .entity: ["name", "with", "by", "contact", "who"],
    ]

    /// Whether `text` holds a capitalised word the question does not (by stem: "Owen's" is the
    /// question's "owens", so `title: Owen's 8th birthday party` names no place for "where is
    /// owens birthday party"). A month or a weekday names no one and nowhere (`Leo's birthday 21
    /// Jan`).
    /// `inSentence`: a word that opens a sentence or a list item counts only as the first of a
    /// name of two words or more ("Brook Lane is shut", not "Logbook summary").
    static func namesAnother(_ text: String, _ asked: Set<String>, inSentence: Bool = false) -> Bool {
        let stems = Set(asked.map(TextSignals.stem))
        func another(_ word: String) -> Bool {
            !asked.contains(word) && !stems.contains(TextSignals.stem(word)) && !TextSignals.calendarWords.contains(word)
        }
        guard inSentence else { return TextSignals.capitalised(text).contains(where: another) }
        let words = TextSignals.casedWords(text)
        func isCapital(_ i: Int) -> Bool { i < words.count && words[i].word.unicodeScalars.first?.properties.isUppercase == true }
        return words.indices.contains { i in
            isCapital(i) && (!words[i].sentenceStart || isCapital(i + 1) && !words[i + 1].sentenceStart)
                && another(LatinFolding.key(words[i].word))
        }
    }

    /// `text` with its phone numbers (seven digits or more in groups: `0113 496 0907`,
    /// `+353 87 555 0142`) and email addresses blanked. A group is two to five digits, and a
    /// run of them may not touch a word, a comma, a point or a slash — stricter than
    /// `phonePattern`'s free run of digits, spaces, brackets and dashes, so a count's figures stay.
    /// (A date written with dashes stays, for `withoutDays` to weigh.)
    static func withoutContacts(_ text: String) -> String {
        withoutPhones(text.replacingOccurrences(of: emailPattern, with: " ", options: .regularExpression))
    }

    /// `text` without its phone numbers (groups as `withoutContacts` reads them, seven digits or
    /// more), but with its dates written with dashes (`2026-03-17`, `17-03-2026`, in brackets too),
    /// which are no numbers to ring.
    static func withoutPhones(_ text: String) -> String {
        guard text.contains(where: \.isNumber) else { return text }
        var out = "", rest = text[...]
        while let range = rest.range(of: groupedDigits, options: .regularExpression) {
            let found = rest[range]
            let isDate = found.trimmingCharacters(in: CharacterSet(charactersIn: "()"))
                .range(of: "^(?:" + dashedDate + ")$", options: .regularExpression) != nil
            let phone = !isDate && (found.filter(\.isNumber).count >= 7 || found.hasPrefix("+"))
            out += rest[..<range.lowerBound] + (phone ? " " : found)
            rest = rest[range.upperBound...]
        }
        return out + rest
    }

    /// `text` without its notices of copyright and their years (`© 2026`, `(c) 2019–2026`,
    /// `Copyright © 2025`).
    static func withoutCopyright(_ text: String) -> String {
        guard text.contains("©") || text.range(of: #"\(c\)|copyright"#, options: [.regularExpression, .caseInsensitive]) != nil
        else { return text }
        return text.replacingOccurrences(of: #"(©|\(c\)|\bcopyright\b)\s*(©\s*)?\d{4}(\s*[-–]\s*\d{4})?"#,
                                         with: " ", options: [.regularExpression, .caseInsensitive])
    }

    /// Whether `word` (as `TextSignals.words` writes it) is a name whose letters lead its digits
    /// (`u12`, `jw514`), not an amount: a currency's letter (`r320`), a count's `x` (`x3`) and a
    /// number's abbreviation (`no5`) excepted.
    static func isLettered(_ word: String) -> Bool {
        guard let first = word.first, first.isLetter, word.last?.isNumber == true else { return false }
        let letters = word.prefix { $0.isLetter }
        guard word.dropFirst(letters.count).allSatisfy(\.isNumber) else { return false }
        return !["r", "x", "no", "nr", "rs"].contains(String(letters))
    }

    /// `text` without its days of the year written in numbers (`12/06/2025`, `2026-03-14`,
    /// `14.03.26`) and as extractors spell them (`6 December 2025`).
    static func withoutDays(_ text: String) -> String {
        guard text.contains(where: \.isNumber) else { return text }
        return text.replacingOccurrences(of: dayPattern, with: " ", options: [.regularExpression, .caseInsensitive])
    }
    static let dayPattern: String = {
        let names = DayMonths.monthNames, abbreviated = DayMonths.months.keys.sorted()
        return #"(?<![\w/.-])(\d{1,2}[/.-]\d{1,2}[/.-](\d{4}|\d{2})|\d{4}-\d{2}-\d{2})(?![\w/.-])"#
            + #"|\b\d{1,2} ("# + names.joined(separator: "|") + #") \d{4}\b"#
            // (and a day without its year, "paid on 2 March", "March 2nd"; not "12 may attend")
            + #"|\b\d{1,2}(st|nd|rd|th)? (of )?("# + names.filter { $0 != "may" }.joined(separator: "|") + #")\b"#
            + #"|\b("# + abbreviated.joined(separator: "|") + #")\.? \d{1,2}(st|nd|rd|th)?\b(?!\d)"#
    }()
    /// A date written with dashes: `2026-03-17`, `17-03-2026`.
    static let dashedDate = #"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}-\d{1,2}-\d{2,4}"#
    static let groupedDigits = #"(?<![\w.,/-])\+?\(?\d{2,5}\)?(?:[ -]\(?\d{2,5}\)?){2,4}(?![\w.,/-])"#

    /// An email address: `dean@marshtiling.co.uk`.
    static let emailPattern = #"[^\s@]+@[^\s@]+\.[A-Za-z]{2,}"#

    /// Words right before a number to ring ("call 0800 555 0199", "tel: 01632 960 001").
    static let ringingWords: Set<String> = ["call", "ring", "phone", "tel", "telephone", "text", "fax", "mobile", "cell", "whatsapp"]

    static let edgePunctuation = CharacterSet(charactersIn: ".,;:()[]{}\"'`*!?")

    /// A reference's form: three characters or more with a digit, and not an amount, a date, a
    /// year, a time, a percentage or an ordinal (`PA-26-0318842`, `GPS/R/2025-26/0179`,
    /// `SUDS0142`, `73920481`, `24C`; not `₹55,000`, `1150.00`, `2025-07-01`, `2025`, `14:31`).
    static func isIdentifier(_ token: String) -> Bool {
        guard token.count >= 3, token.contains(where: \.isNumber) else { return false }
        let patterns = [#"^[£$€₹¥]"#, #"^-?\d{1,3}(,\d{3})+(\.\d+)?$"#, #"^-?\d+\.\d+$"#,
                        #"^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$"#, #"^(19|20)\d\d$"#, #"^\d{1,2}[:.]\d{2}"#, #"%$"#,
                        #"^\d+(st|nd|rd|th|am|pm|k|kg|g|ml|l|km|m|cm|mm|mg|h|hrs?|mins?|s)$"#,
                        // a range, as typesetting writes one: "aged 23–75", "pages 12—14"
                        #"^\d+(\.\d+)?[–—]\d+(\.\d+)?$"#]
        return !patterns.contains { token.range(of: $0, options: [.regularExpression, .caseInsensitive]) != nil }
    }

    /// True when the field label right before a number says it is a reference of some kind and
    /// not a phone (`UTR No.: 607112455902`, `Policy number: 4418 2290 17`, `Account 73920481`;
    /// not `Phone No.:`, `Contact:`, nor a number with no label).
    static func labelledAsIdentifier(_ before: Substring) -> Bool {
        // (or named so with no colon: `Sort code 40-11-62 · Account 73920481`)
        if before.range(of: #"(?i)\b(account|acct|sort code|iban|policy|invoice|order|ref|reference|customer|member|membership|booking|serial|ticket|card|claim)\s*(no\.?|number|#)?\s*$"#,
                        options: .regularExpression) != nil
            || before.range(of: #"(?i)\b(registered|company|charity)( in [a-z ]{2,20})?\s*(no\.?|number|#)\s*$"#,
                            options: .regularExpression) != nil { return true }
        // (a country's letters may open the value: `VAT Reg No: GB 274 9918 33`)
        guard let label = before.range(of: #"[^;:\n|]{1,40}:\s*([A-Z]{2,3}\s?)?$"#, options: .regularExpression) else { return false }
        let words = Set(TextSignals.words(String(before[label])))
        return words.isDisjoint(with: phoneLabelWords) && !words.isDisjoint(with: identifierLabelWords)
    }

    /// The nouns that ask for a phone, and a label's shortenings of them.
    static let phoneLabelWords = Set(QuestionAnalysis.typeNouns.filter { $0.value == .phone }.keys)
        .union(["mob", "cell", "contact", "ph", "whatsapp", "fax"])
    /// Not "no" alone: "Emergency no." is a phone.
    static let identifierLabelWords: Set<String> = ["id", "utr", "ref", "reference", "transaction", "txn", "account",
                                                    "acct", "invoice", "order", "policy", "receipt", "claim", "member",
                                                    "membership", "customer", "booking", "serial", "folio", "pnr", "ticket",
                                                    "card", "ifsc", "gstin", "pan", "upi", "iban", "sort", "routing",
                                                    "vat", "reg", "registration", "company", "charity", "tax", "gst", "abn",
                                                    "ein", "nhs", "licence", "license", "passport", "vin", "meter", "mpan", "mprn"]

    /// Digits in groups, with no letter or digit touching either end.
    static let phonePattern = #"(?<![A-Za-z0-9-])\+?\(?\d[\d ()-]{5,}\d(?![A-Za-z0-9])"#

    /// Parties a document names by their role rather than by name (leases, policies, manuals).
    static let roleWords: Set<String> = ["tenant", "tenants", "landlord", "landlords", "owner", "owners", "buyer",
                                         "seller", "customer", "customers", "client", "employer", "employee", "employees",
                                         "contractor", "supplier", "insurer", "policyholder", "borrower", "lender",
                                         "agent", "manager", "user", "users", "occupant", "resident", "residents",
                                         "engineer", "electrician", "plumber", "installer", "technician", "doctor",
                                         "pharmacist", "nurse", "teacher", "parent", "parents", "guardian", "you"]

    /// Words that place something without naming a place ("under", "behind", "upstairs"). The
    /// common "in", "on", "at" and "by" stand in nearly every sentence and say nothing here.
    static let spatialWords: Set<String> = ["under", "underneath", "beneath", "behind", "beside", "inside", "outside",
                                            "above", "below", "near", "next", "between", "opposite", "upstairs",
                                            "downstairs", "atop", "within", "among", "nearby"]

    /// True when `question` names a measure that an answer states in one way only (a price, a
    /// temperature, a weight, a time of day, an email address, a phone number): an answer without
    /// one is not an answer of another kind, it is none. A duration is not among them: "how long did it run" is answered by "from 1961 to 1972".
    /// `self` is the type `question` asks for (`QuestionAnalysis.answerType(of:)`).
    public func namesMeasure(in question: String) -> Bool {
        if self == .email || self == .phone || self == .identifier { return true }
        let words = TextSignals.words(question)
        if self == .time { return Self.asksClockTime(words) }
        guard self == .quantity, let measure = Measure.asked(by: Set(words), in: words) else { return false }
        return [.money, .temperature, .weight].contains(measure)
    }

    /// "What time does…", "at which time…", but not "what time of year" or "what time period".
    public static func asksClockTime(_ words: [String]) -> Bool {
        words.indices.contains { i in
            ["what", "which"].contains(words[i]) && i + 1 < words.count && words[i + 1] == "time"
                && !(i + 2 < words.count && ["of", "period", "periods", "frame", "span", "zone"].contains(words[i + 2]))
        }
    }

    private static func freshNumbers(_ text: String, _ asked: Set<String>) -> String {
        TextSignals.numbers(text).filter { !asked.contains($0) }.joined(separator: " ")
    }
}

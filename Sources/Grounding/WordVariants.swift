import Foundation

/// Other ways a question's word is written in a person's files: a name's short or full form
/// (`Nicknames`), a weekday's or a month's abbreviation ("saturday" asked, "Sat 6 Dec" written;
/// "Nov" asked, "November" written), a word's usual shortening ("ref", "appt"). Retrieval's term
/// matching and gate H's coverage both read it.
public enum WordVariants {
    /// Weekday and month names → their abbreviations.
    static let abbreviations: [String: [String]] = [
        "monday": ["mon"], "tuesday": ["tue", "tues"], "wednesday": ["wed", "weds"], "thursday": ["thu", "thur", "thurs"],
        "friday": ["fri"], "saturday": ["sat"], "sunday": ["sun"], "january": ["jan"], "february": ["feb"],
        "march": ["mar"], "april": ["apr"], "june": ["jun"], "july": ["jul"], "august": ["aug"],
        "september": ["sep", "sept"], "october": ["oct"], "november": ["nov"], "december": ["dec"],
    ]

    /// Each calendar word → its other forms (both directions).
    static let calendar = bothWays(abbreviations)

    /// Words a person's files shorten ("booking ref", "appt", "Tel", "BRAMBLE PET INS") → their
    /// short forms. Only forms that are no other common word: not "no" (number), "min" (minute).
    static let shortenings: [String: [String]] = [
        "reference": ["ref"], "appointment": ["appt"], "registration": ["reg", "rego"], "telephone": ["tel"],
        "mobile": ["mob"], "department": ["dept"], "account": ["acct"], "information": ["info"],
        "quantity": ["qty"], "amount": ["amt"], "approximately": ["approx"], "doctor": ["dr"],
        "road": ["rd"], "avenue": ["ave"], "minutes": ["mins"], "hours": ["hrs"],
        "veterinary": ["vet", "vets"], "veterinarian": ["vet"], "birthday": ["bday"], "insurance": ["ins"],
        "medication": ["meds"], "medicine": ["meds"], "maximum": ["max"], "temperature": ["temp"],
        "photograph": ["photo"], "tablets": ["tabs"], "prescription": ["rx"], "number": ["num"],
        "kickoff": ["ko"], "kick": ["ko"], "cheque": ["chq"], "invoice": ["inv"], "certificate": ["cert"],
        "customer": ["cust"], "licence": ["license"],
        // units a price list or a log writes short ("per kilo": `29,50 / kg`)
        "kilo": ["kg"], "kilos": ["kg"], "kilogram": ["kg"], "kilograms": ["kg"], "kilometre": ["km"],
        "kilometres": ["km"], "kilometer": ["km"], "kilometers": ["km"], "litre": ["ltr"], "litres": ["ltr"],
    ]
    static let shortened = bothWays(shortenings)

    /// The other names of a rate's unit "per" a person: "per head" asked, `per person`, `pp`,
    /// `pax` written. Read after "per" only: "head" alone is no person ("head chef").
    public static func perPerson(_ unit: String) -> [String] {
        let names = ["head", "person", "pp", "pax"]
        return names.contains(unit) ? names.filter { $0 != unit } : []
    }

    /// The full form of a file's shortening, when it has one ("temp": temperature, "appt":
    /// appointment; "vet" has two and stays): what a question's kind of answer is read from.
    public static func fullForm(_ word: String) -> String {
        guard shortenings[word] == nil, let full = shortened[word], full.count == 1 else { return word }
        return full.first!
    }

    /// A verb asked and the noun a form or a record writes for it ("how much does Pebble weigh":
    /// `weight kg: 4.6`; "when was Ellie born": `date of birth`; "when does the GHIC expire":
    /// `Expiry date`; "when does the lease end": `maturity_date`), where no suffix rule meets them.
    static let verbNouns: [String: [String]] = [
        "weigh": ["weight"], "weighs": ["weight"], "born": ["birth"],
        // "where is she getting married": `Caoimhe's wedding in Oranmore`
        "marry": ["marriage", "wedding"], "married": ["marriage", "wedding"],
        "depart": ["departure"], "departs": ["departure"], "expire": ["expiry", "expiration", "valid"], "expires": ["expiry"],
        // (and the noun asked: "work permit expiry date", `Valid until: 31 March 2028`)
        "expiry": ["valid"], "expiration": ["valid"],
        "deliver": ["delivery"], "delivered": ["delivery"], "insure": ["insurance"], "insured": ["insurance"],
        // "how much do I still owe on the holiday": `Balance remaining £888.00`; "what do I owe for
        // the visit": `Total patient responsibility $49.81`
        // (and "how much does unit 402 owe": an arrears report's `Balance`, under `Total arrears`)
        "owe": ["balance", "outstanding", "remaining", "responsibility", "arrears"],
        "owed": ["balance", "outstanding", "remaining", "arrears"],
        // "when will the council decide on my licence": `Target decision date 27 March 2026`
        "decide": ["decision"], "decides": ["decision"],
        "register": ["registration"], "registered": ["registration"], "pay": ["payment"],
        "end": ["maturity", "expiry"], "ends": ["maturity", "expiry"], "start": ["commencement"],
        // "when does the car lease finish": `your finance lease is due to mature on 14 August 2026`
        "finish": ["end", "mature", "maturity", "expiry"], "finishes": ["ends", "mature", "maturity", "expiry"],
        "starts": ["commencement"], "begin": ["start", "commencement"], "begins": ["start", "commencement"],
    ]
    static let nounsOfVerbs = bothWays(verbNouns)

    /// What is left of an amount, as a statement writes it ("how much postage is left in
    /// shipdesk": `Closing postage balance`; "how much is left on my myki": `balance: 21.45`). One
    /// way only: a balance asked is no "left" ("left eye").
    static let remainders: [String: [String]] = ["left": ["balance", "remaining", "remains", "outstanding"]]

    /// The numbers two to twenty spelled, and their digits, each the other's form ("one" is a
    /// pronoun as often as a number).
    static let cardinals: [String: String] = {
        var map: [String: String] = [:]
        for (i, word) in TextSignals.cardinalWords.enumerated().dropFirst() {
            map[word] = String(i + 1)
            map[String(i + 1)] = word
        }
        return map
    }()

    /// The number of an ordinal day ("17th" → "17", "1st" → "1"); nil for another word.
    public static func ordinalDay(_ word: String) -> String? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(digits.count), ["st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count))) else { return nil }
        return String(digits)
    }

    /// Each word of `forms` (a full form → its short forms) → the words it may be written as,
    /// both directions.
    static func bothWays(_ forms: [String: [String]]) -> [String: Set<String>] {
        var map: [String: Set<String>] = [:]
        for (full, shorts) in forms {
            for short in shorts {
                map[full, default: []].insert(short)
                map[short, default: []].insert(full)
            }
        }
        return map
    }

    /// The other forms of the lowercased `word` ("thursdays" is read as "thursday"); `capitalised`:
    /// the question writes it with a capital (see `Nicknames.variants`). A short plural and its
    /// singular meet too ("vets" / "vet", "bin" / "bins"), which the
    /// stemmer, keeping words of four letters whole, does not do; so do a verb and its noun in
    /// -al ("renew" / "renewal").
    public static func variants(of word: String, capitalised: Bool) -> Set<String> {
        let singular = word.hasSuffix("days") ? String(word.dropLast()) : word
        var forms = Nicknames.variants(of: word, capitalised: capitalised).union(calendar[singular] ?? [])
        forms.formUnion(shortened[word] ?? [])
        forms.formUnion(nounsOfVerbs[word] ?? [])
        forms.formUnion(remainders[word] ?? [])
        forms.formUnion(ForeignLabels.forms(of: word))
        // "on the 17th": a date writes the day as a number ("17/04/2026", "17 April")
        if let day = Self.ordinalDay(word) { forms.insert(day) }
        // "the five a side subs": "5-a-side"; "3 bed" asked, "three-bedroom" written
        if let number = Self.cardinals[word] { forms.insert(number) }
        guard calendar[singular] == nil, !TextSignals.monthNames.contains(word), word.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return forms }
        forms.formUnion(VerbForms.variants(of: word))
        // a verb and its noun in -al ("when does it renew?": "Renewal date"; "arrive", "arrival")
        let derived = ["al", "ment", "tion", "sion", "ness", "ity", "ing", "ed", "s"]
        if (5...8).contains(word.count), !derived.contains(where: word.hasSuffix), !word.hasSuffix("y") {
            forms.insert(word.hasSuffix("e") ? String(word.dropLast()) + "al" : word + "al")
        }
        if word.count >= 7, word.hasSuffix("al") {
            let verb = String(word.dropLast(2))
            forms.formUnion([verb, verb + "e"])
        }
        if word.count == 3 { forms.insert(word + "s") }
        if word.count == 4, word.hasSuffix("s"), !["ss", "us", "is"].contains(where: word.hasSuffix) {
            let one = String(word.dropLast())
            forms.insert(one)
            forms.formUnion(shortened[one] ?? [])
        }
        return forms
    }
}

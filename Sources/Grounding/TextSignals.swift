import Foundation

/// Word-level signals the gates read: words, numbers, dates, names. Deterministic, no model.
public enum TextSignals {
    /// Lowercased words (letters and digits) of `text`, in order, a Latin letter's mark dropped
    /// (`LatinFolding`: "Zürich" is "zurich").
    public static func words(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                out.append(LatinFolding.key(current)); current = ""
            }
        }
        if !current.isEmpty { out.append(LatinFolding.key(current)) }
        return out
    }

    /// A field's label and value (`Valuation band: C` → "Valuation band", "C"), split at its first
    /// `: `; a Markdown label in bold counts too (`**Planner:** Wren Albright`), and a price list's
    /// or a bill's line whose dotted leader joins them (`Total charges this period ....... £124.62`,
    /// `T O T A L . . . . £2,730.92`: four dots or more, spaced or not); nil without one.
    public static func labelled(_ field: String) -> (label: Substring, value: Substring)? {
        var search = field.startIndex
        while let colon = field[search...].firstIndex(of: ":") {
            let after = field[field.index(after: colon)...]
            for marker in [" ", "** ", "__ "] where after.hasPrefix(marker) {
                return (field[..<colon], after.dropFirst(marker.count))
            }
            search = field.index(after: colon)
        }
        return leader(field)
    }

    /// `field` parted at its dotted leader: the label before the dots, the value after them.
    public static func leader(_ field: String) -> (label: Substring, value: Substring)? {
        // the first run of four dots or more, single spaces between them allowed
        let utf8 = field.utf8
        var runStart: String.Index?, dots = 0, i = utf8.startIndex
        while i < utf8.endIndex, dots < 4 {
            let c = utf8[i]
            if c == UInt8(ascii: ".") {
                if dots == 0 { runStart = i }
                dots += 1
            } else if !(c == UInt8(ascii: " ") && dots > 0 && utf8[utf8.index(before: i)] == UInt8(ascii: ".")) {
                dots = 0
            }
            i = utf8.index(after: i)
        }
        guard dots == 4, let runStart else { return nil }
        var end = i
        while end < utf8.endIndex, utf8[end] == UInt8(ascii: ".") || utf8[end] == UInt8(ascii: " ") { end = utf8.index(after: end) }
        let head = field[..<runStart]
        guard end < utf8.endIndex, let first = head.firstIndex(where: { !$0.isWhitespace }),
              let last = head.lastIndex(where: { !$0.isWhitespace }) else { return nil }
        return (head[first...last], field[end...])
    }

    /// Words as a reader counts them: runs of characters between white space ("£1,450.00" and
    /// "2026-01-05T08:14:33Z" are one word each).
    public static func readerWordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace { inWord = false } else if !inWord { inWord = true; count += 1 }
        }
        return count
    }

    /// Words as written (case kept), with whether each starts a sentence.
    static func casedWords(_ text: String) -> [(word: String, sentenceStart: Bool)] {
        var out: [(String, Bool)] = []
        var current = ""
        var atStart = true
        var pendingStart = true
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if current.isEmpty { atStart = pendingStart; pendingStart = false }
                current.unicodeScalars.append(scalar)
            } else {
                if !current.isEmpty { out.append((current, atStart)); current = "" }
                if ".!?:\n\"“(".unicodeScalars.contains(scalar) { pendingStart = true }
            }
        }
        if !current.isEmpty { out.append((current, atStart)) }
        return out
    }

    /// The nearest line of `text` above `end` that opens with `#` (as the extractors write a
    /// document's headings), marks and all; nil when none is.
    public static func headingLine(before end: String.Index, in text: String) -> Range<String.Index>? {
        text[..<end].split(separator: "\n").last { $0.hasPrefix("#") }.map { $0.startIndex..<$0.endIndex }
    }

    /// A light stem for matching ("rivers" meets "river", "emerged" meets "emerge").
    public static func stem(_ word: String) -> String {
        var w = word.lowercased()
        guard w.count > 4 else { return w }
        for (suffix, replacement) in [("ies", "y"), ("sses", "ss"), ("ing", ""), ("edly", ""), ("ed", ""), ("ly", ""),
                                      ("es", ""), ("s", "")] where w.hasSuffix(suffix) {
            if suffix == "s", w.hasSuffix("ss") || w.hasSuffix("us") || w.hasSuffix("is") { continue }
            let cut = String(w.dropLast(suffix.count)) + replacement
            guard cut.count >= 3 else { continue }
            w = cut
            break
        }
        return String(w.prefix(6))
    }

    /// Stems of the words of `text`, and of each hyphenated pair of words read as one ("Wi-Fi":
    /// wifi, "check-out": checkout), as people type them (retrieval's byte reader,
    /// `TextTerms.forEachWord(joiningHyphens:)`, joins the same pairs: letters on both sides).
    public static func stems(_ text: String) -> Set<String> {
        var stems = Set(words(text).map(stem))
        guard text.contains("-") else { return stems }
        var previous = "", word = "", hyphen = false
        for c in text + " " {
            if c.isLetter { word.append(c); continue }
            if !word.isEmpty {
                if hyphen, !previous.isEmpty { stems.insert(stem((previous + word).lowercased())) }
                previous = word
                word = ""
                hyphen = c == "-"
            } else {
                previous = ""
                hyphen = false
            }
        }
        return stems
    }

    /// Normalised numbers of `text`: digit runs with `,` thousands separators removed and a
    /// trailing `.0` kept distinct, e.g. "1,200" → "1200", "3.5" → "3.5".
    public static func numbers(_ text: String) -> [String] {
        var out: [String] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            guard ("0"..."9").contains(scalars[i]) else { i += 1; continue }
            var j = i
            var digits = ""
            while j < scalars.count {
                let c = scalars[j]
                if ("0"..."9").contains(c) { digits.unicodeScalars.append(c); j += 1; continue }
                if (c == "," || c == "."), j + 1 < scalars.count, ("0"..."9").contains(scalars[j + 1]) {
                    if c == "." { digits.append(".") }
                    j += 1; continue
                }
                break
            }
            out.append(digits)
            i = j
        }
        return out
    }

    static let monthNames = Set(DayMonths.months.keys)
    /// What a person calls their own family ("Mum's repeat prescription", "Baba's eye operation"):
    /// capitalised like names, but the files name that person by name, so no record need hold them.
    static let kinshipWords: Set<String> = ["mum", "mam", "mom", "mommy", "mummy", "mama", "mamma", "ma", "dad", "daddy",
                                            "papa", "pa", "baba", "aai", "amma", "appa", "abba", "ammi", "nana", "nan",
                                            "nanna", "gran", "granny", "grandma", "grandad", "granddad", "grandpa",
                                            "grandmother", "grandfather", "oma", "opa", "nonna", "nonno", "abuela",
                                            "abuelo", "aunty", "auntie", "uncle", "mother", "father", "hubby", "wifey"]
    static let weekdays: Set<String> = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    /// Months and weekdays with their abbreviations: words that name a day, never a person, a
    /// place or a thing numbered ("Leo's birthday 21 Jan", "Sat 2").
    static let calendarWords = monthNames.union(DayMonths.weekdays)
    /// Words after which "may" is the month ("in May", "since May", "until May").
    static let monthPrepositions: Set<String> = ["in", "of", "since", "until", "till", "early", "late", "mid", "last",
                                                 "next", "this", "from", "during", "through", "by"]
    static let dateWords: Set<String> = ["century", "centuries", "decade", "bc", "bce", "ad", "ce", "millennium",
                                         "today", "tomorrow", "yesterday", "morning", "evening", "night", "noon",
                                         "midnight", "spring", "summer", "autumn", "winter", "am", "pm"]
    /// Words that state a quantity: the numbers spelled out (`spelledNumbers`) and these.
    static let numberWords: Set<String> = Set(spelledNumbers.keys).union([
        "zero", "thirty", "forty", "fifty", "hundred", "hundreds", "thousand", "thousands", "million", "millions",
        "billion", "dozen", "half", "twice", "double", "single", "several", "few", "percent",
    ])

    /// `text` without the codes whose digits letters lead (`apt-2026-009`, `INV-2026-0412`,
    /// `GPS/R/2025-26/0179`): their years are parts of a reference, not dates. A month's name
    /// leads a date, which stays (`Mar-2026`).
    public static func withoutCodes(_ text: String) -> String {
        guard text.contains(where: { $0 == "-" || $0 == "/" }) else { return text }
        var out = "", last = text.startIndex
        let found = codePattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
        for match in found.compactMap({ Range($0.range, in: text) }) {
            let letters = text[match].prefix { $0.isLetter }.lowercased()
            guard DayMonths.months[letters] == nil else { continue }
            out += text[last..<match.lowerBound] + " "
            last = match.upperBound
        }
        return out + text[last...]
    }

    private static let codePattern = try! NSRegularExpression(pattern: #"(?<![\w-])[A-Za-z]{2,}[-/][\w/-]*\d[\w/-]*"#)

    /// `text` with its amounts of money, decimals and addresses ("£840.14", "3.75",
    /// "185.199.110.42") blanked: no year or day of the month hides in them ("14.11.2025" is kept).
    public static func withoutAmounts(_ text: String) -> String {
        guard text.contains(where: { $0 == "." || $0 == "£" || $0 == "$" || $0 == "€" || $0 == "¥" }) else { return text }
        return text.replacingOccurrences(of: #"[£$€¥]\s?\d[\d,]*(\.\d+)?|(?<![.\d])\d+\.\d+(?![.\d])|\d+(?:\.\d+){3,}"#,
                                         with: " ", options: .regularExpression)
    }

    /// Words after which an ordinal is still a day of the month ("the 18th at 8pm", "the 3rd of May").
    static let ordinalFollowers: Set<String> = ["of", "and", "or", "to", "till", "until", "at", "from", "for", "in", "on",
                                                "is", "was", "will", "am", "pm", "th", "st", "nd", "rd"]

    /// Whether the "may" at `i` of `words` is the month, not the verb ("either party may end"):
    /// beside a number, or after a preposition or a question's "'s" ("when's may half term").
    public static func mayIsMonth(_ words: [String], _ i: Int) -> Bool {
        let before = i > 0 ? words[i - 1] : "", after = i + 1 < words.count ? words[i + 1] : ""
        return before.first?.isNumber == true || after.first?.isNumber == true || monthPrepositions.contains(before)
            || before == "s"
    }

    /// True when `text` holds a date or time expression (a year, month, weekday, century, clock time).
    public static func hasDate(_ text: String) -> Bool {
        let text = withoutAmounts(text)
        let all = words(text)
        for (i, w) in all.enumerated() {
            if w == "may" {
                if mayIsMonth(all, i) { return true }
                continue
            }
            if monthNames.contains(w) || weekdays.contains(w) || dateWords.contains(w) { return true }
            if w.first?.isNumber == true {
                let digits = w.prefix { $0.isNumber }
                // a year: 3 digits, or 4 up to 2199 ("3600" seconds, "8080" a port are no years)
                if digits.count == 3 || digits.count == 4 && (Int(digits) ?? 0) <= 2199 { return true }
                let suffix = w.dropFirst(digits.count)
                if ["st", "nd", "rd", "th"].contains(String(suffix)) {
                    // "the 9th", "22nd April", not "her 9th birthday" or "the 3rd floor"
                    let next = i + 1 < all.count ? all[i + 1] : ""
                    if next.first?.isLetter != true || monthNames.contains(next) || weekdays.contains(next)
                        || ordinalFollowers.contains(next) { return true }
                }
                if suffix == "s" { return true }
            }
        }
        return text.range(of: #"\d{1,2}:\d{2}"#, options: .regularExpression) != nil
    }

    /// True for a record line (`person: Ellie; dose: 2 puffs`: a CSV row, a table row, a JSON
    /// object, as the extractors write them): two or more `label: value` fields. Its neighbours are
    /// other records, of other people and other dates, so what they say is no context of its own.
    /// A label is a few words (at most 40 characters, brackets closed, no `, ` or `. `), not a
    /// clause: prose such as "The forest (Portuguese: Floresta; Spanish: Selva)" is no record.
    public static func isRecord(_ text: String) -> Bool {
        let fields = text.components(separatedBy: "; ")
        guard fields.count >= 2, !text.contains("\n") else { return false }
        return fields.allSatisfy { field in
            guard let (label, _) = labelled(field) else { return false }
            // "Amount (£)" and "Invoice No." are labels; an open bracket or a clause's comma is prose
            return !label.isEmpty && label.count <= 40 && !label.contains(", ") && !label.contains(". ")
                && label.filter { $0 == "(" }.count == label.filter { $0 == ")" }.count
        }
    }

    /// True when `text` states a time of day: `21:30`, `9.15am`, `4pm`, `9 a.m.`, noon, midnight, o'clock
    /// (`12.50` alone is a price, not a time).
    public static func hasClockTime(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if lowered.range(of: #"\b\d{1,2}:\d{2}\b|\b\d{1,2}(?:[:.]\d{2})?\s?(?:(?:am|pm)\b|[ap]\.m\.)"#, options: .regularExpression) != nil {
            return true
        }
        return ["noon", "midday", "midnight", "o'clock", "o’clock"].contains { lowered.contains($0) }
    }

    /// The numbers one to twenty spelled, in order.
    static let cardinalWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                                "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
                                "twenty"]

    /// Numbers written as words, as `numbers` writes them ("fifth" and "five" → "5").
    static let spelledNumbers: [String: String] = {
        let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                        "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
                        "eighteenth", "nineteenth", "twentieth"]
        var table: [String: String] = [:]
        for (i, word) in cardinalWords.enumerated() { table[word] = String(i + 1) }
        for (i, word) in ordinals.enumerated() { table[word] = String(i + 1) }
        return table
    }()

    /// `numbers(text)` and the numbers `text` spells out in words up to twenty ("the fifth
    /// president" holds 5: a question's "5th" is found there).
    public static func numbersWithWords(_ text: String) -> [String] {
        numbers(text) + words(text).compactMap { spelledNumbers[$0] }
    }

    /// Numbers of `question` that are part of a name: right after a capitalised word that is not
    /// a stop word ("Super Bowl 50", "Apollo 11"), normalised as `numbers` does.
    public static func nameNumbers(_ question: String) -> Set<String> {
        let cased = casedWords(question)
        var out = Set<String>()
        for (previous, word) in zip(cased, cased.dropFirst()) where word.word.first?.isNumber == true {
            guard previous.word.first?.isUppercase == true,
                  !QuestionAnalysis.stopWords.contains(previous.word.lowercased()),
                  !QuestionAnalysis.questionWords.contains(previous.word.lowercased()) else { continue }
            if let number = numbers(word.word).first { out.insert(number) }
        }
        return out
    }

    /// True when `text` holds a quantity (digits or a number word; not "one of", `withoutPartitives`).
    public static func hasNumber(_ text: String) -> Bool {
        !numbers(text).isEmpty || withoutPartitives(words(text)).contains { numberWords.contains($0) }
    }

    /// `words` without the "one" of "one of": a part of something, no count ("one of the largest
    /// institutions" does not say how many beds it has).
    public static func withoutPartitives(_ words: [String]) -> [String] {
        words.indices.filter { !(words[$0] == "one" && $0 + 1 < words.count && words[$0 + 1] == "of") }.map { words[$0] }
    }

    /// Capitalised words of `text` that do not start a sentence (names), as `words` writes them.
    public static func names(_ text: String) -> Set<String> {
        var out = Set<String>()
        for (word, start) in casedWords(text) where !start {
            if let first = word.unicodeScalars.first, first.properties.isUppercase { out.insert(LatinFolding.key(word)) }
        }
        return out
    }

    /// Words the question writes in lower case that `texts` write as names: capitalised at least
    /// twice and never in lower case ("dean" asked, "name given: Dean" and "Dean tiler" written).
    /// A person typing a question rarely capitalises; the library's own casing says which words
    /// are names.
    public static func namesByCasing(_ question: String, in texts: [String]) -> Set<String> {
        let asked = Set(casedWords(question).map(\.word).filter { word in
            word.count >= 3 && word.unicodeScalars.allSatisfy { $0.properties.isLowercase }
        }.map(LatinFolding.key))
        guard !asked.isEmpty else { return [] }
        var capitalised: [String: Int] = [:]
        var lower = Set<String>()
        for text in texts {
            for (word, _) in casedWords(text) {
                let folded = LatinFolding.key(word)
                guard asked.contains(folded) else { continue }
                if word == word.lowercased() { lower.insert(folded) } else if word.unicodeScalars.first!.properties.isUppercase {
                    capitalised[folded, default: 0] += 1
                }
            }
        }
        return Set(capitalised.filter { $0.value >= 2 && !lower.contains($0.key) }.keys)
    }

    /// Capitalised words anywhere in `text` (sentence starts included), as `words` writes them.
    static func capitalised(_ text: String) -> Set<String> {
        var out = Set<String>()
        for (word, _) in casedWords(text) {
            if let first = word.unicodeScalars.first, first.properties.isUppercase { out.insert(LatinFolding.key(word)) }
        }
        return out
    }
}

extension TextSignals {
    /// Each number of `text` (normalised as in `numbers`) with the lowercased word right after it
    /// ("180 °C" → ("180", "c"); "1,200 people" → ("1200", "people")); `°` and `%` read as
    /// "degrees" and "percent".
    static func numberFollowers(_ text: String) -> [(number: String, word: String)] {
        let prepared = text.replacingOccurrences(of: "°", with: " degrees ").replacingOccurrences(of: "%", with: " percent ")
        guard let regex = try? NSRegularExpression(pattern: #"(\d(?:[\d,.]*\d)?)\s*([A-Za-z]+)"#) else { return [] }
        let ns = prepared as NSString
        return regex.matches(in: prepared, range: NSRange(location: 0, length: ns.length)).compactMap { m in
            guard let number = numbers(ns.substring(with: m.range(at: 1))).first else { return nil }
            return (number, ns.substring(with: m.range(at: 2)).lowercased())
        }
    }
}

/// Names that hold a number ("Super Bowl 50", "Apollo 11", "World War II", "Hive 2"): a sentence
/// that names the same thing with another number ("Super Bowl XIX", "Hive 3") and never with the
/// one asked speaks of another of them, however many of the question's words it holds.
public enum NumberedNames {
    /// One name asked: its word before the number, lowercased, and the number's value.
    public struct Name: Equatable, Sendable {
        public let word: String
        public let number: Int
    }

    /// The numbered names of `question`: a number (digits, up to three, or a Roman numeral in
    /// capitals) right after a word written with a capital that is no stop word, question word,
    /// month or weekday ("Who won Super Bowl 50?"; not "in 2015", "on May 3", "for 12 people").
    /// A question typed in lower case names one with the word a file labels by ("hive 1 queen").
    public static func asked(in question: String) -> [Name] {
        let cased = TextSignals.casedWords(question)
        let typedLower = !question.contains { $0.isUppercase }
        var out: [Name] = []
        for (previous, word) in zip(cased, cased.dropFirst()) {
            let lower = previous.word.lowercased()
            guard previous.word.first?.isLetter == true, previous.word.first?.isUppercase == true || typedLower && labelWords.contains(lower),
                  !QuestionAnalysis.stopWords.contains(lower), !QuestionAnalysis.questionWords.contains(lower),
                  !TextSignals.calendarWords.contains(lower),
                  let number = value(word.word) else { continue }
            out.append(Name(word: lower, number: number))
        }
        return out
    }

    /// Words a person's files number things by, for a question typed in lower case.
    static let labelWords: Set<String> = ["hive", "flat", "room", "unit", "draw", "stage", "phase", "week", "grade", "pitch",
                                          "stall", "plot", "bed", "table", "court", "gate", "platform", "terminal", "lot",
                                          "block", "blk", "apartment", "apt", "appointment", "session", "lesson", "round",
                                          "car", "bus", "route", "zone", "level", "floor", "group", "class", "section",
                                          "step", "leg", "day", "heat"]

    /// Whether `text` names one of `asked` only with other numbers: its word followed by a
    /// number, never the one asked.
    public static func namesAnother(_ text: String, than asked: [Name]) -> Bool {
        guard !asked.isEmpty else { return false }
        let words = TextSignals.casedWords(text).map(\.word)
        return asked.contains { name in
            var other = false
            for (previous, word) in zip(words, words.dropFirst()) where previous.lowercased() == name.word {
                guard let number = value(word) else { continue }
                if number == name.number { return false }
                other = true
            }
            return other
        }
    }

    /// The value of up to three digits, or of a Roman numeral of two letters or more in capitals
    /// (`XIX`, `II`; not `I`, `V`, `X`, which are words and letters as often).
    static func value(_ word: String) -> Int? {
        if word.allSatisfy(\.isNumber) { return word.count <= 3 ? Int(word) : nil }
        guard word.count >= 2, word.allSatisfy({ romanValues[$0] != nil }) else { return nil }
        let digits = word.compactMap { romanValues[$0] }
        var total = 0
        for (i, v) in digits.enumerated() { total += i + 1 < digits.count && v < digits[i + 1] ? -v : v }
        // only a well-formed numeral reads back as itself
        return roman(total) == word ? total : nil
    }

    static let romanValues: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]

    static func roman(_ value: Int) -> String {
        var rest = value, out = ""
        for (v, s) in romanTable { while rest >= v { out += s; rest -= v } }
        return out
    }
    static let romanTable: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                              (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
}

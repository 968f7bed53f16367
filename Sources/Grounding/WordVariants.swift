import Foundation

/// Other ways a question's word is written in a person's files: a name's short or full form
/// (`Nicknames`), a weekday's or a month's abbreviation ("saturday" asked, "Sat 6 Dec" written;
/// "Nov" asked, "November" written). Retrieval's term matching and gate H's coverage both read it.
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
    /// the question writes it with a capital (see `Nicknames.variants`).
    public static func variants(of word: String, capitalised: Bool) -> Set<String> {
        let singular = word.hasSuffix("days") ? String(word.dropLast()) : word
        return Nicknames.variants(of: word, capitalised: capitalised).union(calendar[singular] ?? [])
    }
}

import Foundation

/// A postal address asked for and stated: "what's the address of the mount hope arena" is answered
/// by `3027 Homestead Drive`, not by a line that only names the arena.
public enum PostalAddress {
    /// Whether `question` asks for a postal address: it says "address" where a place's goes
    /// ("siobhan's home address", "address of the buergeramt", "dana henderson address"), and
    /// not an email, web or network one, nor a speech ("dean's email address", "what did the
    /// inaugural address promise", "in his address to congress").
    public static func asked(in question: String) -> Bool {
        let words = TextSignals.words(question)
        return words.indices.contains { i in
            guard words[i] == "address" || words[i] == "addresses" else { return false }
            let before = i > 0 ? words[i - 1] : "", after = i + 1 < words.count ? words[i + 1] : ""
            guard !otherAddresses.contains(before) else { return false }
            return ["", "of", "for", "in", "at", "on", "please", "again", "now"].contains(after) || placeWords.contains(before)
        }
    }

    /// The words before "address" that make it no postal one.
    static let otherAddresses: Set<String> = ["email", "mail", "e", "ip", "web", "website", "mac", "wallet", "bitcoin", "url",
                                              "inaugural", "keynote", "gettysburg", "commencement", "farewell", "union",
                                              "presidential", "opening", "radio", "televised", "public", "memory"]
    /// The words before "address" that make it a place's.
    static let placeWords: Set<String> = ["s", "home", "postal", "mailing", "street", "forwarding", "new", "old", "billing",
                                          "delivery", "business", "office", "work", "registered", "correspondence", "shipping",
                                          "full"]

    /// Whether `text` states a postal address: a house number before a street (`5 Kalimna
    /// Crescent`, `3405 W 35th Ave`), a street before its number (`Rathausplatz Ost 4`), a named
    /// street (`on Upper Heidelberg Rd`), or a postcode (`LS16 9AX`, `CO 80211`, `10315 Berlin`,
    /// `VIC 3121`, `D02 X285`, `L8P 4R5`).
    public static func isStated(in text: String) -> Bool {
        patterns.contains { $0.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
    }

    static let streetWords = "street|st|road|rd|avenue|ave|lane|ln|drive|dr|court|ct|close|crescent|cres|way|place|pl|"
        + "terrace|tce|boulevard|blvd|highway|hwy|parkway|pkwy|row|square|sq|gardens|grove|mews|walk|trail|circle|cir|"
        + "ter|parade|pde|esplanade|quay|wynd|brae|loan|hill"

    private static let patterns: [NSRegularExpression] = [
        // a house number, up to four words, a street word
        #"\b\d{1,5}[A-Za-z]?,?\s+(?:[A-Z0-9][\w'’.-]*\s+){0,4}(?i:"# + streetWords + #")\b"#,
        // a capitalised name and a street word ("Upper Heidelberg Rd", "Station Road")
        #"\b[A-Z][a-z'’-]+\s+(?:"# + capitalisedStreetWords + #")\b"#,
        // a German, Austrian or Swiss street and its number ("Rathausplatz Ost 4", "Karl-Marx-Allee 12")
        #"(?i:straße|strasse|str\.|platz|weg|allee|gasse|damm|ufer|ring)\b(?:\s+[A-Z]\w*)?\s+\d{1,4}[a-z]?\b"#,
        // postcodes: British, Irish, Canadian, American (after a state), Australian, German and others (before a town)
        #"\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b"#, #"\b[AC-FHKNPRTV-Y]\d{2}\s?[AC-FHKNPRTV-Y\d]{4}\b"#,
        #"\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b"#, #"\b[A-Z]{2},?\s+\d{5}(?:-\d{4})?\b"#,
        #"\b(?:NSW|VIC|QLD|WA|SA|TAS|ACT|NT)\s+\d{4}\b"#, #"\b\d{4,5}\s+[A-ZÄÖÜ][a-zäöüß]+\b"#,
    ].map { try! NSRegularExpression(pattern: $0) }

    /// The street words that name a street after a capitalised name (not "st", "dr", "pl", which
    /// also shorten saint, doctor and a page's place).
    static let capitalisedStreetWords = "Street|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Court|Ct|Close|Crescent|Cres|Way|"
        + "Terrace|Boulevard|Blvd|Highway|Hwy|Parkway|Pkwy|Row|Square|Gardens|Grove|Mews|Parade|Esplanade|Quay"
}

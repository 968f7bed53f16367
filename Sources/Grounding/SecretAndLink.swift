import Foundation

/// A password or a link asked for, and stated: "guest wifi password" is answered by
/// `password: purple-kettle-48`, not by "the password is in the welcome folder"; "zoom link for the
/// committee meeting" by an address on the web, not by "Lisa is sending the link".
public enum SecretAndLink {
    public enum Asked: Sendable, Equatable { case password, link }

    /// What `question` asks for, if a password ("wifi password", "what's the passcode") or a link
    /// ("meeting link", "zoom link", "the url of…"); nil for anything else ("how do I reset my
    /// password" asks how, not for the password).
    public static func asked(in question: String) -> Asked? {
        let words = TextSignals.words(question)
        guard !words.contains("how"), !words.contains("why"), !words.contains("when") else { return nil }
        if words.contains(where: passwordWords.contains) { return .password }
        if words.contains(where: linkWords.contains) { return .link }
        return nil
    }

    static let passwordWords: Set<String> = ["password", "passcode", "passphrase", "passwd", "pwd"]
    static let linkWords: Set<String> = ["link", "url", "weblink", "hyperlink"]

    /// Whether `text` states what `asked` wants: for a password, a value labelled as one
    /// (`password: heather`, `passcode is 4471`) or a token of letters and digits together
    /// (`ranunculus42`, `Orbit-Cactus-2291`); for a link, an address on the web
    /// (`https://…`, `www.…`, `lshrealty.zoom.us/j/84417025531`).
    public static func isStated(_ asked: Asked, in text: String) -> Bool {
        switch asked {
        case .password:
            if text.range(of: labelled, options: [.regularExpression, .caseInsensitive]) != nil { return true }
            return text.split(whereSeparator: \.isWhitespace).contains { token in
                let t = token.trimmingCharacters(in: CharacterSet.punctuationCharacters.union(.symbols))
                return t.count >= 6 && t.contains(where: \.isLetter) && t.contains(where: \.isNumber) && !t.contains("@")
                    && t.range(of: #"^\d[\d:./-]*(am|pm)?$"#, options: [.regularExpression, .caseInsensitive]) == nil
            }
        case .link:
            return text.range(of: #"(?i)\bhttps?://\S+|\bwww\.\S+|\b[a-z0-9-]+(\.[a-z0-9-]+)+/\S+"#, options: .regularExpression) != nil
        }
    }

    /// A value after a password's label or "is": `Collection password if anyone new is collecting:
    /// **heather**`, `the passcode is 4471`; not "the password is in the welcome folder".
    static let labelled: String = {
        let label = "(" + passwordWords.sorted().joined(separator: "|") + ")"
        return #"\b"# + label + #"\b[^:\n]{0,40}:\s*[*_`"“']*\w|\b"# + label
            + #"\s+is\s+[*_`"“']*(?!(in|on|at|the|printed|written|available|not|sent|shown|displayed|below|above)\b)\w"#
    }()
}

import Foundation

/// Whose phone or email a contact question asks for, and whether a line names them: gate H's
/// `H9` and the answerer's next lines (`Library.answer`) read the same.
extension QuestionAnalysis {
    /// The words of a contact question that say whose phone or email it is ("kettenblatt phone":
    /// kettenblatt; "what's rachel's work phone number": rachel, work): not its stop words, nouns of
    /// a kind, or words of calling.
    public static func contactOwner(of question: String) -> [String] {
        TextSignals.words(question).filter {
            !stopWords.contains($0) && typeNouns[$0] == nil && !contactWords.contains($0)
                && !["number", "address", "contact", "details"].contains($0)
        }
    }

    /// Whether `text` names the owner a contact question asks about (`contactOwner`): each of its
    /// words, another form of it, or — a name of six letters or more — one letter off ("gareth
    /// llewelyn" asked, `Gareth Llewellyn` signed).
    public static func namesOwner(_ owner: [String], in text: String) -> Bool {
        let written = Set(TextSignals.words(text))
        let stems = Set(written.map(TextSignals.stem))
        return owner.allSatisfy { word in
            stems.contains(TextSignals.stem(word))
                || WordVariants.variants(of: word, capitalised: true).contains { stems.contains(TextSignals.stem($0)) }
                || word.count >= 6 && written.contains { $0.first == word.first && oneEditApart(Array($0), Array(word)) }
        }
    }

    /// Whether `record` (`label: value; …`) says whose it is in a name field (`contact name: Gavin
    /// Tennant`) that holds none of `owner`'s words: another's record, though another field names
    /// the owner (`split: 50/50 with Isla`).
    public static func recordOfAnother(_ record: String, owner: [String]) -> Bool {
        let own = CompletenessGate.nameFields(of: record).own
        return !own.isEmpty && !own.contains { value in owner.contains { namesOwner([$0], in: value) } }
    }

    /// Whether `a` and `b` differ by one inserted, removed or replaced character.
    static func oneEditApart(_ a: [Character], _ b: [Character]) -> Bool {
        guard abs(a.count - b.count) <= 1, a != b else { return false }
        var i = 0, j = 0, edits = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] { i += 1; j += 1; continue }
            edits += 1
            if edits > 1 { return false }
            if a.count > b.count { i += 1 } else if b.count > a.count { j += 1 } else { i += 1; j += 1 }
        }
        return edits + (a.count - i) + (b.count - j) <= 1
    }
}

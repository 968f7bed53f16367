import Foundation

/// A table cell read as the label of the one value beside it (an HTML row of two cells, a PDF row
/// of two blocks side by side): at most five words and 40 characters, no digit, no closing
/// punctuation but an abbreviation's (`Account no.`) — or ending in its own colon (`Tenant 1:`,
/// `Valuation band:`).
enum RowLabel {
    static let maxWords = 5
    static let maxCharacters = 40
    /// Abbreviations a label may end with (`Account no.`, `Booking ref.`): its full stop closes no
    /// sentence.
    static let abbreviations: Set<String> = ["no.", "nr.", "ref.", "tel.", "acct.", "reg.", "qty.", "amt.", "inv.", "approx."]

    /// What joins `label` to its value: `: `, a space after a label's own colon, or nil when the
    /// cell is no label (`It was late.`, `Advance Single x 1`).
    static func separator(after label: String) -> String? {
        // (a slash or a dash between a label's two languages is no word: `Ordre de treball / Work order`)
        guard let last = label.last, label.count <= maxCharacters,
              label.split(separator: " ").filter({ $0.contains(where: \.isLetter) }).count <= maxWords else { return nil }
        if last == ":" { return " " }
        let abbreviated = last == "." && label.split(separator: " ").last.map { abbreviations.contains($0.lowercased()) } == true
        guard abbreviated || !".!?,;".contains(last), !label.contains(where: \.isNumber) else { return nil }
        return ": "
    }
}

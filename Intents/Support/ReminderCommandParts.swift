import Foundation
import IntentKit

/// A free-text reminder command taken apart: its words, the date phrases the parser found, and
/// the words left for the title once those phrases (with their lead-in words) are removed.
///
/// The deterministic title is `remainder` without the request frame ("remind me to", "set a
/// reminder for", "add … to my calendar"); a model may only choose a span of `remainder`
/// (`ReminderCommand+Grammar.swift`), which then loses its frame the same way.
struct ReminderCommandParts: Sendable {
    struct Word: Sendable, Equatable {
        /// The word as typed, without punctuation at either end.
        var text: String
        /// Lowercased, letters, digits and apostrophes only: what the rules compare.
        var key: String
        /// The word ended with a comma, colon or semicolon (a clause break).
        var breaksAfter: Bool
    }

    struct DatePhrase: Sendable {
        /// The phrase exactly as it occurs in the command.
        var text: String
        var date: IntentDate
    }

    let words: [Word]
    let dates: [DatePhrase]
    /// The command's words in order, minus every date phrase and the words that led into it.
    let remainder: [Word]

    /// At most this many date phrases are looked for in one command.
    static let maxPhrases = 3

    /// `find` looks for a date phrase in text; `resolve` reads a whole phrase (used to join a day
    /// and a time that stand apart: "Friday: vet at 3").
    init(text: String, find: (String) -> (range: Range<String.Index>, date: IntentDate)?,
         resolve: (String) -> IntentDate? = { _ in nil }) {
        // Date phrases, each found in the text with the earlier ones blanked out (blanks of the
        // same UTF-8 length, so offsets carry over to the original text).
        var masked = Array(text.utf8)
        var spans: [Range<Int>] = []
        var phrases: [DatePhrase] = []
        while phrases.count < Self.maxPhrases, let hit = find(String(decoding: masked, as: UTF8.self)) {
            let current = String(decoding: masked, as: UTF8.self)
            let lower = current.utf8.distance(from: current.startIndex, to: hit.range.lowerBound)
            let upper = current.utf8.distance(from: current.startIndex, to: hit.range.upperBound)
            guard upper > lower else { break }
            spans.append(lower..<upper)
            phrases.append(DatePhrase(text: String(decoding: Array(text.utf8)[lower..<upper], as: UTF8.self), date: hit.date))
            for i in lower..<upper { masked[i] = 0x20 }
        }
        dates = Self.joiningDayAndTime(phrases, resolve: resolve)
        // Words with their byte ranges; a word that overlaps a phrase belongs to it.
        var words: [Word] = []
        var inDate: [Bool] = []
        var offset = 0
        for piece in text.split(omittingEmptySubsequences: false, whereSeparator: \.isWhitespace) {
            let length = piece.utf8.count
            defer { offset += length + 1 }
            guard let word = Self.word(piece) else { continue }
            words.append(word)
            inDate.append(spans.contains { $0.overlaps(offset..<(offset + length)) })
        }
        self.words = words
        remainder = Self.removingDates(words, inDate: inDate)
    }

    /// A day without a time and a time without a day, apart in the command ("Friday: vet at 3",
    /// "tomorrow call mom at 5"), are one due date: the first two phrases, read together day first,
    /// when that reading keeps the day and adds the time. Both phrases then carry the joined date,
    /// so a model choosing either gets it.
    static func joiningDayAndTime(_ phrases: [DatePhrase], resolve: (String) -> IntentDate?) -> [DatePhrase] {
        guard phrases.count >= 2 else { return phrases }
        let pair = [phrases[0], phrases[1]]
        guard let d = pair.firstIndex(where: { !$0.date.hasTime && $0.date.granularity == "day" }),
              pair[1 - d].date.hasTime,
              let joined = resolve("\(pair[d].text) \(pair[1 - d].text)"),
              joined.hasTime, joined.iso.prefix(10) == pair[d].date.iso.prefix(10) else { return phrases }
        var out = phrases
        out[0].date = joined
        out[1].date = joined
        return out
    }

    static func word(_ piece: Substring) -> Word? {
        let trimmed = piece.trimmingCharacters(in: CharacterSet.punctuationCharacters.subtracting(CharacterSet(charactersIn: "'#-")))
            .trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        guard !trimmed.isEmpty else { return nil }
        let key = String(trimmed.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "'" || $0 == "-" })
        let last = piece.last.map { [",", ";", ":"].contains($0) } ?? false
        return Word(text: trimmed, key: key.replacingOccurrences(of: "’", with: "'"), breaksAfter: last)
    }

    /// Words that lead into a date phrase and go with it ("on the 1st", "by friday", "at 5pm").
    static let leadIns: Set<String> = ["on", "at", "by", "for", "before", "until", "till", "due", "from", "around", "the", "this"]

    static func removingDates(_ words: [Word], inDate: [Bool]) -> [Word] {
        var drop = inDate
        for i in words.indices where inDate[i] && (i == 0 || !inDate[i - 1]) {
            // Walk back over lead-in words (at most three: "due on the 1st").
            var j = i - 1
            while j >= 0, i - j <= 3, !drop[j], leadIns.contains(words[j].key), !words[j].breaksAfter { drop[j] = true; j -= 1 }
            // "tomorrow is trash day": the copula after a leading date goes with it.
            var end = i
            while end + 1 < words.count, inDate[end + 1] { end += 1 }
            if end + 1 < words.count, words[end + 1].key == "is", j < 0 || ["that", "reminder"].contains(words[j].key) { drop[end + 1] = true }
        }
        return words.indices.filter { !drop[$0] }.map { words[$0] }
    }
}

import Foundation
import Grounding

/// Splits text into sentence-like units, as UTF-8 byte ranges with surrounding whitespace trimmed.
///
/// Prose: a unit ends after `.`, `!` or `?` (plus closing quotes or brackets) followed by white
/// space and a capital, digit, quote or bracket, unless the word before the stop is a known
/// abbreviation or a single initial; blank lines and block starts (`#`, `-`, `*`, `|`, `1.`, `•`,
/// a to-do's `[ ]`) always end a unit. Line mode (CSV, source code): every non-blank line is a unit.
enum SentenceSplitter {
    static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "vs", "etc", "e.g", "i.e", "no", "fig", "ca", "approx",
        "inc", "ltd", "co", "corp", "mt", "ft", "gen", "col", "sgt", "capt", "lt", "rev", "vol", "pp", "ed", "est",
        "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "u.s", "u.k", "a.d", "b.c",
        // a price's "incl. VAT", "excl. GST"; rupees ("Rs. 500"), a phone's extension ("ext. 214"),
        // an area ("742 sq. ft."), a company ("Pvt. Ltd."), an account or a reference ("a/c no.", "ref.")
        "incl", "excl", "rs", "ext", "tel", "sq", "pvt", "ref", "acct", "apt", "dept", "qty",
    ]

    static func split(_ text: String, lineMode: Bool) -> [Range<Int>] {
        let b = Array(text.utf8)
        var result: [Range<Int>] = []
        var start = 0
        func emit(_ end: Int) {
            var lo = start, hi = end
            while lo < hi, isSpace(b[lo]) { lo += 1 }
            while hi > lo, isSpace(b[hi - 1]) { hi -= 1 }
            if lo < hi { result.append(lo..<hi) }
            start = end
        }
        var i = 0
        // A record line (`name: Maya; note: child passport - 5 years. Renew…`, as the extractors
        // write rows and objects) is a unit of its own: a stop inside a value ends no sentence.
        // So is a Markdown heading ("## 5. New music folders": its number's stop ends nothing).
        var inRecord = !lineMode && (isRecordLine(b, from: 0) || isHeadingLine(b, from: 0))
        while i < b.count {
            let c = b[i]
            if c == 0x0A {
                let nextIsRecord = !lineMode && isRecordLine(b, from: i + 1)
                if lineMode || inRecord || nextIsRecord || isBlockBreak(b, after: i) { emit(i + 1) }
                inRecord = nextIsRecord || !lineMode && isHeadingLine(b, from: i + 1)
            } else if !lineMode, !inRecord, c == UInt8(ascii: ".") || c == UInt8(ascii: "!") || c == UInt8(ascii: "?") {
                var j = i + 1
                while j < b.count, isCloser(b[j]) { j += 1 }
                if j >= b.count { break }
                if isSpace(b[j]) {
                    var k = j
                    while k < b.count, isSpace(b[k]) { k += 1 }
                    if k < b.count, startsSentence(b[k]),
                       c != UInt8(ascii: ".") || !isAbbreviation(b, dotAt: i, before: k) && !isLeader(b, dotAt: i, before: k) {
                        emit(j)
                        i = j
                        continue
                    }
                }
            }
            i += 1
        }
        emit(b.count)
        return result
    }

    /// Whether the line starting at `from` is a Markdown heading (`#` after any indentation).
    static func isHeadingLine(_ b: [UInt8], from: Int) -> Bool {
        var i = from
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        return i < b.count && b[i] == UInt8(ascii: "#")
    }

    /// Whether the line starting at `from` is a rule: three or more of one of `=`, `-`, `_`, `*`,
    /// `~` and nothing else but spaces (a plain text's underline of a heading, or a break).
    static func isRuleLine<C: RandomAccessCollection>(_ b: C, from: Int) -> Bool where C.Element == UInt8, C.Index == Int {
        var i = from, mark: UInt8 = 0, count = 0
        while i < b.endIndex, b[i] != 0x0A {
            let c = b[i]
            i += 1
            if c == 0x20 || c == 0x09 || c == 0x0D { continue }
            switch c {
            case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "*"), UInt8(ascii: "~"): break
            default: return false
            }
            guard mark == 0 || c == mark else { return false }
            mark = c
            count += 1
        }
        return count >= 3
    }

    /// The start of the line that the newline at `i` ends.
    private static func lineStart(_ b: [UInt8], endingAt i: Int) -> Int {
        var s = i
        while s > 0, b[s - 1] != 0x0A { s -= 1 }
        return s
    }

    /// Whether the dot at `i` ends a run of dots leading to a value ("Jim the plumber ......
    /// 07700 900418", a phone list's or a contents page's leaders): four dots or more, or two or
    /// more before a digit. An ellipsis before a capital ("wait... Then") still ends a sentence.
    static func isLeader(_ b: [UInt8], dotAt i: Int, before next: Int) -> Bool {
        var start = i
        while start > 0, b[start - 1] == UInt8(ascii: ".") { start -= 1 }
        let run = i - start + 1
        return run >= 4 || run >= 2 && isDigit(b[next])
    }

    /// Whether the newline at `i` ends a block: a blank line follows, or a Markdown block marker.
    private static func isBlockBreak(_ b: [UInt8], after i: Int) -> Bool {
        var k = i + 1
        while k < b.count, b[k] == 0x20 || b[k] == 0x09 || b[k] == 0x0D { k += 1 }
        guard k < b.count else { return true }
        let c = b[k]
        if c == 0x0A { return true }
        if isHeadingLine(b, endingAt: i) { return true }
        // a plain text's rule (`=====` under a heading, `-----` between parts) is a line of its own
        if isRuleLine(b, from: k) || isRuleLine(b, from: lineStart(b, endingAt: i)) { return true }
        if c == UInt8(ascii: "#") || c == UInt8(ascii: "|") { return true }
        if c == UInt8(ascii: ">") {
            // a quoted email's paragraph wraps from one `> ` line to the next at the same depth
            // ("…please call our 24/7 emergency line at" / "> 1-888-555-0118."): read on as prose
            let previous = quoted(b, lineAt: lineStart(b, endingAt: i)), next = quoted(b, lineAt: k)
            func blank(_ j: Int) -> Bool { j >= b.count || b[j] == 0x0A || b[j] == 0x0D }
            guard previous.depth == next.depth, !blank(previous.content), !blank(next.content) else { return true }
            k = next.content
        }
        if startsField(b, at: k) || startsListItem(b, at: k) { return true }
        // a line of a list set out with dot leaders ("Jim the plumber ...... 07700 900418") is an
        // entry of its own, as a field line is
        if hasLeader(b, lineEndingAt: i) || hasLeader(b, lineStartingAt: k) { return true }
        // A line break inside prose ends a unit only after a line that itself looks finished.
        var p = i
        while p > 0, isSpace(b[p - 1]) { p -= 1 }
        return p > 0 && b[p - 1] == UInt8(ascii: ":")
    }

    /// The quote depth of the line starting at `start` (its leading `>` marks, spaces between
    /// them allowed) and where its text begins.
    static func quoted(_ b: [UInt8], lineAt start: Int) -> (depth: Int, content: Int) {
        var depth = 0, j = start
        while j < b.count {
            if b[j] == UInt8(ascii: ">") { depth += 1 } else if b[j] != 0x20 && b[j] != 0x09 { break }
            j += 1
        }
        return (depth, j)
    }

    /// Whether the line ending at the newline `i` (or starting at `k`) holds a dot leader: four
    /// dots or more, then a space.
    private static func hasLeader(_ b: [UInt8], lineEndingAt i: Int) -> Bool {
        hasLeader(b, lineStartingAt: lineStart(b, endingAt: i))
    }

    private static func hasLeader(_ b: [UInt8], lineStartingAt k: Int) -> Bool {
        var dots = 0
        var j = k
        while j < b.count, b[j] != 0x0A {
            if b[j] == UInt8(ascii: ".") { dots += 1 } else { if dots >= 4, b[j] == 0x20 { return true }; dots = 0 }
            j += 1
        }
        return false
    }

    /// Whether the line starting at `start` is a record (`TextSignals.isRecord`: `label: value`
    /// fields joined by `; `). Only a line with `; ` in it is decoded.
    static func isRecordLine(_ b: [UInt8], from start: Int) -> Bool {
        var end = start
        var separated = false
        while end < b.count, b[end] != 0x0A {
            if b[end] == UInt8(ascii: ";"), end + 1 < b.count, b[end + 1] == 0x20 { separated = true }
            end += 1
        }
        guard separated else { return false }
        var hi = end
        while hi > start, isSpace(b[hi - 1]) { hi -= 1 }
        return TextSignals.isRecord(String(decoding: b[start..<hi], as: UTF8.self))
    }

    /// Whether a list item starts at `k`: Markdown's `- `, `* `, `+ `, or digits then `. ` or `) `;
    /// a bullet `• `; a to-do list's check box, `[ ] `, `[x] ` (any one character in brackets).
    static func startsListItem<C: RandomAccessCollection>(_ b: C, at k: C.Index) -> Bool where C.Element == UInt8, C.Index == Int {
        guard k < b.endIndex else { return false }
        let c = b[k]
        if c == UInt8(ascii: "-") || c == UInt8(ascii: "*") || c == UInt8(ascii: "+") {
            return k + 1 < b.endIndex && b[k + 1] == 0x20
        }
        if c == UInt8(ascii: "["), k + 3 < b.endIndex {
            return b[k + 1] < 0x80 && b[k + 1] != UInt8(ascii: "]") && b[k + 2] == UInt8(ascii: "]") && b[k + 3] == 0x20
        }
        // U+2022 BULLET is E2 80 A2.
        if c == 0xE2, k + 3 < b.endIndex {
            return b[k + 1] == 0x80 && b[k + 2] == 0xA2 && b[k + 3] == 0x20
        }
        var d = k
        while d < b.endIndex, isDigit(b[d]) { d += 1 }
        return d > k && d + 1 < b.endIndex && (b[d] == UInt8(ascii: ".") || b[d] == UInt8(ascii: ")")) && b[d + 1] == 0x20
    }

    /// Most words of a field's label ("Landlord:", "Due date:", "Policy number:").
    static let fieldLabelMaxWords = 3

    /// Whether a line starting at `k` is a field: a capitalised label of at most
    /// `fieldLabelMaxWords` words of letters, a colon, then a space or the line's end
    /// ("Landlord: Margaret Ellis"). A document of such lines is a record: each field is a unit,
    /// not one run-on sentence of all of them.
    private static func startsField(_ b: [UInt8], at k: Int) -> Bool {
        if startsBoldLabel(b, at: k) { return true }
        guard k < b.count, b[k] >= 0x41 && b[k] <= 0x5A || b[k] >= 0xC0 else { return false }
        var words = 1
        var j = k
        while j < b.count, j - k < 40 {
            let c = b[j]
            if c == UInt8(ascii: ":") {
                return j + 1 == b.count || isSpace(b[j + 1])
            } else if c == 0x20 {
                words += 1
                guard words <= fieldLabelMaxWords else { return false }
            } else if !(c >= 0x41 && c <= 0x5A || c >= 0x61 && c <= 0x7A || c >= 0x80 || c == UInt8(ascii: "-")) {
                return false
            }
            j += 1
        }
        return false
    }

    /// Whether a Markdown label in bold starts at `k`: `**Planner / day-of coordinator:** …` or
    /// `**Venue**: …` (`__` alike), the label at most 60 bytes on its line. The bold marks it, so
    /// it may be longer than a plain field's.
    private static func startsBoldLabel(_ b: [UInt8], at k: Int) -> Bool {
        guard k + 2 < b.count, b[k] == b[k + 1], b[k] == UInt8(ascii: "*") || b[k] == UInt8(ascii: "_") else { return false }
        let marker = b[k]
        var j = k + 2
        while j + 1 < b.count, j - k < 64, b[j] != 0x0A {
            if b[j] == marker, b[j + 1] == marker {
                let colonInside = b[j - 1] == UInt8(ascii: ":")
                let colonAfter = j + 2 < b.count && b[j + 2] == UInt8(ascii: ":")
                return j > k + 2 && (colonInside || colonAfter)
            }
            j += 1
        }
        return false
    }

    /// True when the line ending at `i` (a newline) is a heading: it starts with `#`, or it is a
    /// short line (at most `headingMaxWords` words) without closing punctuation.
    static let headingMaxWords = 8
    private static func isHeadingLine(_ b: [UInt8], endingAt i: Int) -> Bool {
        var lo = lineStart(b, endingAt: i)
        while lo < i, isSpace(b[lo]) { lo += 1 }
        guard lo < i else { return false }
        if b[lo] == UInt8(ascii: "#") { return true }
        var hi = i
        while hi > lo, isSpace(b[hi - 1]) { hi -= 1 }
        let last = b[hi - 1]
        if [UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "-"), UInt8(ascii: "!"), UInt8(ascii: "?")].contains(last) {
            return false
        }
        // A heading is followed by a line that starts a sentence, and it is not a wrapped prose line.
        var k = i + 1
        while k < b.count, b[k] == 0x20 || b[k] == 0x09 { k += 1 }
        guard k < b.count, startsSentence(b[k]) else { return false }
        return wordCount(b[lo..<hi]) <= headingMaxWords && (b[lo] >= 0x41 && b[lo] <= 0x5A || b[lo] >= 0xC0 || isDigit(b[lo]))
    }

    /// Abbreviations that stand before a number and end a sentence otherwise: a street's
    /// ("Lütticher Str. 44", "Harbour Rd. 12"), a number's in German and Dutch ("Rechnung Nr.
    /// 2025-031"), a suite's or a building's, a mobile's ("Mob. 0171 555 2290").
    static let beforeNumber: Set<String> = ["str", "nr", "nrs", "rd", "ave", "blvd", "hwy", "bldg", "ste", "mob", "kto"]

    /// `next`: where the next unit would start.
    private static func isAbbreviation(_ b: [UInt8], dotAt i: Int, before next: Int) -> Bool {
        var s = i
        while s > 0, !isSpace(b[s - 1]), !isOpener(b[s - 1]) { s -= 1 }
        let word = String(decoding: b[s..<i], as: UTF8.self).lowercased()
        if word.count == 1, let f = word.unicodeScalars.first, f.properties.isAlphabetic { return true }
        if isDigit(b[next]), beforeNumber.contains(word) { return true }
        return abbreviations.contains(word) || isDottedInitials(word)
    }

    /// Letters joined by dots ("J.I", "O.S", "U.S.A"): initials or a dotted abbreviation, not a
    /// sentence's last word. A time of day ("5 p.m. The shop…") does end one.
    private static func isDottedInitials(_ word: String) -> Bool {
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, word != "a.m", word != "p.m" else { return false }
        return parts.allSatisfy { $0.count == 1 && $0.unicodeScalars.first!.properties.isAlphabetic }
    }

    private static func isOpener(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")
    }

    private static func startsSentence(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || isDigit(c) || c == UInt8(ascii: "\"") || c == UInt8(ascii: "(")
            || c == UInt8(ascii: "[") || c == UInt8(ascii: "'") || c >= 0xC0
    }

    private static func isCloser(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: ")") || c == UInt8(ascii: "]")
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C }
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// Number of white-space separated words in `bytes`.
    static func wordCount<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var count = 0
        var inWord = false
        for c in bytes {
            if isSpace(c) { inWord = false } else if !inWord { inWord = true; count += 1 }
        }
        return count
    }
}

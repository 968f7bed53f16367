import Foundation
import Grounding

/// An answer sentence too long to be an answer, narrowed to the clauses that answer; a long
/// record narrowed to the fields that answer.
///
/// Some sentences run past the answer's word limit: a list of figures joined by commas ("an
/// average 182 million tons of dust are windblown out of the Sahara each year, …, 132 million
/// tons of dust remain in the air, 43 million tons …"). Quoting all of it hides the answer.
/// The sentence is cut at its clause boundaries (", ", "; ", ": ", a spaced dash) and the answer
/// becomes the run of consecutive clauses, at most `maxWords` long, that holds the most of the
/// question's weight (half a question's weight more when it holds the asked-for kind of answer),
/// and of those the shortest. Its range lies inside the sentence's, so the citation stays the
/// exact source bytes.
struct ClauseWindow {
    let question: String
    let terms: QuestionTerms
    let maxWords: Int
    /// A record (not a CSV row) longer than this many words is narrowed to the fields that answer…
    var recordWords = 30
    /// …when at least this share of the question's weight is in it.
    var recordCoverage = 0.75
    /// Whether a window's text holds the kind of answer asked for (a number, a date, …).
    let typed: (String) -> Bool
    /// Whether a field's label names the kind of answer asked for (`AnswerType.isLabel`).
    var kindLabel: ([String]) -> Bool = { _ in false }
    /// Whether a field's label names what the question asks of its kind: the money the question's
    /// verb or noun asks (`plan_paid` for "how much did insurance pay", `deposit` for "how much is
    /// the deposit"; `QuestionAnalysis.moneyLabelWords`). Such a field holding the kind widens
    /// a run to reach it.
    var askedLabel: ([String]) -> Bool = { _ in false }
    /// Whether a long record's field labelled with the kind asked joins the fields that answer
    /// though they hold that kind (`withKind`): where the kind is a place.
    var kindJoins = false
    /// What a run gains for holding a field `askedLabel` names: more than a few units cost.
    static let askedLabelGain = 0.05

    /// `sentence` narrowed: to its clauses that answer when it runs past `limit` words, and a
    /// record past `recordWords` words to its fields that answer (`narrowedRecord`); otherwise
    /// `sentence`.
    func narrowed(_ sentence: ScoredSentence, limit: Int) -> [ScoredSentence] {
        guard sentence.chunk.record.kind != .csv else { return [sentence] }
        let bytes = Array(sentence.text.utf8)
        if TextSignals.isRecord(sentence.text) { return narrowedRecord(sentence, bytes, limit: limit) }
        guard sentence.words > limit else { return [sentence] }
        let clauses = Self.clauses(bytes)
        guard clauses.count > 1, let run = bestRun(clauses, in: bytes) else { return [sentence] }
        let range = Self.trimmed(clauses[run.lowerBound].lowerBound..<clauses[run.upperBound - 1].upperBound, in: bytes)
        return range.isEmpty ? [sentence] : [part(of: sentence, range, bytes)]
    }

    /// A record (not a CSV row) past `recordWords` words: the run of fields that answers
    /// ("passport number: 533180271"), led by the first field when that says whose or which
    /// record it is ("name: Thomas Whitfield", `identifies`) — one part when they are adjacent,
    /// two when not. Narrowed only when the question's words find their fields: most of them
    /// are in the record and the fields chosen hold all of those ("miles" asked, "mileage"
    /// written: the words cannot choose, and the whole record stays). A record past `limit`
    /// words, too long to be an answer whole, is narrowed to the fields that hold the most of
    /// the question all the same ("what seat am i in on the flight to lisbon": a flight's
    /// `seats seat: 24C`, the flight and the city in fields of their own). A record of someone the
    /// question does not name stays whole, for gate H to weigh (H6: Priya's record does not
    /// answer for Maya).
    private func narrowedRecord(_ sentence: ScoredSentence, _ bytes: [UInt8], limit: Int) -> [ScoredSentence] {
        let parts = recordParts(sentence, bytes, limit: limit)
        guard parts.count != 1 || parts[0].range != sentence.range else { return parts }
        return withReason(withKind(parts, of: sentence, bytes), of: sentence, bytes)
    }

    /// `parts` of a record with its field labelled with the kind asked when none of them is one
    /// (`location: Plaça de la Independència, Girona` for "where do we meet for the saturday club
    /// ride", whose words chose the event's title and its `description: Meeting point at the
    /// fountain…`): the record says where, whatever other field holds the question's words. For
    /// another kind, only when no part holds it (a date of birth does not join `passport expires:
    /// 2027-11-02` for "when does Tom's card expire"): any capital reads as a place, a date is one.
    private func withKind(_ parts: [ScoredSentence], of sentence: ScoredSentence, _ bytes: [UInt8]) -> [ScoredSentence] {
        guard kindJoins || !parts.contains(where: { typed($0.text) }) else { return parts }
        let fields = Self.fields(bytes)
        let base = sentence.range.lowerBound
        func inParts(_ field: Range<Int>) -> Bool { parts.contains { $0.range.contains(base + field.lowerBound) } }
        guard !fields.contains(where: { inParts($0) && labelsKind([$0][...], bytes) }),
              let field = fields.first(where: { labelsKind([$0][...], bytes) }) else { return parts }
        return (parts + [part(of: sentence, field, bytes)]).sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// `parts` of a record asked why, with the field of its reason when none of them is one
    /// (`failure reason: Bank server unavailable (U68)`, `driver_note: No answer, no safe place`
    /// for "why did the ellwood delivery fail"): a field labelled as a reason before one labelled
    /// as a note.
    private func withReason(_ parts: [ScoredSentence], of sentence: ScoredSentence, _ bytes: [UInt8]) -> [ScoredSentence] {
        guard QuestionAnalysis.asksReason(question) else { return parts }
        let fields = Self.fields(bytes)
        func labelled(_ words: Set<String>) -> [Range<Int>] {
            fields.filter { field in
                TextSignals.labelled(String(decoding: bytes[field], as: UTF8.self))
                    .map { !Set(TextSignals.words(String($0.label))).isDisjoint(with: words) } ?? false
            }
        }
        let strong = labelled(Self.strongReasonLabels)
        let reasons = strong.isEmpty ? labelled(Self.reasonLabels) : strong
        let base = sentence.range.lowerBound
        guard let reason = reasons.first,
              !reasons.contains(where: { field in parts.contains { $0.range.contains(base + field.lowerBound) } }) else { return parts }
        return (parts + [part(of: sentence, reason, bytes)]).sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Labels of a field that says why (`strongReasonLabels` first), and of one that may.
    static let strongReasonLabels: Set<String> = ["reason", "reasons", "cause", "why", "explanation"]
    static let reasonLabels: Set<String> = strongReasonLabels.union(["note", "notes", "remark", "remarks", "comment", "comments"])

    /// A long record's parts that answer (see `narrowedRecord`), or the whole record.
    private func recordParts(_ sentence: ScoredSentence, _ bytes: [UInt8], limit: Int) -> [ScoredSentence] {
        let fields = Self.fields(bytes)
        let whole = terms.coverage(ofText: sentence.text)
        let tooLong = sentence.words > limit
        guard sentence.words > recordWords, fields.count > 2, whole >= recordCoverage || tooLong, holdsNames(sentence.text) else {
            return [sentence]
        }
        let leading = leadingFields(fields, bytes)
        let leadRange = leading.map { fields[$0.lowerBound].lowerBound..<fields[$0.upperBound - 1].upperBound }
        let lead = leadRange.map { String(decoding: bytes[$0], as: UTF8.self) } ?? ""
        let offset = leading?.upperBound ?? 0
        // the fields that say whose record it is, with any before them, hold all the question
        // finds: they answer ("maya's CIIS id number": `patient ciis id: 7781204; patient first
        // name: Maya; …`, the rest of the record left out) — unless the question asks a kind of
        // answer they lack and another field holds ("when is papa's eye screening": `title:
        // Diabetic eye screening` holds the words, `start: 2026-04-08…` the date); a card's
        // name alone answers nothing asked of it ("the pharmacist's name at plenty road pharmacy")
        if let leadRange, !Self.isCard(fields, bytes) {
            let head = fields[0].lowerBound..<leadRange.upperBound
            let headText = String(decoding: bytes[head], as: UTF8.self)
            // (or a field labelled with that kind holds it when none of the head is: `start:` for
            // "when is owen's 8th birthday party", whose title's "8th" reads as a day)
            let typedElsewhere = !typed(headText) && fields[offset...].contains { typed(String(decoding: bytes[$0], as: UTF8.self)) }
                || !labelsKind(fields[..<offset], bytes) && labelsKind(fields[offset...], bytes)
            if !typedElsewhere, terms.coverage(ofText: headText) >= whole - 1e-9 {
                return [part(of: sentence, head, bytes)]
            }
        }
        guard offset < fields.count,
              let found = bestRun(Array(fields.dropFirst(offset)), in: bytes, with: lead, unique: true) else { return [sentence] }
        let run = wholeObject((found.lowerBound + offset)..<(found.upperBound + offset), fields, bytes, from: offset)
        let last = fields[run.upperBound - 1].upperBound
        let chosen = lead + " " + String(decoding: bytes[fields[run.lowerBound].lowerBound..<last], as: UTF8.self)
        guard terms.coverage(ofText: chosen) >= whole - 1e-9 || tooLong else { return [sentence] }
        guard let leading, let leadRange else { return [part(of: sentence, fields[run.lowerBound].lowerBound..<last, bytes)] }
        if run.lowerBound == leading.upperBound { return [part(of: sentence, leadRange.lowerBound..<last, bytes)] }
        return [part(of: sentence, leadRange, bytes), part(of: sentence, fields[run.lowerBound].lowerBound..<last, bytes)]
    }

    /// `run` widened to the fields beside it that belong to the same thing when the question
    /// asks for the thing, not one of its fields: their labels share all but their last word
    /// with the run's, that shared part is two words or holds a word of the question, and no
    /// last word does ("addresses home street", "… city", "… postcode" for "mum's address in
    /// scarborough"; not "passport issued" beside "passport number" for "Tom's passport number",
    /// nor "phones work" beside "phones mobile" for "Jon's mobile").
    private func wholeObject(_ run: Range<Int>, _ fields: [Range<Int>], _ bytes: [UInt8], from start: Int) -> Range<Int> {
        func label(_ i: Int) -> [String] {
            TextSignals.labelled(String(decoding: bytes[fields[i]], as: UTF8.self)).map { TextSignals.words(String($0.label)) } ?? []
        }
        func owner(_ i: Int) -> [String]? { let words = label(i); return words.count >= 2 ? Array(words.dropLast()) : nil }
        guard let shared = owner(run.lowerBound), run.allSatisfy({ owner($0) == shared }),
              shared.count >= 2 || terms.coverage(ofText: shared.joined(separator: " ")) > 0,
              !run.contains(where: { terms.coverage(ofText: label($0).last ?? "") > 0 }) else { return run }
        var lower = run.lowerBound, upper = run.upperBound
        while lower > start, owner(lower - 1) == shared { lower -= 1 }
        while upper < fields.count, owner(upper) == shared { upper += 1 }
        return lower..<upper
    }

    /// The fields that say whose or which record it is: the first identifying field among the
    /// first three, with the fields right after it whose labels open with the same word and that
    /// are a part of a name or hold a word of the question, at most three ("name given: Ellie; name
    /// family: Fairburn" after "id: c011"; "vehicle registration: WU16 KHT; vehicle make: Skoda"
    /// for "…for the skoda"; "profile display_name: Dad; profile full_name: Robert Hale", not the
    /// date of birth after them); nil when none identifies.
    func leadingFields(_ fields: [Range<Int>], _ bytes: [UInt8]) -> Range<Int>? {
        let texts = fields.prefix(5).map { String(decoding: bytes[$0], as: UTF8.self) }
        let labels = texts.map { TextSignals.labelled($0).map { TextSignals.words(String($0.label)) } ?? [] }
        // (an address book's card opens with whose it is: `contact: Nate Ferreira; …; note: Has
        // our spare house key`)
        guard let start = Self.isCard(fields, bytes) ? 0 : labels.prefix(3).firstIndex(where: Self.identifying) else { return nil }
        var end = start + 1
        while end < labels.count, end - start < 3 {
            let asked = terms.coverage(ofText: texts[end]) > 0
            // a part of its name, or another field that says which holding a word of the question
            // ("date: 2026-04-11; title: Caledonian Engineering annual dinner" for "…at the
            // caledonian engineering dinner")
            guard labels[end].first == labels[start].first && (labels[end].contains("name") || asked)
                || Self.identifying(labels[end]) && asked else { break }
            end += 1
        }
        return start..<end
    }

    /// Whether the record is an address book's card (`ContactText`: `contact: Nate Ferreira; …`).
    static func isCard(_ fields: [Range<Int>], _ bytes: [UInt8]) -> Bool {
        fields.first.map { bytes[$0].starts(with: Array((ContactText.cardLabel + ": ").utf8)) } ?? false
    }

    /// Labels that say whose or which record a field's record is.
    static let identifyingLabels: Set<String> = ["name", "title", "item", "person", "who", "date", "day", "description",
                                                 "subject", "registration", "reg", "account", "policy", "customer",
                                                 "student", "player", "member", "child", "pupil", "event", "service"]

    /// Whether `field` (`label: value`) names its record: a word of its label is an identifying one.
    static func identifies(_ field: String) -> Bool {
        guard let (label, _) = TextSignals.labelled(field) else { return false }
        return identifying(TextSignals.words(String(label)))
    }

    /// Whether a label's words hold an identifying one.
    static func identifying(_ labelWords: [String]) -> Bool { labelWords.contains(where: identifyingLabels.contains) }

    /// The run of consecutive `units`, at most `maxWords` long, that holds the most of the
    /// question's weight (half a question's weight more when it holds the asked-for kind of
    /// answer, a hundredth less for each unit past the first), and of those the shortest; nil
    /// when none holds any or, with `unique`, when two runs apart hold it ("passport issued: …"
    /// and "passport expires: …" for "when does it expire?": the words do not say which, and the
    /// whole says both). `lead` (a record's first field, always quoted) counts towards each
    /// run's weight.
    private func bestRun(_ units: [Range<Int>], in bytes: [UInt8], with lead: String = "", unique: Bool = false) -> Range<Int>? {
        let counts = units.map { SentenceSplitter.wordCount(bytes[$0]) }
        // each unit's labels read once: whether it is a field labelled with the kind asked, and
        // with what the question asks of its kind, that holds it
        let kindLabelled = units.map { labelsKind([$0][...], bytes) }
        let askedLabelled = units.map { labelsKind([$0][...], bytes, askedLabel) }
        var scored: [(run: Range<Int>, score: Double)] = []
        for i in units.indices {
            var words = 0
            for j in i..<units.count {
                words += counts[j]
                guard words <= maxWords else { break }
                let text = String(decoding: bytes[units[i].lowerBound..<units[j].upperBound], as: UTF8.self)
                // a unit more costs a little: words that stand together answer together
                // (a little more when a field's label names that kind, `location:` for "where": less than
                // a unit more costs, so it parts runs alike and does not widen one)
                let kind = typed(text) ? 0.5 + (kindLabelled[i...j].contains(true) ? 0.005 : 0)
                    + (askedLabelled[i...j].contains(true) ? Self.askedLabelGain : 0) : 0
                scored.append((i..<(j + 1), terms.coverage(ofText: lead + " " + text) + kind - 0.01 * Double(j - i)))
            }
        }
        guard let top = scored.map(\.score).max(), top > 0 else { return nil }
        let best = scored.filter { $0.score >= top - 1e-9 }.map(\.run)
        // the best runs that hold no other best run: one answer, or several apart
        let minimal = best.filter { run in !best.contains { $0 != run && run.contains($0.lowerBound) && run.contains($0.upperBound - 1) } }
        if unique { return minimal.count == 1 ? minimal[0] : nil }
        return minimal.min { units[$0.upperBound - 1].upperBound - units[$0.lowerBound].lowerBound
                             < units[$1.upperBound - 1].upperBound - units[$1.lowerBound].lowerBound }
    }

    /// Whether one of `units` is a field whose label names the kind of answer asked and whose
    /// value holds it.
    /// (`names`: the label test, `kindLabel` unless given)
    private func labelsKind(_ units: ArraySlice<Range<Int>>, _ bytes: [UInt8], _ names: (([String]) -> Bool)? = nil) -> Bool {
        units.contains { unit in
            let text = String(decoding: bytes[unit], as: UTF8.self)
            guard let (label, value) = TextSignals.labelled(text) else { return false }
            return (names ?? kindLabel)(TextSignals.words(String(label))) && typed(String(value))
        }
    }

    /// Whether `text` holds every name the question writes with a capital, or another form of it.
    private func holdsNames(_ text: String) -> Bool {
        let stems = TextSignals.stems(text)
        return TextSignals.names(question).allSatisfy { name in
            stems.contains(TextSignals.stem(name))
                || Nicknames.variants(of: name, capitalised: true).contains { stems.contains(TextSignals.stem($0)) }
        }
    }

    /// `sentence` cut to `range` (bytes of its text).
    private func part(of sentence: ScoredSentence, _ range: Range<Int>, _ bytes: [UInt8]) -> ScoredSentence {
        var part = sentence
        part.whole = sentence.whole ?? sentence.text
        part.range = (sentence.range.lowerBound + range.lowerBound)..<(sentence.range.lowerBound + range.upperBound)
        part.text = String(decoding: bytes[range], as: UTF8.self)
        part.words = SentenceSplitter.wordCount(bytes[range])
        return part
    }

    /// Byte ranges of a record's fields, the `; ` between them left out.
    static func fields(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == UInt8(ascii: ";"), bytes[i + 1] == 0x20 {
                ranges.append(start..<i)
                start = i + 2
                i += 2
                continue
            }
            i += 1
        }
        ranges.append(start..<bytes.count)
        return ranges.filter { !$0.isEmpty }
    }

    /// Byte ranges of the clauses of `bytes`, each ending after its separator, together covering
    /// all of it. A separator is ", ", "; " or ": " (not "1,600" or "10:30"), or a dash between spaces.
    static func clauses(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var depth = 0
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") { depth = max(0, depth - 1) }
            var end: Int?
            if depth == 0, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: " ") || bytes[i + 1] == UInt8(ascii: "\n"),
               c == UInt8(ascii: ",") || c == UInt8(ascii: ";") || c == UInt8(ascii: ":") {
                end = i + 1
            } else if depth == 0, c == UInt8(ascii: " "), let dash = Self.dashLength(bytes, at: i + 1),
                      i + 1 + dash < bytes.count, bytes[i + 1 + dash] == UInt8(ascii: " ") {
                end = i + 1 + dash
            }
            if let end, end > start {
                ranges.append(start..<end)
                start = end
                i = end
                continue
            }
            i += 1
        }
        if start < bytes.count { ranges.append(start..<bytes.count) }
        return ranges
    }

    /// The byte length of an en or em dash (or "-", "--") at `index`, or nil.
    private static func dashLength(_ bytes: [UInt8], at index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "-") {
            return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-") ? 2 : 1
        }
        // U+2013 and U+2014 are E2 80 93 and E2 80 94.
        if index + 2 < bytes.count, bytes[index] == 0xE2, bytes[index + 1] == 0x80,
           bytes[index + 2] == 0x93 || bytes[index + 2] == 0x94 {
            return 3
        }
        return nil
    }

    /// `range` without white space at either end and without a trailing separator.
    static func trimmed(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) || [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(bytes[upper - 1]) {
            upper -= 1
        }
        // A window ending before a dash keeps no dash.
        while upper > lower {
            if bytes[upper - 1] == UInt8(ascii: "-") {
                upper -= 1
            } else if upper - lower >= 3, bytes[upper - 3] == 0xE2, bytes[upper - 2] == 0x80,
                      bytes[upper - 1] == 0x93 || bytes[upper - 1] == 0x94 {
                upper -= 3
            } else {
                break
            }
            while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        }
        return lower..<upper
    }
}

import Foundation
import Grounding

/// What `rank` and `choose` read in a sentence: a document's title line, a field labelled with the
/// noun asked about, a record keyed by the number asked, a day or month the question names.
extension ExtractiveAnswerer {
    /// A plain-text title: a single line of at most eight words, most of them capitalised, without
    /// closing punctuation or a field's colon ("Grandma Rose's Banana Bread", "TENANCY AGREEMENT -
    /// SUMMARY"). As a document's first line it labels the document, as a `#` heading does, and is
    /// no answer of its own ("Spare key under the mat" is a sentence: most of its words are not
    /// capitalised).
    static func isTitleLine(_ text: String) -> Bool {
        guard !text.contains("\n"), !text.contains(":"), let last = text.last, !".!?;,".contains(last) else { return false }
        let words = text.split(separator: " ").filter { $0.first?.isLetter == true }
        guard !words.isEmpty, words.count <= 8 else { return false }
        return Double(words.filter { $0.first!.isUppercase }.count) >= 0.6 * Double(words.count)
    }

    /// A plain text's heading: a unit underlined by a rule (`HOMEMADE ELECTROLYTE DRINK (training
    /// only)` over `=====`), or a line of capitals of at most eight words without closing
    /// punctuation, after any number (`1. BACON & EGG RICE CAKES (for the bike)`). As a `#`
    /// heading does, it names what the lines under it are about and answers nothing itself. A
    /// line that ends in an amount over a rule is the last figure of a sum (`(Western Tunnels
    /// Ltd, quote Q-3318)   EUR 2,045.00` over `-------`), not a heading over its total.
    static func isPlainHeading(_ texts: [String], _ i: Int) -> Bool {
        let text = texts[i], bytes = text.utf8
        // (a bill's line in capitals with its dotted leader is a value: `TOTAL DUE ..... £2,730.92`)
        guard !bytes.contains(0x0A), !bytes.contains(0x3A), !isRule(text), TextSignals.leader(text) == nil else { return false }
        if i + 1 < texts.count, isRule(texts[i + 1]) { return !endsInAmount(bytes) }
        guard let last = bytes.last, !".,;!?".utf8.contains(last),
              !bytes.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) || bytes.contains(0x28) else { return false }
        // its words outside brackets, after any number: all capitals
        var depth = 0, words = 0, letters = 0, inWord = false
        for c in text.drop(while: { $0.isNumber || $0 == "." || $0 == ")" || $0 == " " }) {
            if c == "(" { depth += 1 } else if c == ")" { depth = max(depth - 1, 0) }
            guard depth == 0, c != ")" else { inWord = false; continue }
            if c.isLowercase { return false }
            if c.isLetter { letters += 1; if !inWord { words += 1 } }
            inWord = !c.isWhitespace
        }
        return letters >= 6 && words <= 8
    }

    /// One labelled field of a line: `Label: value`, or one of a record's `; `-joined fields.
    struct Field {
        let label: Substring
        /// The value, white space at its ends dropped.
        let value: String
        /// The label's words, lowercased (`TextSignals.words`), read when asked for.
        var words: [String] { TextSignals.words(String(label)) }
        var stems: [String] { words.map(TextSignals.stem) }
    }

    /// The labelled fields of `text`, in order; a field without a label's colon is none. A value
    /// that only holds its place (`Inspector: —`, `Comments: n/a`) is empty.
    static func fields(_ text: String) -> [Field] {
        text.components(separatedBy: "; ").compactMap { field in
            TextSignals.labelled(field).map { labelled in
                let value = labelled.value.trimmingCharacters(in: .whitespaces)
                return Field(label: labelled.label, value: isPlaceholder(value) ? "" : value)
            }
        }
    }

    /// A value that stands for none: dashes alone (an HTML page's `&mdash;` too), "n/a".
    static func isPlaceholder(_ value: String) -> Bool {
        let value = HTMLEntities.decode(value)
        return value.allSatisfy { "-–—".contains($0) } || ["n/a", "n.a.", "na"].contains(value.lowercased())
    }

    /// A rule line (`=====`, `-----`, `* * *`): it underlines a heading or closes a sum.
    static func isRule(_ text: String) -> Bool {
        guard text.utf8.first.map({ "=-_*~".utf8.contains($0) }) == true else { return false }
        // (a list item's `- ` opens like one: its bytes are read in place, not copied)
        return text.utf8.withContiguousStorageIfAvailable { SentenceSplitter.isRuleLine($0, from: 0) }
            ?? SentenceSplitter.isRuleLine(Array(text.utf8), from: 0)
    }

    /// Whether `bytes` end in an amount with two decimals (`EUR 2,045.00`, `£19,97`).
    static func endsInAmount(_ bytes: String.UTF8View) -> Bool {
        let tail = Array(bytes.suffix(4))
        func digit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        return tail.count == 4 && digit(tail[0]) && (tail[1] == 0x2E || tail[1] == 0x2C) && digit(tail[2]) && digit(tail[3])
    }

    /// Whether a field of `text` has a value and a label of at most four words ending in one of
    /// `stems` (`labelStems`), or whose words before a preposition do: "Valuation band" for
    /// "band", "Mileage at service" for "mileage", not "Landlord address" for "landlord".
    /// `blank`: a field so labelled whose value is blank (`Inspector: —`).
    static func labels(_ text: String, _ stems: Set<String>, blank: Bool = false) -> Bool {
        fields(text).contains { field in
            guard field.value.isEmpty == blank else { return false }
            let words = field.words
            let head = words.prefix { !labelPrepositions.contains($0) }.last
            // a label's qualifier in brackets follows its noun: `Weight (kg)`, `Guardhouse (24 hrs)`
            let bracketed = field.label.firstIndex(of: "(").map { TextSignals.words(String(field.label[..<$0])).last } ?? nil
            // a day's or a time's label names its event before it: `Due date` for "when is it
            // due", `Expiry date`, `Arrival time`
            let event = words.count >= 2 && whenHeads.contains(words[words.count - 1]) ? words[words.count - 2] : nil
            return words.count <= 4 && [words.last, head, bracketed, event].contains { $0.map { stems.contains(TextSignals.stem($0)) } == true }
        }
    }
    /// The last words of a label that name a day or a time, its event before them.
    static let whenHeads: Set<String> = ["date", "day", "time", "deadline"]
    /// The words that part a label's head from what it is of ("Mileage at service"), and other
    /// languages' "of" (`Data limite de pagamento`, `Fecha de vencimiento`, `Datum van betaling`).
    static let labelPrepositions: Set<String> = ["at", "of", "on", "for", "in", "to", "from", "per", "by",
                                                 "de", "da", "del", "des", "du", "di", "della", "van", "von"]

    /// The share of the noun asked (`QuestionAnalysis.askedNoun`, each word's stems and other
    /// forms: `labelForms`) that the label of a field of `text` with a value holds; the largest
    /// over its fields.
    static func labelShare(_ text: String, _ forms: [Set<String>]) -> Double {
        guard !forms.isEmpty else { return 0 }
        // (a field without a value labels nothing: `Inspector: —`)
        return fields(text).filter { !$0.value.isEmpty }.map { field -> Double in
            let stems = Set(field.stems)
            return Double(forms.filter { !$0.isDisjoint(with: stems) }.count) / Double(forms.count)
        }.max() ?? 0
    }

    /// Whether a field of `text` is labelled with what the question asks: a label of at most four
    /// words that holds every word of the noun asked (`forms`) and no word the question lacks
    /// (`Arrival window` for "the arrival window for mark ellery"; not `Nose weight` for "the
    /// caravan's max weight"). A label's possessive is no word of it (`Our file`, `Your ref`).
    /// `reference`: the noun asked ends in a word of a reference ("lawyer file *number*"), which a
    /// label may leave unwritten when its value is one (`Our file: HP-2025-0419`).
    static func labelsAsked(_ text: String, _ forms: [Set<String>], question: Set<String>, reference: Bool = false) -> Bool {
        !forms.isEmpty && fields(text).contains { field in
            let stems = field.words.filter { !QuestionAnalysis.determiners.contains($0) }.map(TextSignals.stem)
            guard !field.value.isEmpty, (1...4).contains(stems.count), stems.allSatisfy(question.contains) else { return false }
            if forms.allSatisfy({ !$0.isDisjoint(with: stems) }) { return true }
            return reference && forms.count > 1 && forms.dropLast().allSatisfy { !$0.isDisjoint(with: stems) }
                && AnswerType.identifier.isSatisfied(by: field.value, question: "")
        }
    }

    /// Each word of the noun asked as the stems a label may hold for it (`labelStems`).
    static func labelForms(_ nouns: [String]) -> [Set<String>] { nouns.map { labelStems([$0]) } }

    /// The stems a field's label may end in for `nouns`: theirs and their other forms' ("ref":
    /// reference); a label's "no." or "nr." is its number (`Invoice no.: DVB-2025-1187`), which
    /// a question's "no" is not ("no dues").
    static func labelStems(_ nouns: [String]) -> Set<String> {
        Set(nouns.flatMap { [$0] + WordVariants.variants(of: $0, capitalised: false) + ($0 == "number" ? numberLabels : []) }
            .map(TextSignals.stem))
    }
    static let numberLabels = ["no", "nr", "num"]

    /// Whether `text` holds one of `words` as a word.
    static func names(_ text: String, _ words: Set<String>) -> Bool {
        TextSignals.words(text).contains { words.contains($0) || $0.hasSuffix("s") && words.contains(String($0.dropLast())) }
    }

    /// Whether a field of `text` is labelled with one of `keyed`'s nouns (a label of at most four
    /// words holding it, by stem) and holds its number and nothing else: "Plot: 7" for plot 7.
    static func keys(_ text: String, _ keyed: [(noun: String, number: String)]) -> Bool {
        fields(text).contains { field in
            let stems = field.stems, number = field.value.lowercased()
            return stems.count <= 4 && keyed.contains { stems.contains(TextSignals.stem($0.noun)) && $0.number == number }
        }
    }

    /// A spreadsheet's row of totals or a line labelled as a total.
    static func isTotal(_ text: String) -> Bool { isTotalRow(text) || isTotalLine(text) }

    /// Whether `sentence` is singled out by what the question keys it with, whatever the words
    /// around: a total asked and this the file's row or line of totals, a day asked and this that
    /// day's record ("total business miles in the van log": `Date: TOTALS …; Miles: 466`; "kick
    /// off on the 14th": `Date: Tue 14/04/2026; KO: 20:40`), the latest asked and this the latest
    /// record naming the thing asked (`latest`, worked out by `LatestRecord`), or a phone or an
    /// email asked and this a line holding one.
    static func singledOut(_ sentence: ScoredSentence, total: Bool, dates: Set<DayMonth>, answerType: AnswerType = .open,
                           latest: Bool = false) -> Bool {
        let text = sentence.whole ?? sentence.text
        return total && isTotal(text)
            || !dates.isEmpty && TextSignals.isRecord(text) && DayMonths.matches(dates, DayMonths.of(text))
            || latest
            || (answerType == .phone || answerType == .email) && sentence.typed
    }

    /// Whether `sentence` holds each word of the noun asked, or another form of it (`labelStems`),
    /// in a label or a value ("balance": `Balance: 2106.60`); false without a noun.
    static func holdsNoun(_ sentence: ScoredSentence, _ askedNoun: [String]) -> Bool {
        let stems = TextSignals.stems(sentence.whole ?? sentence.text)
        return !askedNoun.isEmpty && labelForms(askedNoun).allSatisfy { !$0.isDisjoint(with: stems) }
    }

    /// A line that is one field labelled as a total (`Total cost: £1,005.00`, `Total (incl. VAT):
    /// €713.00`); a record's `Total` column is one row's.
    /// `leaders`: a bill's line whose dotted leader joins its label and amount counts
    /// (`TOTAL DUE FOR 2025/26 ........ £2,730.92`) — for a total asked; a price asked of a
    /// thing ("what's the max keystone will pay…") is not its bill's `Total due to contractor
    /// ........ $385.00`.
    static func isTotalLine(_ text: String, leaders: Bool = true) -> Bool {
        guard !TextSignals.isRecord(text), leaders || TextSignals.leader(text) == nil,
              let (label, value) = TextSignals.labelled(text), !value.isEmpty else { return false }
        // (a year in it is no word of its own: `TOTAL DUE FOR 2025/26 ........ £2,730.92`)
        let words = TextSignals.words(String(label)).filter { $0.contains(where: \.isLetter) }
        return words.count <= 4 && words.contains("total")
    }

    /// An email's subject line, quoted or not (`> Subject: Re: Blue Room shower + boiler
    /// service`): it names the thread, as a file's name does, and answers nothing of it.
    static func isSubjectLine(_ text: String) -> Bool {
        text.drop { $0 == ">" || $0 == " " }.prefix(8).lowercased() == "subject:"
    }

    /// A reply's attribution line, quoted or not (`On Sat, 28 Mar 2026 at 18:44, Tomás Ó Dálaigh
    /// <…> wrote:`): it says when a message was written, which answers only a question about the
    /// writing (`asksAboutWriting`), not what happened on that day ("what time did tomas finish
    /// on the 28th": the timesheet's row, not the time he wrote).
    static func isAttribution(_ text: String) -> Bool {
        let line = text.drop { $0 == ">" || $0 == " " }
        guard line.count <= 240, line.prefix(3).lowercased() == "on " else { return false }
        let end = line.reversed().drop { $0 == " " || $0 == ":" }
        return String(end.prefix(5).reversed()).lowercased() == "wrote"
    }

    /// A message's own `Date:` header, quoted or not (`Date: Fri, 13 Feb 2026 09:12:44 +0000`): it
    /// says when the message was sent, which, as an attribution does, answers only a question
    /// about the writing ("what date is dad's will": the solicitor's `(dated 12 August 2019)`, not
    /// when she wrote). A record's `Date: 03/09/2026` is no such header.
    static func isSendingStamp(_ text: String) -> Bool {
        let line = text.drop { $0 == ">" || $0 == " " }
        guard line.count <= 48, line.prefix(5).lowercased() == "date:" else { return false }
        return line.range(of: #"^[Dd]ate:\s*(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} \d{4} \d{1,2}:\d{2}(:\d{2})?( [+-]\d{4}| [A-Z]{2,4})?( \([A-Z]{2,5}\))?\s*$"#,
                          options: .regularExpression) != nil
    }

    /// Whether the question asks about a message's writing or sending ("when did dana email
    /// about the boiler").
    static func asksAboutWriting(_ question: String) -> Bool {
        !Set(TextSignals.words(question)).isDisjoint(with: writingWords)
    }
    static let writingWords: Set<String> = ["write", "wrote", "written", "writes", "email", "emailed", "emails", "mail",
                                            "mailed", "message", "messaged", "reply", "replied", "send", "sent", "text",
                                            "texted", "letter"]

    /// A file's name without its folder and extension: a person names a file for what it is
    /// about ("Jo's mum's lasagne.txt"); a mail message's with its subject and sender (`MailTitle`;
    /// not a mailbox's, whose first message is one of many).
    static func fileTitle(_ path: String) -> String {
        // (isDirectory given: the path is not looked up on disk)
        let url = URL(fileURLWithPath: path, isDirectory: false)
        let name = url.deletingPathExtension().lastPathComponent
        guard DocumentKind.messageExtensions.contains(url.pathExtension.lowercased()) else { return name }
        let mail = MailTitle.of(path)
        return mail.isEmpty ? name : name + " " + mail
    }

    /// A spreadsheet's row of totals: a record with a field whose value is "Total" or opens with it
    /// (`Date: TOTAL; Total: 1027.00`, `Date: TOTALS 05/01/2026-13/03/2026; Miles: 546`), not a
    /// row with a `Total` column.
    static func isTotalRow(_ text: String) -> Bool {
        TextSignals.isRecord(text) && fields(text).contains { isTotalValue($0.value) }
    }

    /// A value that names a row of totals: it opens with "Total", "TOTALS" or "Grand total".
    static func isTotalValue(_ value: some StringProtocol) -> Bool {
        let words = TextSignals.words(String(value.prefix(24))).prefix(2)
        return words.first == "total" || words.first == "totals" || words == ["grand", "total"]
    }
}

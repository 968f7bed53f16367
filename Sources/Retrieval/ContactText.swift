import Primitives

/// Text of a vCard file (`.vcf`: a phone's or a mail program's contacts): each card one record
/// line, as a CSV row reads,
///
///     contact: Dev Patel; organisation: Patel Plumbing; mobile: 07700 900412; email: dev@…;
///     address (work): 4 Mill Lane, Leeds, LS6 2AB; birthday: 1984-03-15 (15 March 1984)
///
/// so "the plumber's mobile" finds the card whose organisation says so. Values are source runs
/// (an escaped `\,` maps to its two bytes; an address's `;`-separated parts are joined by `, `),
/// labels map to none. A value's label comes from its type (`TEL;TYPE=CELL` is `mobile`) or from
/// the label a phone gave it (`item1.X-ABLabel:Gate code`).
enum ContactText {
    /// The label of a card's first field, whose name it is (`contact: Nate Ferreira`).
    static let cardLabel = "contact"

    static func extract(_ bytes: [UInt8], from start: Int) -> ExtractedText {
        let lines = ContentLine.read(bytes, from: start)
        var builder = ExtractedTextBuilder(source: bytes)
        var card: [ContentLine] = []
        var inCard = false
        for line in lines {
            if line.name == "BEGIN", line.valueString(bytes).uppercased() == "VCARD" {
                inCard = true
                card = []
            } else if line.name == "END", inCard {
                inCard = false
                append(card, bytes, to: &builder)
            } else if inCard {
                card.append(line)
            }
        }
        return builder.build()
    }

    /// Properties read, in the order they are written, and their labels.
    private static let fields: [(name: String, label: String)] = [
        ("FN", cardLabel), ("NICKNAME", "nickname"), ("ORG", "organisation"), ("TITLE", "title"), ("ROLE", "role"),
        ("TEL", "phone"), ("EMAIL", "email"), ("ADR", "address"), ("URL", "website"), ("BDAY", "birthday"),
        ("ANNIVERSARY", "anniversary"), ("CATEGORIES", "groups"), ("NOTE", "note"),
    ]

    private static func append(_ card: [ContentLine], _ bytes: [UInt8], to builder: inout ExtractedTextBuilder) {
        // a card without a formatted name is named by its structured one
        let named = card.contains { $0.name == "FN" && !$0.value.isEmpty }
        let lines = named ? card : card.map { line -> ContentLine in
            line.name == "N" ? ContentLine(name: "FN", group: line.group, parameters: line.parameters, value: line.value) : line
        }
        var first = true
        for field in fields {
            for line in lines where line.name == field.name && !line.value.isEmpty {
                if !first { builder.appendText("; ") }
                first = false
                builder.appendText(label(of: line, field.label, in: card, bytes) + ": ")
                let value = valueWithoutScheme(line, bytes)
                ContentLine.appendText(value, bytes, to: &builder, components: ["ADR", "ORG"].contains(line.name) || line.name == "FN" && !named)
                if line.name == "BDAY" || line.name == "ANNIVERSARY", let spelled = spelledDate(line.valueBytes(bytes)) {
                    builder.appendText(" (\(spelled))")
                }
            }
        }
        if !first { builder.appendText("\n") }
    }

    /// The label of a value: its group's `X-ABLabel`, else what its types say.
    private static func label(of line: ContentLine, _ base: String, in card: [ContentLine], _ bytes: [UInt8]) -> String {
        if let group = line.group,
           let custom = card.first(where: { $0.group == group && $0.name == "X-ABLABEL" })?.valueString(bytes) {
            // Apple's own labels are written `_$!<Mobile>!$_`
            let bare = custom.replacingOccurrences(of: "_$!<", with: "").replacingOccurrences(of: ">!$_", with: "")
            if !bare.isEmpty { return line.name == "TEL" ? bare.lowercased() : "\(base) (\(bare.lowercased()))" }
        }
        let types = Set(line.types)
        switch line.name {
        case "TEL":
            if types.contains("cell") || types.contains("mobile") || types.contains("iphone") { return "mobile" }
            if types.contains("fax") { return "fax" }
            if types.contains("work") { return "work phone" }
            if types.contains("home") { return "home phone" }
            return base
        case "EMAIL", "ADR":
            if types.contains("work") { return "\(base) (work)" }
            if types.contains("home") { return "\(base) (home)" }
            return base
        default:
            return base
        }
    }

    /// The value's pieces without a `tel:` or `mailto:` scheme (vCard 4's URI values).
    private static func valueWithoutScheme(_ line: ContentLine, _ bytes: [UInt8]) -> [Range<Int>] {
        guard let first = line.value.first else { return [] }
        let head = String(decoding: bytes[first].prefix(7), as: UTF8.self).lowercased()
        let skip = head.hasPrefix("tel:") ? 4 : head.hasPrefix("mailto:") ? 7 : 0
        guard skip > 0, first.count > skip else { return line.value }
        return [(first.lowerBound + skip)..<first.upperBound] + line.value.dropFirst()
    }

    /// "15 March 1984" for `1984-03-15` or `19840315`; "15 March" for `--0315`.
    static func spelledDate(_ value: [UInt8]) -> String? {
        let digits = value.filter { $0 >= 0x30 && $0 <= 0x39 }
        guard let n = ICSDateTime.number(digits[...]) else { return nil }
        if digits.count == 8, value.first != UInt8(ascii: "-") {
            let y = n / 10000, m = n / 100 % 100, d = n % 100
            return CSVExtractor.spelled(year: y, month: m, day: d)
        }
        if digits.count == 4, value.starts(with: [0x2D, 0x2D]) {
            let m = n / 100, d = n % 100
            return Civil.isValid(year: 2000, month: m, day: d) ? "\(d) \(Civil.monthNames[m - 1])" : nil
        }
        return nil
    }
}

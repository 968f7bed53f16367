import Foundation

/// One vCard (2.1, 3.0 or 4.0) reduced to what contact lookup needs.
public struct Contact: Sendable, Codable, Hashable {
    /// VERSION as written (trimmed), nil when the card has none.
    public var version: String?
    /// FN.
    public var formattedName: String?
    /// N components: family; given; additional; prefixes; suffixes.
    public var familyName: String?
    public var givenName: String?
    public var additionalNames: String?
    public var honorificPrefixes: String?
    public var honorificSuffixes: String?
    public var nickname: String?
    public var organization: String?
    /// EMAIL values in file order.
    public var emails: [String] = []
    /// TEL values in file order (a `tel:` URI prefix is removed).
    public var phones: [String] = []
    /// 1-based line of BEGIN:VCARD.
    public var line: Int

    public init(line: Int) { self.line = line }

    /// FN, else given and family name joined, else the first email.
    public var displayName: String? {
        if let fn = formattedName, !fn.isEmpty { return fn }
        let parts = [givenName, familyName].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? emails.first : parts.joined(separator: " ")
    }
}

public enum VCardError: Error, CustomStringConvertible, Sendable, Equatable {
    case noCards(file: String)
    case unterminated(file: String, line: Int)

    public var description: String {
        switch self {
        case .noCards(let f): return "\(f): no BEGIN:VCARD found"
        case .unterminated(let f, let l): return "\(f):\(l): card has no END:VCARD"
        }
    }
}

/// Reads vCard files: folded lines, vCard 2.1 QUOTED-PRINTABLE (with soft line breaks) and
/// CHARSET, bare 2.1 parameters (`TEL;WORK;VOICE`), escaped values, grouped properties
/// (`item1.EMAIL`). Malformed lines inside a card are skipped; a card cut off by the end of
/// the file is kept unless it is the only content, which throws.
public enum VCardReader {
    public static func parse(_ data: Data, fileName: String) throws(VCardError) -> [Contact] {
        let lines = ContentLineLexer.unfold(ContentLineLexer.decode(data), quotedPrintableSoftBreaks: true)
        var contacts: [Contact] = []
        var current: Contact?
        var nesting = 0
        for logical in lines {
            guard case .success(let p) = ContentLineLexer.parse(logical, allowGroups: true, allowBareParameters: true) else {
                continue
            }
            let upperValue = p.value.trimmingSpaces().uppercased()
            if p.name == "BEGIN", upperValue == "VCARD" {
                if current == nil { current = Contact(line: p.line) } else { nesting += 1 }
                continue
            }
            if p.name == "END", upperValue == "VCARD" {
                if nesting > 0 { nesting -= 1; continue }
                if let c = current { contacts.append(c) }
                current = nil
                continue
            }
            guard nesting == 0, var c = current else { continue }
            apply(p, to: &c)
            current = c
        }
        if let c = current {
            if contacts.isEmpty && c.formattedName == nil && c.emails.isEmpty {
                throw .unterminated(file: fileName, line: c.line)
            }
            contacts.append(c)
        }
        guard !contacts.isEmpty else { throw .noCards(file: fileName) }
        return contacts
    }

    private static func apply(_ p: ContentLine, to c: inout Contact) {
        switch p.name {
        case "VERSION": c.version = p.value.trimmingSpaces()
        case "FN": c.formattedName = text(p)
        case "N":
            let parts = ICSText.splitUnescaped(decoded(p), on: ";").map { clean(ICSText.unescape($0)) }
            func part(_ i: Int) -> String? { i < parts.count && !parts[i].isEmpty ? parts[i] : nil }
            c.familyName = part(0); c.givenName = part(1); c.additionalNames = part(2)
            c.honorificPrefixes = part(3); c.honorificSuffixes = part(4)
        case "NICKNAME": c.nickname = text(p)
        case "ORG":
            let first = ICSText.splitUnescaped(decoded(p), on: ";").first.map { clean(ICSText.unescape($0)) }
            c.organization = (first?.isEmpty ?? true) ? nil : first
        case "EMAIL":
            let v = clean(decoded(p))
            if !v.isEmpty { c.emails.append(v) }
        case "TEL":
            var v = clean(decoded(p))
            if v.lowercased().hasPrefix("tel:") { v = String(v.dropFirst(4)) }
            if !v.isEmpty { c.phones.append(v) }
        default:
            break
        }
    }

    private static func text(_ p: ContentLine) -> String? {
        let v = clean(ICSText.unescape(decoded(p)))
        return v.isEmpty ? nil : v
    }

    private static func clean(_ s: String) -> String {
        s.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The value with QUOTED-PRINTABLE and CHARSET applied.
    private static func decoded(_ p: ContentLine) -> String {
        QuotedPrintable.decodedValue(p)
    }
}

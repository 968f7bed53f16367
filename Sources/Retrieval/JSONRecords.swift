import Foundation

/// Text of a JSON document as records: each object is one line of its members, labelled with
/// their keys (`name: Spotify Family; price: 19.99; renews: 2026-11-21 (21 November 2026)`), so
/// "how much is Spotify" finds the object that says both.
///
/// Values are source runs (a string's content, escapes as written; a number or `true` as
/// written); keys and separators map to no source byte, and `null` and empty strings are left
/// out. These stay in their record: a short list of short scalars (`times: 07:30, 19:30`); a
/// small object of scalars (`address city: …`); a short list of objects of up to three scalars
/// (`schedule time: 18:00`) or of objects that open with their kind — a contact's phones and
/// addresses — labelled with the key and the kind (`phones mobile: 07700 900562`). Longer lists,
/// bigger objects and lists of bigger objects are records of their own; a bigger object's
/// members are labelled with the keys that lead to it from its list or the root (`hot_water
/// mode: schedule`, at most `pathKeys` keys). An unnamed object of a list is one of what its list
/// holds: its first label opens with the list's key (`winter checks date: …; temp C: 6.5`). The
/// text keeps the file's order, so every run of text maps forward into the file and a quote is one
/// stretch of it: a record that holds a record of its own is cut there and goes on in a new line
/// after it. A document that does not
/// parse, or nests deeper than `maxDepth`, is read as before: its string values, a paragraph each.
enum JSONRecords {
    static let maxDepth = 32
    /// A list of at most this many scalars, each at most `inlineBytes` long, stays in its record.
    static let inlineValues = 8
    static let inlineBytes = 40
    /// An object of at most this many scalar members stays in the record that holds it.
    static let inlineMembers = 6
    /// An object of a list stays in the record that holds the list when it has at most this many
    /// members (`{"on": …, "off": …}`), or opens with its kind (`{"type": "home", "street": …}`).
    static let listedMembers = 3
    /// A bigger object's members are labelled with at most this many keys of the path to it.
    static let pathKeys = 3
    /// A label longer than this loses its farthest keys (`TextSignals.isRecord` reads longer ones as prose).
    static let labelCharacters = 40
    /// Keys that say which kind of thing an object is when they open it.
    static let kindKeys: Set<String> = ["type", "kind", "label", "category", "rel", "use"]

    /// A parsed value: source ranges only (a string's range is its content, inside the quotes).
    indirect enum Node {
        case scalar(Range<Int>, isString: Bool)
        case null
        case array([Node])
        case object([(key: String, value: Node)])

        var isScalar: Bool { if case .scalar = self { true } else if case .null = self { true } else { false } }
    }

    /// A camelCase key read as the words it is made of (`serviceDue` → `service due`,
    /// `frostProtectionC` → `frost protection C`), as exports from apps write their keys: the
    /// words are what a question asks with. A capital after one lower-case letter (`eBay`,
    /// `iPhone`) and a run of capitals (`nhsID`'s `ID`) stay as written.
    static func spaced(_ label: String) -> String {
        var out = ""
        var lowerRun = 0
        let chars = Array(label)
        for (i, ch) in chars.enumerated() {
            if ch.isUppercase, lowerRun >= 2 {
                out.append(" ")
                let next = i + 1 < chars.count ? chars[i + 1] : nil
                out.append(next?.isLowercase == true ? Character(ch.lowercased()) : ch)
            } else {
                out.append(ch)
            }
            lowerRun = ch.isLowercase ? lowerRun + 1 : 0
        }
        return out
    }

    static func extract(_ b: [UInt8], from start: Int, encoding: TextEncoding) -> ExtractedText? {
        var parser = Parser(b: b, encoding: encoding, i: start)
        guard let root = parser.value(depth: 0) else { return nil }
        guard parser.skipSpace() == b.count else { return nil }
        var writer = Writer(b: b, encoding: encoding, builder: ExtractedTextBuilder(source: b, encoding: encoding))
        writer.emit(root, key: nil)
        writer.flush()
        return writer.builder.build()
    }

    /// Writes records in the file's order.
    private struct Writer {
        let b: [UInt8]
        let encoding: TextEncoding
        var builder: ExtractedTextBuilder
        /// Members written to the current line so far.
        var open = false
        /// The key of the list whose object is being written, for its first label
        /// (`winter checks date: …`): an unnamed object of a list is one of what the list holds.
        var listKey: String?

        /// Writes `node`; `key` labels a list's scalars, `path` the keys that lead to an object;
        /// `owner` (`name: Ewa Kowalczyk`) opens each record of an object's own that a named
        /// object holds (a person's shifts, a pet's vaccinations), as text of no source byte.
        mutating func emit(_ node: Node, key: String?, path: [String] = [], owner: String? = nil) {
            switch node {
            case .null: break
            case .scalar:
                member(key, node)
                flush()
            case .array(let items):
                if let key, inlineList(items) { member(key, node); flush(); return }
                for item in items {
                    if item.isScalar { member(key, item); flush() } else { emit(item, key: key, owner: owner) }
                }
            case .object(let members):
                let named = name(of: members)
                if let owner, named == nil { lead(owner) }
                if named == nil, path.isEmpty, let key, !Self.genericKeys.contains(key.lowercased()) { listKey = key }
                for (name, value) in members { add(name, value, path: path, owner: named ?? owner) }
                flush()
            }
        }

        /// `name: …` of an object that has a short name member (`name`, `fullName`, `title`).
        private func name(of members: [(key: String, value: Node)]) -> String? {
            for (key, value) in members where Self.nameKeys.contains(JSONRecords.spaced(key).lowercased()) {
                guard case .scalar(let r, true) = value, (1...60).contains(r.count) else { continue }
                return JSONRecords.spaced(key) + ": " + encoding.decode(b[r])
            }
            return nil
        }
        /// List keys that say nothing of what the list holds.
        static let genericKeys: Set<String> = ["items", "data", "records", "entries", "results", "rows", "list", "values",
                                               "objects", "elements", "children", "nodes"]
        static let nameKeys: Set<String> = ["name", "full name", "full_name", "display name", "display_name", "title",
                                            "employee name", "pet name", "patient name", "member name"]

        /// Opens the line with its owner's name, as text.
        private mutating func lead(_ owner: String) {
            if open { builder.appendText("; ") }
            open = true
            builder.appendText(owner)
        }

        /// A member of the object whose line is being written.
        private mutating func add(_ name: String, _ value: Node, path: [String], owner: String? = nil) {
            let label = Self.label(path + [name])
            switch value {
            case .null: break
            case .scalar: member(label, value)
            case .array(let items) where inlineList(items): member(label, value)
            case .object(let inner) where isSmall(inner):
                for (sub, v) in inner { member(Self.label(path + [name, sub]), v) }
            case .array(let items) where inlineObjects(items):
                for case .object(let inner) in items { addListed(inner, path: path + [name]) }
            case .object:
                flush()
                emit(value, key: name, path: Array((path + [name]).suffix(pathKeys)), owner: owner)
            default:
                flush()
                emit(value, key: label, owner: owner)
            }
        }

        /// The members of a small object of a list, labelled with the list's label and, when the
        /// object opens with a short kind (`"type": "mobile"`), that kind instead of its key.
        private mutating func addListed(_ members: [(key: String, value: Node)], path: [String]) {
            if opensWithKind(members), case .scalar(let r, _) = members[0].value {
                let kind = encoding.decode(b[r])
                for (sub, v) in members.dropFirst() {
                    member(Self.label(members.count == 2 ? path + [kind] : path + [kind, sub]), v)
                }
            } else {
                for (sub, v) in members { member(Self.label(path + [sub]), v) }
            }
        }

        /// A label of the keys that lead to a value, the nearest last; the farthest are left
        /// out while it is longer than `labelCharacters` (a record's label is a few words).
        static func label(_ keys: [String]) -> String {
            var keys = keys[...]
            while keys.count > 1, keys.joined(separator: " ").count > labelCharacters { keys = keys.dropFirst() }
            return keys.joined(separator: " ")
        }

        /// Whether an object opens with a short kind (`"type": "mobile"`): one of its owner's
        /// phones, addresses or emails, not a thing of its own.
        private func opensWithKind(_ members: [(key: String, value: Node)]) -> Bool {
            guard members.count >= 2, JSONRecords.kindKeys.contains(members[0].key.lowercased()),
                  case .scalar(let r, true) = members[0].value else { return false }
            return (1...24).contains(r.count) && !b[r].contains(UInt8(ascii: ":")) && !b[r].contains(UInt8(ascii: ";"))
        }

        private func isSmall(_ members: [(key: String, value: Node)]) -> Bool {
            members.count <= inlineMembers && members.allSatisfy { $0.value.isScalar }
        }

        /// True for a short list of objects of at most `listedMembers` short scalars
        /// (`[{"time": "18:00"}]`); bigger objects are things of their own (a holiday, an address).
        private func inlineObjects(_ items: [Node]) -> Bool {
            !items.isEmpty && items.count <= inlineValues && items.allSatisfy {
                guard case .object(let members) = $0, isSmall(members), members.count <= listedMembers || opensWithKind(members)
                else { return false }
                return members.allSatisfy { if case .scalar(let r, _) = $0.value { r.count <= 2 * inlineBytes } else { true } }
            }
        }

        /// True for a short list of short scalars.
        private func inlineList(_ items: [Node]) -> Bool {
            items.count <= inlineValues && items.allSatisfy {
                switch $0 {
                case .null: true
                case .scalar(let r, _): r.count <= inlineBytes
                default: false
                }
            }
        }

        /// Appends `label: value` (a list's values joined by commas); nothing for null or empty.
        private mutating func member(_ label: String?, _ value: Node) {
            let values: [(Range<Int>, Bool)]
            switch value {
            case .scalar(let r, let s): values = [(r, s)]
            case .array(let items): values = items.compactMap { if case .scalar(let r, let s) = $0 { (r, s) } else { nil } }
            default: values = []
            }
            let shown = values.filter { r, _ in b[r].contains { !SentenceSplitter.isSpace($0) } }
            guard !shown.isEmpty else { return }
            if open { builder.appendText("; ") }
            open = true
            var label = label
            // (not when the label would grow past `labelCharacters`)
            if let key = listKey.take(), let inner = label, key.count + 1 + inner.count <= labelCharacters { label = key + " " + inner }
            if let label { builder.appendText(JSONRecords.spaced(label) + ": ") }
            for (n, (r, isString)) in shown.enumerated() {
                if n > 0 { builder.appendText(", ") }
                builder.appendSource(r)
                if isString, let spelled = CSVExtractor.spelledTimestamp(b[r]) { builder.appendText(" (\(spelled))") }
            }
        }

        /// Ends the current line.
        mutating func flush() {
            if open { builder.appendBreak() }
            open = false
            listKey = nil
        }
    }

    /// A recursive-descent reader of ranges (nothing decoded but keys).
    private struct Parser {
        let b: [UInt8]
        let encoding: TextEncoding
        var i: Int

        mutating func skipSpace() -> Int {
            while i < b.count, SentenceSplitter.isSpace(b[i]) { i += 1 }
            return i
        }

        mutating func value(depth: Int) -> Node? {
            guard depth < maxDepth, skipSpace() < b.count else { return nil }
            switch b[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(key: String, value: Node)] = []
                if skipSpace() < b.count, b[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                while true {
                    guard skipSpace() < b.count, b[i] == UInt8(ascii: "\""), let keyEnd = stringEnd(i) else { return nil }
                    let key = encoding.decode(b[(i + 1)..<keyEnd])
                    i = keyEnd + 1
                    guard skipSpace() < b.count, b[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let v = value(depth: depth + 1) else { return nil }
                    members.append((key, v))
                    guard skipSpace() < b.count else { return nil }
                    if b[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                    guard b[i] == UInt8(ascii: ",") else { return nil }
                    i += 1
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [Node] = []
                if skipSpace() < b.count, b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    guard let v = value(depth: depth + 1) else { return nil }
                    items.append(v)
                    guard skipSpace() < b.count else { return nil }
                    if b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    guard b[i] == UInt8(ascii: ",") else { return nil }
                    i += 1
                }
            case UInt8(ascii: "\""):
                guard let e = stringEnd(i) else { return nil }
                defer { i = e + 1 }
                return .scalar((i + 1)..<e, isString: true)
            default:
                let start = i
                while i < b.count, !SentenceSplitter.isSpace(b[i]),
                      ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(b[i]) { i += 1 }
                guard i > start else { return nil }
                return b[start..<i].elementsEqual("null".utf8) ? .null : .scalar(start..<i, isString: false)
            }
        }

        /// The index of the quote closing the string that opens at `at`.
        func stringEnd(_ at: Int) -> Int? {
            var j = at + 1
            while j < b.count {
                if b[j] == UInt8(ascii: "\\") { j += 2; continue }
                if b[j] == UInt8(ascii: "\"") { return j }
                j += 1
            }
            return nil
        }
    }
}

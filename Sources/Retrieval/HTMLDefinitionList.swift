import Foundation

/// A definition list's term and the description after it, read as one `label: value` line
/// (`<dt>Booking reference</dt><dd>BEH-4471-2260</dd>` reads `Booking reference: BEH-4471-2260`),
/// as a table's label cell beside its value cell does (`HTMLTable`). Before, each was a line of
/// its own, and "eye clinic booking ref?" found the label without its value.
struct DefinitionTerm {
    /// The term's text so far (since its `<dt>`).
    private var text: [UInt8] = []
    private var open = false
    /// The `<dd>` after a joined term: it opens no line of its own.
    private var joined = false

    /// Notes a run of the term's text.
    mutating func noteText(_ run: ArraySlice<UInt8>) {
        if open { text.append(contentsOf: run) }
    }

    /// Handles a `dt` or `dd` tag: nil when the tag is any other, or when it breaks the line as a
    /// block does; else the synthetic text that joins the term to its description ("" for none).
    mutating func handle(_ name: String, closing: Bool, bytes: [UInt8], after end: Int) -> String? {
        switch (name, closing) {
        case ("dt", false):
            open = true
            text = []
            joined = false
            return nil
        case ("dt", true):
            open = false
            guard let join = joiner(), Self.nextTagIsDescription(bytes, from: end) else { return nil }
            joined = true
            return join
        case ("dd", false) where joined:
            joined = false
            return ""
        case ("dd", false) where open:
            // HTML lets a term go unclosed: `<dt>Ref<dd>AB-12` is `Ref: AB-12`
            open = false
            return joiner()
        default:
            return nil
        }
    }

    /// ": " after the term's text, " " when it ends in its own colon ("Booking reference:"), nil
    /// when it has none.
    private func joiner() -> String? {
        let label = text.drop(while: HTMLExtractor.isSpace).reversed().drop(while: HTMLExtractor.isSpace)
        guard let last = label.first else { return nil }
        return last == UInt8(ascii: ":") ? " " : ": "
    }

    /// Whether the next tag after `from`, past white space only, opens a `dd`.
    static func nextTagIsDescription(_ bytes: [UInt8], from: Int) -> Bool {
        var i = from
        while i < bytes.count, HTMLExtractor.isSpace(bytes[i]) { i += 1 }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { return false }
        let (name, closing, _) = HTMLExtractor.readTag(bytes, at: i)
        return name == "dd" && !closing
    }
}

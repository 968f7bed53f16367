import Foundation

/// The kind of a file whose name does not say it, read from its first bytes: a mail program's
/// folder kept without an extension (Thunderbird's `Local Folders/Inbox`, mutt's `~/Mail/sent`)
/// is a mailbox, and a maildir's message (`cur/1733412345.M1P2.host:2,S`) is a message.
extension DocumentKind {
    /// The supported types, as messages list them.
    public static let supportedTypes = "txt, md, csv, json, html, pdf, docx, rtf, xlsx, pptx, odt, ods, odp, eml, mbox, mhtml, "
        + "mail folders without an extension, ics, vcf and source code"

    /// The kind of `url`: by its extension (`of`), else by its first bytes for a file without one
    /// or in a maildir's `cur` or `new`; nil when neither says.
    public static func detect(_ url: URL) -> DocumentKind? {
        if let kind = of(url) { return kind }
        let maildir = ["cur", "new"].contains(url.deletingLastPathComponent().lastPathComponent)
        guard url.pathExtension.isEmpty || maildir, let head = head(of: url.path) else { return nil }
        return isMail(head) ? .email : nil
    }

    /// Bytes read to decide.
    static let sniffBytes = 4_096

    /// Whether `head` opens a mailbox (an envelope line, `From sender date`) or a message: header
    /// lines (`Name: value`, folded lines indented) up to a blank line, among them `From:` and one of
    /// `Date:`, `Subject:` or `Message-ID:`. A NUL byte is no mail.
    static func isMail(_ head: [UInt8]) -> Bool {
        guard !head.contains(0) else { return false }
        if head.starts(with: Mailbox.envelope) {
            // the envelope line ends within the head and names a sender
            guard let newline = head.firstIndex(of: 0x0A), newline > Mailbox.envelope.count + 1 else { return false }
            return head[Mailbox.envelope.count] != 0x20
        }
        var names: Set<String> = []
        var lineStart = 0
        while lineStart < head.count {
            guard let newline = head[lineStart...].firstIndex(of: 0x0A) else { return false }
            var line = head[lineStart..<newline]
            if line.last == 0x0D { line = line.dropLast() }
            lineStart = newline + 1
            if line.isEmpty { break }
            if line.first == 0x20 || line.first == 0x09 {
                guard !names.isEmpty else { return false }
                continue
            }
            guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex,
                  line[line.startIndex..<colon].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return false }
            names.insert(String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased())
        }
        return names.contains("from") && !names.isDisjoint(with: ["date", "subject", "message-id"])
    }

    /// The first `sniffBytes` bytes of the file at `path`, nil when it cannot be read.
    private static func head(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: sniffBytes)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, sniffBytes) }
        guard n > 0 else { return nil }
        return Array(buffer.prefix(n))
    }
}

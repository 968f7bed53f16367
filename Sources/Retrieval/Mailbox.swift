/// A mailbox file (`.mbox`: a mail program's folder, an export of a whole account): its messages
/// one after another, each opened by a `From ` line (the envelope: sender and date) at the start of
/// a line — a body's own lines that begin so are written `>From `. Each message reads as a message
/// file does (`MailText`), one paragraph apart, and every character still maps to the mailbox's
/// bytes, so a citation quotes the message where it stands in the file.
enum Mailbox {
    /// Whether `bytes` from `start` open with an envelope line: a mailbox, not one message.
    static func isMailbox(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes[start...].starts(with: envelope)
    }

    /// The byte ranges of the messages of the mailbox in `bytes` from `start`: each from the line
    /// after its envelope line to the start of the next envelope line (or the end).
    static func messages(_ bytes: [UInt8], from start: Int) -> [Range<Int>] {
        var envelopes: [Int] = []
        var lineStart = start
        while lineStart < bytes.count {
            if bytes[lineStart...].starts(with: envelope) { envelopes.append(lineStart) }
            guard let newline = bytes[lineStart...].firstIndex(of: 0x0A) else { break }
            lineStart = newline + 1
        }
        return envelopes.enumerated().compactMap { i, at in
            let body = (bytes[at...].firstIndex(of: 0x0A)).map { $0 + 1 } ?? bytes.count
            let end = i + 1 < envelopes.count ? envelopes[i + 1] : bytes.count
            return body < end ? body..<end : nil
        }
    }

    /// The text of every message of the mailbox, a paragraph apart.
    static func extract(_ bytes: [UInt8], from start: Int) -> ExtractedText {
        var builder = ExtractedTextBuilder(source: bytes)
        for message in messages(bytes, from: start) {
            MailText.appendMessage(bytes, message, depth: 0, to: &builder)
            builder.endParagraph()
        }
        return builder.build()
    }

    static let envelope = Array("From ".utf8)
}

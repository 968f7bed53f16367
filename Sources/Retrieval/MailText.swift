/// Text of a mail message (`.eml`, RFC 5322 and MIME): its `Subject`, `From`, `To`, `Cc` and
/// `Date` lines, then its readable body.
///
/// The body is each part a person reads, decoded from quoted-printable or base64 and its charset:
/// of an alternative, the plain text when it says something (else the last, the richest); an
/// HTML part read as an HTML file is; a calendar invite or a contact card read as their files
/// are; a forwarded message read as a message; a text attachment's text after its name; other
/// attachments named only (`attachment: quote.pdf`). Encoded words in headers (`=?UTF-8?Q?…?=`)
/// are decoded. Every character maps to the bytes it came from: a citation's quote is the
/// message's bytes (`=E2=80=99`, a base64 line's characters), as an HTML file's is its markup.
enum MailText {
    /// The headers read as text, in the message's order.
    static let shownHeaders: Set<String> = ["subject", "from", "to", "cc", "date"]
    /// Parts nested deeper than this are not read.
    static let maxDepth = 8

    static func extract(_ bytes: [UInt8], from start: Int) -> ExtractedText {
        var builder = ExtractedTextBuilder(source: bytes)
        appendMessage(bytes, start..<bytes.count, depth: 0, to: &builder)
        return builder.build()
    }

    /// A message: its headers, then its body.
    static func appendMessage(_ bytes: [UInt8], _ range: Range<Int>, depth: Int, to builder: inout ExtractedTextBuilder) {
        let part = MIMEPart(bytes, range)
        for header in part.headers where shownHeaders.contains(header.name) {
            guard let first = header.value.first, !isSnapshotSender(header, bytes) else { continue }
            builder.appendSource(header.line.lowerBound..<first.lowerBound)
            for (i, piece) in header.value.enumerated() {
                if i > 0 { builder.appendText(" ") }
                EncodedWords.append(bytes, piece, to: &builder)
            }
            builder.appendText("\n")
        }
        builder.endParagraph()
        appendBody(part, bytes, depth: depth, to: &builder)
    }

    private static func appendBody(_ part: MIMEPart, _ bytes: [UInt8], depth: Int, to builder: inout ExtractedTextBuilder) {
        guard depth < maxDepth else { return }
        let type = part.contentType
        if type.hasPrefix("multipart/") {
            let children = part.children(bytes)
            if type == "multipart/alternative", let chosen = readable(children, bytes) {
                appendBody(chosen, bytes, depth: depth + 1, to: &builder)
            } else {
                for child in children { appendBody(child, bytes, depth: depth + 1, to: &builder) }
            }
            return
        }
        if type == "message/rfc822" {
            builder.endParagraph()
            appendMessage(bytes, part.body, depth: depth + 1, to: &builder)
            return
        }
        let reader: ((_ decoded: [UInt8], _ encoding: TextEncoding) -> ExtractedText)? = switch type {
        case "text/html": { HTMLExtractor.extract($0, from: 0, encoding: $1) }
        case "text/calendar": { b, _ in CalendarText.extract(b, from: 0) }
        case "text/vcard", "text/x-vcard", "text/directory": { b, _ in ContactText.extract(b, from: 0) }
        // a saved web page's style sheets and scripts are no text a person reads
        case "text/css", "text/javascript", "text/ecmascript": nil
        case _ where type.hasPrefix("text/"): { b, encoding in
            var inner = ExtractedTextBuilder(source: b, encoding: encoding)
            inner.appendSource(0..<b.count)
            return inner.build()
        }
        default: nil
        }
        if let name = part.fileName {
            builder.endParagraph()
            builder.appendText("attachment: \(name)\n")
        }
        guard let reader else { return }
        let decoded = MailDecoding.body(bytes, part.body, encoding: part.transferEncoding)
        let text = reader(decoded.bytes, MailDecoding.textEncoding(charset: part.parameter("charset")))
        builder.endParagraph()
        builder.append(text, through: decoded.runs)
        builder.endParagraph()
    }

    /// A saved web page's `From: <Saved by Blink>` (Chrome's, Edge's `.mhtml`): nobody sent it.
    static func isSnapshotSender(_ header: MIMEPart.Header, _ bytes: [UInt8]) -> Bool {
        guard header.name == "from", let first = header.value.first else { return false }
        return String(decoding: bytes[first].prefix(10), as: UTF8.self) == "<Saved by "
    }

    /// The part of an alternative to read: the plain text when it has words, else the last.
    private static func readable(_ children: [MIMEPart], _ bytes: [UInt8]) -> MIMEPart? {
        if let plain = children.first(where: { $0.contentType == "text/plain" }) {
            let decoded = MailDecoding.body(bytes, plain.body, encoding: plain.transferEncoding).bytes
            if decoded.filter({ $0 > 0x20 }).count >= 40 { return plain }
        }
        return children.last
    }
}

/// RFC 2047 encoded words in a header value (`=?UTF-8?Q?Re=3A_Wedding?=`), decoded: each word
/// one run over its bytes; white space between two encoded words is dropped.
enum EncodedWords {
    static func append(_ bytes: [UInt8], _ range: Range<Int>, to builder: inout ExtractedTextBuilder) {
        var i = range.lowerBound
        var run = i
        var lastWordEnd: Int?
        while i + 1 < range.upperBound {
            guard bytes[i] == UInt8(ascii: "="), bytes[i + 1] == UInt8(ascii: "?"),
                  let word = word(bytes, at: i, limit: range.upperBound) else { i += 1; continue }
            // the text before the word, unless it is only white space after another word
            let between = bytes[run..<i]
            if !(lastWordEnd == run && between.allSatisfy { $0 == 0x20 || $0 == 0x09 }) {
                builder.appendSource(run..<i)
            }
            // the payload's characters, decoded from its escapes and its charset
            var inner = ExtractedTextBuilder(source: word.decoded.bytes, encoding: word.encoding)
            inner.appendSource(0..<word.decoded.bytes.count)
            builder.append(inner.build(), through: word.decoded.runs)
            i = word.end
            run = i
            lastWordEnd = i
        }
        builder.appendSource(run..<range.upperBound)
    }

    /// The decoded payload of the encoded word at `start`, its charset, and where the word ends.
    private static func word(_ bytes: [UInt8], at start: Int, limit: Int) -> (decoded: MailDecoding.Decoded, encoding: TextEncoding, end: Int)? {
        // =?charset?Q|B?text?=
        var q = [Int]()
        var i = start + 2
        while i < limit, q.count < 3 {
            if bytes[i] == UInt8(ascii: "?") { q.append(i) }
            if bytes[i] == 0x20 && q.count < 2 { return nil }
            i += 1
        }
        guard q.count == 3, q[1] == q[0] + 2, q[2] + 1 < limit, bytes[q[2] + 1] == UInt8(ascii: "=") else { return nil }
        var charset = String(decoding: bytes[(start + 2)..<q[0]], as: UTF8.self)
        if let star = charset.firstIndex(of: "*") { charset = String(charset[..<star]) }  // RFC 2231 language
        let payload = (q[1] + 1)..<q[2]
        let decoded: MailDecoding.Decoded
        switch bytes[q[0] + 1] | 0x20 {
        case UInt8(ascii: "q"): decoded = MailDecoding.quotedPrintable(bytes, payload, underscoreIsSpace: true)
        case UInt8(ascii: "b"): decoded = MailDecoding.base64(bytes, payload)
        default: return nil
        }
        return (decoded, MailDecoding.textEncoding(charset: charset), q[2] + 2)
    }
}

import Foundation
import Glibc
import Synchronization

/// What a mail message is about, for every part of it: its subject and its sender's name. A
/// message's body is cut into chunks that do not repeat its headers, so "fenwood christmas order
/// number" would miss `Order number: FW-208814` three chunks below `From: Fenwood Flower
/// Wholesale` and `Subject: Christmas order`; read as part of the file's title, as a file's name
/// is (`ExtractiveAnswerer.fileTitle`), they count for each of its chunks.
enum MailTitle {
    /// Header bytes read: a message's headers are a few kilobytes.
    static let headerBytes = 32 << 10

    private static let cache = Mutex<[String: (stamp: String, title: String)]>([:])

    /// "Christmas order Fenwood Flower Wholesale" for the message at `path`; "" when it cannot be
    /// read. Kept per path, read again when the file's size or modification time changes.
    static func of(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "" }
        let stamp = "\(info.st_size).\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        if let hit = cache.withLock({ $0[path] }), hit.stamp == stamp { return hit.title }
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let bytes = Array((try? handle.read(upToCount: headerBytes)) ?? Data())
        let title = self.title(bytes)
        cache.withLock { entries in
            if entries.count > 256 { entries.removeAll() }
            entries[path] = (stamp, title)
        }
        return title
    }

    /// The decoded subject and the sender's display name (without the address) of a message.
    static func title(_ bytes: [UInt8]) -> String {
        let part = MIMEPart(bytes, 0..<bytes.count)
        var words: [String] = []
        for name in ["subject", "from"] {
            guard let header = part.headers.first(where: { $0.name == name }) else { continue }
            var builder = ExtractedTextBuilder(source: bytes)
            for (i, piece) in header.value.enumerated() {
                if i > 0 { builder.appendText(" ") }
                EncodedWords.append(bytes, piece, to: &builder)
            }
            var value = builder.build().text
            // a sender's address is no word of what the message is about
            if name == "from", let angle = value.firstIndex(of: "<") { value = String(value[..<angle]) }
            words.append(value.replacingOccurrences(of: "\"", with: "").trimmingCharacters(in: .whitespaces))
        }
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

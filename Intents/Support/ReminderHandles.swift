import Foundation
import IntentKit
import Primitives
import Store

/// Short handles people can type (`k3f9`): a prefix of a hash of the reminder's id, in a
/// lower-case alphabet without look-alike letters, at least four characters and as long as it
/// takes to tell apart every reminder of the backend. A handle stays valid while no newer
/// reminder shares its prefix; ids always work.
enum ReminderHandles {
    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")
    static let minimumLength = 4

    /// The full-length code of an id (13 characters).
    static func code(_ id: String) -> String {
        var bits = SHA256.digest(Data(id.utf8)).prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var out = ""
        for _ in 0..<12 { out.append(alphabet[Int(bits & 31)]); bits >>= 5 }
        return out
    }

    /// The handle of each id, as short as keeps them all distinct.
    static func handles(for ids: [String]) -> [String: String] {
        let codes = ids.map { ($0, code($0)) }
        var length = minimumLength
        while length < 12, Set(codes.map { $0.1.prefix(length) }).count < Set(ids).count { length += 1 }
        return Dictionary(codes.map { ($0.0, String($0.1.prefix(length))) }, uniquingKeysWith: { a, _ in a })
    }

    /// True when `text` could be a handle (alphabet only, at least four characters).
    static func looksLikeHandle(_ text: String) -> Bool {
        text.count >= minimumLength && text.count <= 12 && text.lowercased().allSatisfy { alphabet.contains($0) }
    }

    /// The reminders whose code starts with `text`.
    static func matching(_ text: String, in all: [ReminderRecord]) -> [ReminderRecord] {
        guard looksLikeHandle(text) else { return [] }
        let t = text.lowercased()
        return all.filter { code($0.id).hasPrefix(t) }
    }
}

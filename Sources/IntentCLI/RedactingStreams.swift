import Foundation
import Secrets

/// The one redactor on every output channel: stdout passes through `redactKeys` (the live keys
/// and unambiguous key shapes, so results stay byte-exact otherwise), stderr through `redact`
/// (every rule). The registry learns the live keys as the command resolves its home.
struct RedactingStreams: OutputStreams {
    let base: any OutputStreams
    let secrets: SecretRegistry

    func out(_ text: String) { base.out(secrets.redactKeys(text)) }
    func err(_ text: String) { base.err(secrets.redact(text)) }
    var stderrIsTerminal: Bool { base.stderrIsTerminal }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Who is at the terminal (DESIGN §5).
public enum Presence: String, Sendable, Codable {
    /// A person can answer prompts on `/dev/tty`.
    case interactive
    /// cron, systemd, `setsid`, a background job, CI: never prompt.
    case headless

    /// Interactive ⇔ `/dev/tty` opens, this process is in the terminal's foreground process group,
    /// and neither `--no-input` nor `INTENT_HEADLESS=1` is set. stdin/stdout being pipes does not
    /// matter: prompts use `/dev/tty`.
    public static func detect(noInput: Bool, environment: [String: String]) -> Presence {
        if noInput || environment["INTENT_HEADLESS"] == "1" { return .headless }
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return .headless }
        defer { close(fd) }
        return tcgetpgrp(fd) == getpgrp() ? .interactive : .headless
    }
}

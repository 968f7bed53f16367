@preconcurrency import Glibc
import Foundation
import IntentKit

/// Refuses an unusable home before any command touches it, with a sentence instead of
/// Foundation's or SQLite's error text (exit 78).
enum HomeCheck {
    static func verify(_ globals: GlobalOptions, _ env: CLIEnvironment) throws {
        let explicit = globals.home ?? env.environment["INTENT_HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if explicit == nil {
            let home = env.environment["HOME"] ?? ""
            let xdg = ["XDG_DATA_HOME", "XDG_CONFIG_HOME"].allSatisfy { env.environment[$0]?.hasPrefix("/") ?? false }
            if home.isEmpty, !xdg {
                throw IntentError.configuration("HOME is not set, so intent has no place for its data; set HOME, or pass --home DIR (or set INTENT_HOME)")
            }
        }
        let paths = env.paths(globals)
        let label = explicit.map { "the home \($0)" }
        try usable(URL(fileURLWithPath: explicit ?? paths.dataDirectory.path).standardizedFileURL.path,
                   label: label ?? "the data directory \(paths.dataDirectory.path)")
        if explicit == nil {
            try usable(paths.configDirectory.path, label: "the config directory \(paths.configDirectory.path)")
        }
    }

    /// `path` is a directory intent can enter, or can be created below its nearest existing parent.
    static func usable(_ path: String, label: String) throws {
        var probe = path
        var missing = false
        while true {
            var info = stat()
            if stat(probe, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw IntentError.configuration(probe == path
                        ? "\(label) is not a directory; pass --home with a directory"
                        : "\(label) cannot be created: \(probe) is not a directory")
                }
                if missing {
                    guard access(probe, W_OK | X_OK) == 0 else {
                        throw IntentError.configuration("\(label) cannot be created: \(probe) is not writable by you")
                    }
                } else if access(probe, R_OK | X_OK) != 0 {
                    throw IntentError.configuration("\(label) cannot be read (permission denied); check its owner and mode")
                }
                return
            }
            guard errno == ENOENT || errno == ENOTDIR else {
                throw IntentError.configuration("\(label) cannot be used: \(String(cString: strerror(errno)))")
            }
            missing = true
            let parent = (probe as NSString).deletingLastPathComponent
            if parent == probe || parent.isEmpty { return }
            probe = parent
        }
    }
}

@preconcurrency import Glibc

/// The process environment, read once by the composition root (`main.swift`) and handed to
/// `AppServices.live(environment:)`; nothing else in the process reads it.
///
/// Read straight from `environ`: `ProcessInfo.processInfo.environment` builds the same
/// dictionary through a generic `String` search per variable, ~0.8M instructions of a warm
/// capture's ~18M.
public enum ProcessEnvironment {
    /// Every `NAME=value` entry of `environ`. An entry without `=` is skipped; when a name occurs
    /// twice the first entry wins, as it does for `getenv`. Bytes that are not UTF-8 are repaired.
    public static func read() -> [String: String] {
        var result: [String: String] = [:]
        // `environ` is NULL after `clearenv()`, which Swift's non-optional import cannot say.
        guard var entry = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(bitPattern: UInt(bitPattern: environ)) else {
            return result
        }
        while let pointer = entry.pointee {
            let length = strlen(pointer)
            pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                let buffer = UnsafeBufferPointer(start: bytes, count: length)
                guard let equals = buffer.firstIndex(of: UInt8(ascii: "=")), equals > 0 else { return }
                let name = String(decoding: buffer[..<equals], as: UTF8.self)
                guard result[name] == nil else { return }
                result[name] = String(decoding: buffer[(equals + 1)...], as: UTF8.self)
            }
            entry += 1
        }
        return result
    }
}

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
        // `environ` is NULL after `clearenv()`, which Swift's non-optional import cannot say.
        guard let first = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(bitPattern: UInt(bitPattern: environ)) else {
            return [:]
        }
        var count = 0
        while first[count] != nil { count += 1 }
        // Sized up front: growing a dictionary rehashes every key it holds.
        var result = [String: String](minimumCapacity: count)
        var entry = first
        while let pointer = entry.pointee {
            let length = strlen(pointer)
            pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                let buffer = UnsafeBufferPointer(start: bytes, count: length)
                guard let equals = buffer.firstIndex(of: UInt8(ascii: "=")), equals > 0 else { return }
                let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<equals]), as: UTF8.self)
                guard result[name] == nil else { return }
                result[name] = String(decoding: UnsafeBufferPointer(rebasing: buffer[(equals + 1)...]), as: UTF8.self)
            }
            entry += 1
        }
        return result
    }
}

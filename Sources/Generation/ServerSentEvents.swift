import Foundation

/// Splits a byte stream into lines at LF, CRLF or CR, across chunk boundaries (a CRLF split
/// between two chunks counts once; a UTF-8 character split between chunks is reassembled).
public struct SSELineSplitter: Sendable {
    private var pending: [UInt8] = []
    private var skipLeadingLF = false

    public init() {}

    /// The complete lines in `data`; an unterminated tail is kept for the next call.
    public mutating func feed(_ data: Data) -> [String] {
        var lines: [String] = []
        for byte in data {
            if skipLeadingLF {
                skipLeadingLF = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A:
                lines.append(String(decoding: pending, as: UTF8.self))
                pending.removeAll(keepingCapacity: true)
            case 0x0D:
                lines.append(String(decoding: pending, as: UTF8.self))
                pending.removeAll(keepingCapacity: true)
                skipLeadingLF = true
            default:
                pending.append(byte)
            }
        }
        return lines
    }

    /// Whether an unterminated line is pending (the stream stopped mid-line).
    public var hasPartialLine: Bool { !pending.isEmpty }
}

/// One server-sent event.
public struct SSEEvent: Sendable, Equatable {
    public var event: String?
    /// The `data:` lines joined with `\n`.
    public var data: String
    public var id: String?
}

/// Assembles lines into events (WHATWG EventSource rules): `data:` lines accumulate, a blank line
/// dispatches, `:` lines are comments, one space after the colon is dropped.
public struct SSEEventParser: Sendable {
    private var dataLines: [String] = []
    private var eventName: String?
    private var lastID: String?

    public init() {}

    /// Feeds one line; returns an event when the line completes one.
    public mutating func consume(_ line: String) -> SSEEvent? {
        if line.isEmpty { return dispatch() }
        if line.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = line.firstIndex(of: ":") {
            field = line[..<colon]
            value = line[line.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = Substring(line)
            value = ""
        }
        switch field {
        case "data": dataLines.append(String(value))
        case "event": eventName = String(value)
        case "id": lastID = String(value)
        default: break
        }
        return nil
    }

    /// At end of stream: an event whose data lines arrived but whose blank line did not.
    public mutating func finish() -> SSEEvent? { dispatch() }

    private mutating func dispatch() -> SSEEvent? {
        defer {
            dataLines.removeAll()
            eventName = nil
        }
        guard !dataLines.isEmpty else { return nil }
        return SSEEvent(event: eventName, data: dataLines.joined(separator: "\n"), id: lastID)
    }
}

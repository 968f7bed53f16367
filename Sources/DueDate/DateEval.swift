import Foundation

/// Score of the parser on jsonl rows of the dates eval format.
public struct DateEvalReport: Sendable, Codable, Equatable {
    public struct SourceScore: Sendable, Codable, Equatable {
        public var source: String
        public var total: Int
        public var correct: Int
        public var accuracy: Double
    }

    public struct Miss: Sendable, Codable, Equatable {
        public var id: String
        public var phrase: String
        public var expected: String
        public var granularity: String
        public var got: String
        public var source: String
    }

    public var total: Int
    public var correct: Int
    /// correct / total (0 when there are no rows).
    public var accuracy: Double
    /// One entry per source (the part of `source` before the first colon), sorted by name.
    public var sources: [SourceScore]
    public var misses: [Miss]
}

/// Errors of the eval runner; they name the file and line, never the row content.
public enum DateEvalError: Error, Sendable, CustomStringConvertible {
    case unreadable(file: String)
    case malformed(file: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let file): return "cannot read eval file \(file)"
        case .malformed(let file, let line, let reason): return "\(file):\(line): \(reason)"
        }
    }
}

/// Runs the due-date parser over eval rows.
///
/// Row semantics: `reference_iso` and `expected_iso` are wall-clock times in the reference zone
/// (`reference_tz` when present, else UTC). The answer is `isoString` cut to the expected
/// granularity; `week` means the same ISO week; `interval` (`start/end`, end exclusive) accepts
/// an answer whose start lies inside; `invalid` must be rejected.
public enum DateEval {
    public static func run(files: [URL]) throws -> DateEvalReport {
        var rows: [(Row, String)] = []
        for file in files {
            guard let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8) else {
                throw DateEvalError.unreadable(file: file.lastPathComponent)
            }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { continue }
                do {
                    rows.append((try JSONDecoder().decode(Row.self, from: Data(trimmed.utf8)), file.lastPathComponent))
                } catch {
                    throw DateEvalError.malformed(file: file.lastPathComponent, line: index + 1, reason: "not a valid eval row")
                }
            }
        }
        var totals: [String: (Int, Int)] = [:]
        var misses: [DateEvalReport.Miss] = []
        var correct = 0
        for (index, (row, file)) in rows.enumerated() {
            let source = row.source.map { String($0.split(separator: ":").first ?? "") } ?? "unknown"
            let (ok, got) = try score(row, file: file, line: index + 1)
            var entry = totals[source] ?? (0, 0)
            entry.0 += 1
            if ok {
                entry.1 += 1
                correct += 1
            } else {
                misses.append(.init(id: row.id ?? "", phrase: row.phrase, expected: row.expected_iso ?? "",
                                    granularity: row.granularity, got: got, source: source))
            }
            totals[source] = entry
        }
        let sources = totals.keys.sorted().map { key in
            let (total, ok) = totals[key]!
            return DateEvalReport.SourceScore(source: key, total: total, correct: ok,
                                              accuracy: total == 0 ? 0 : Double(ok) / Double(total))
        }
        return DateEvalReport(total: rows.count, correct: correct,
                              accuracy: rows.isEmpty ? 0 : Double(correct) / Double(rows.count),
                              sources: sources, misses: misses)
    }

    struct Row: Decodable {
        var id: String?
        var phrase: String
        var reference_iso: String
        var reference_tz: String?
        var expected_iso: String?
        var granularity: String
        var source: String?
    }

    /// Scores one row; returns whether it passed and what the parser answered.
    static func score(_ row: Row, file: String, line: Int) throws -> (Bool, String) {
        guard let zone = TimeZone(identifier: row.reference_tz ?? "UTC") else {
            throw DateEvalError.malformed(file: file, line: line, reason: "unknown reference_tz")
        }
        guard let reference = wallClock(row.reference_iso) else {
            throw DateEvalError.malformed(file: file, line: line, reason: "reference_iso is not a date-time")
        }
        let parser = DueDateParser(now: reference.instant(in: zone), timeZone: zone)
        let result: ResolvedDate
        do {
            result = try parser.parse(row.phrase)
        } catch {
            return (row.granularity == "invalid", "rejected (\(error.code))")
        }
        let got = result.isoString(in: zone)
        guard let expected = row.expected_iso else { return (false, got) }
        switch row.granularity {
        case "invalid":
            return (false, got)
        case "week":
            guard let e = wallClock(expected) else { return (false, got) }
            let g = WallClock(result.start, in: zone)
            return (e.day.mondayOfWeek == g.day.mondayOfWeek, got)
        case "interval":
            let ends = expected.split(separator: "/").map(String.init)
            guard ends.count == 2, let lo = wallClock(ends[0])?.instant(in: zone),
                  let hi = wallClock(ends[1])?.instant(in: zone) else { return (false, got) }
            return (result.start >= lo && result.start < hi, got)
        default:
            return (got.count >= expected.count && got.hasPrefix(expected), got)
        }
    }

    /// Parses `YYYY[-MM[-DD[THH[:MM[:SS]]]]]` as a wall-clock reading.
    static func wallClock(_ text: String) -> WallClock? {
        let digits = text.split(whereSeparator: { "-T:. ".contains($0) }).map { Int($0) }
        guard !digits.isEmpty, !digits.contains(nil) else { return nil }
        let v = digits.compactMap { $0 }
        func at(_ i: Int, _ fallback: Int) -> Int { i < v.count ? v[i] : fallback }
        return WallClock(day: Day(year: v[0], month: at(1, 1), day: at(2, 1)), hour: at(3, 0), minute: at(4, 0), second: at(5, 0))
    }
}

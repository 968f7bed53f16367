import Foundation

/// The outcome of one expectation line.
public struct ICSExpectationResult: Sendable, Codable, Hashable {
    /// 1-based line in expectations.jsonl.
    public var line: Int
    public var file: String
    public var op: String
    public var passed: Bool
    /// Why it failed (empty when passed). Names the check, not calendar content.
    public var detail: String
}

public struct ICSEvalReport: Sendable, Codable {
    public var results: [ICSExpectationResult]
    public var total: Int { results.count }
    public var passed: Int { results.filter(\.passed).count }
    public var failures: [ICSExpectationResult] { results.filter { !$0.passed } }
    /// Passed / total, 0 when empty.
    public var passRate: Double { total == 0 ? 0 : Double(passed) / Double(total) }
}

public enum ICSEvalError: Error, CustomStringConvertible, Sendable {
    case missingExpectations(String)
    case badLine(file: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .missingExpectations(let f): return "\(f): cannot read expectations"
        case .badLine(let f, let l, let r): return "\(f):\(l): \(r)"
        }
    }
}

/// Scores an `expectations.jsonl` directory (the format of the shared ICS evaluation) through
/// `CalendarFile.load` and `occurrences(in:from:to:timeZone:)`, the code path of ListEvents.
///
/// Query semantics: `at` covers the named year, month, day (`date`) or clock hour (`hour`);
/// `between` is `[start, end)` with `end: null` unbounded; `all` is the whole capped set;
/// `parse` checks the reader. Naive query times are read in `query.tz` if given, else the
/// calendar's X-WR-TIMEZONE, else the zone of its first zoned event, else UTC.
public enum ICSEval {
    public static func run(directory: URL, config: CalendarConfig = .default) throws(ICSEvalError) -> ICSEvalReport {
        let file = directory.appendingPathComponent("expectations.jsonl")
        guard let data = try? Data(contentsOf: file), let text = String(data: data, encoding: .utf8) else {
            throw .missingExpectations(file.lastPathComponent)
        }
        var results: [ICSExpectationResult] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineText = raw.trimmingSpaces()
            if lineText.isEmpty { continue }
            guard let obj = try? JSONSerialization.jsonObject(with: Data(lineText.utf8)) as? [String: Any],
                  let name = obj["file"] as? String, let query = obj["query"] as? [String: Any],
                  let expect = obj["expect"] as? [String: Any], let op = query["op"] as? String else {
                throw .badLine(file: file.lastPathComponent, line: i + 1, reason: "not an expectation object")
            }
            let failures = ICSEvalCheck(directory: directory, file: name, query: query, expect: expect, config: config).run()
            results.append(ICSExpectationResult(line: i + 1, file: name, op: op, passed: failures.isEmpty,
                                                detail: failures.joined(separator: "; ")))
        }
        return ICSEvalReport(results: results)
    }
}

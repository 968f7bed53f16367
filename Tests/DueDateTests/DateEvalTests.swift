import Foundation
import Testing
@testable import DueDate

@Suite struct DateEvalTests {
    @Test func devSetMeetsTheGoal() throws {
        let report = try DateEval.run(files: [datesFixture])
        #expect(report.total == 81)
        #expect(report.accuracy >= 0.95, "misses: \(report.misses.map(\.id))")
        for source in report.sources {
            #expect(source.accuracy >= 0.90, "\(source.source) at \(source.accuracy)")
        }
        #expect(Set(report.sources.map(\.source)) == ["chrono", "dateparser", "duckling", "parsedatetime"])
    }

    @Test func reportCountsMissesAndRejections() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dd-eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("rows.jsonl")
        let rows = [
            #"{"id":"a","phrase":"tomorrow","reference_iso":"2020-01-01T10:00:00","expected_iso":"2020-01-02","granularity":"day","source":"x:1"}"#,
            #"{"id":"b","phrase":"tomorrow","reference_iso":"2020-01-01T10:00:00","expected_iso":"2020-01-05","granularity":"day","source":"x:2"}"#,
            #"{"id":"c","phrase":"June 31","reference_iso":"2020-01-01T10:00:00","expected_iso":null,"granularity":"invalid","source":"y:1"}"#,
            #"{"id":"d","phrase":"next week","reference_iso":"2020-01-01T10:00:00","expected_iso":"2020-01-06","granularity":"week","source":"y:2"}"#,
            #"{"id":"e","phrase":"eod","reference_iso":"2020-01-01T10:00:00","expected_iso":"2020-01-01T10:00:00/2020-01-02T00:00:00","granularity":"interval","source":"y:3"}"#,
            #"{"id":"f","phrase":"at 5pm","reference_iso":"2020-01-01T10:00:00","reference_tz":"Europe/Paris","expected_iso":"2020-01-01T17:00","granularity":"minute","source":"y:4"}"#,
        ]
        try (rows.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let report = try DateEval.run(files: [file])
        #expect(report.total == 6)
        #expect(report.correct == 5)
        #expect(report.misses.map(\.id) == ["b"])
        #expect(report.sources.first { $0.source == "x" }?.correct == 1)
        #expect(report.sources.first { $0.source == "y" }?.accuracy == 1)
    }

    @Test func malformedLineNamesFileAndLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dd-bad-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try "{\"phrase\": 3}\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: DateEvalError.self) { try DateEval.run(files: [file]) }
        do {
            _ = try DateEval.run(files: [file])
        } catch {
            #expect(String(describing: error).hasSuffix(":1: not a valid eval row"))
        }
    }
}

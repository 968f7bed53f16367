import XCTest
@testable import Agenda

/// The shared ICS evaluation (dev set copied into Fixtures/ics) scored through the listing path.
final class ICSEvalTests: XCTestCase {
    func testEveryDevExpectationPasses() throws {
        let report = try ICSEval.run(directory: AgendaFixtures.ics)
        XCTAssertGreaterThanOrEqual(report.total, 37)
        let misses = report.failures.map { "\($0.line) \($0.file) \($0.op): \($0.detail)" }.joined(separator: "\n")
        XCTAssertEqual(report.passed, report.total, "misses:\n\(misses)")
        XCTAssertEqual(report.passRate, 1.0)
    }

    func testBrokenExpectationFails() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icseval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(at: AgendaFixtures.ics.appendingPathComponent("rie__event_10_times.ics"),
                                         to: dir.appendingPathComponent("rie__event_10_times.ics"))
        let lines = [
            #"{"file": "rie__event_10_times.ics", "query": {"op": "all"}, "expect": {"count": 11}}"#,
            #"{"file": "rie__event_10_times.ics", "query": {"op": "all"}, "expect": {"mystery": 1}}"#,
            #"{"file": "rie__event_10_times.ics", "query": {"op": "all"}, "expect": {"count": 10, "first_start": "2020-01-13T07:45:00+01:00"}}"#,
        ]
        try lines.joined(separator: "\n").write(to: dir.appendingPathComponent("expectations.jsonl"), atomically: true, encoding: .utf8)
        let report = try ICSEval.run(directory: dir)
        XCTAssertEqual(report.results.map(\.passed), [false, false, true])
    }
}

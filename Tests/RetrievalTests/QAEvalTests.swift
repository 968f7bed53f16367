import Embeddings
import Foundation
import XCTest
@testable import Retrieval

/// Runs the dev QA set (Fixtures/qa, SQuAD-derived) through the whole pipeline with the hashing
/// embedder, with floors below the measured scores and at or above the project's goals where met.
final class QAEvalTests: XCTestCase {
    /// The QA set's documents asked the questions of `questions` (a file in Fixtures/qa).
    static func report(questions: String) throws -> QAReport {
        try QAEval.run(docs: Fixtures.qa.appendingPathComponent("docs"),
                       questions: [Fixtures.qa.appendingPathComponent(questions)],
                       embedder: HashingEmbedder(), clock: TestTime.clock)
    }

    func testDevSetMeetsFloors() throws {
        let report = try Self.report(questions: "questions.dev.jsonl")
        XCTAssertEqual(report.documents, 150)
        XCTAssertEqual(report.answerable, 48)
        XCTAssertEqual(report.unanswerable, 12)
        XCTAssertGreaterThanOrEqual(report.hitAt5, 0.93, "baseline (bm25 whole files) reaches 0.94 hit@5")
        XCTAssertGreaterThanOrEqual(report.hitAt1, 0.90)
        XCTAssertGreaterThanOrEqual(report.answerContainment, 0.85)
        XCTAssertGreaterThanOrEqual(report.abstentionUnanswerable, 0.90)
        XCTAssertLessThanOrEqual(report.abstentionAnswerable, 0.05)
        XCTAssertEqual(report.citationExactness, 1)
        XCTAssertTrue(report.rows.allSatisfy { $0.citations == $0.exactCitations })
    }

    func testAdversarialInCorpusQuestionsAreReportedNotGated() throws {
        // SQuAD 2.0 questions written against paragraphs that are in the library: a lexical
        // answerer cannot tell most of them apart; the score is reported, only exactness is gated.
        let report = try Self.report(questions: "squad2_no_answer.dev.jsonl")
        XCTAssertEqual(report.unanswerable, 8)
        XCTAssertEqual(report.citationExactness, 1)
    }

    /// The candidates file (for fitting the sentence model): one line per question, each
    /// candidate its features and two labels, numbers only; a path that cannot be written fails
    /// before the run, naming the option.
    func testCandidatesFileHoldsFeaturesAndLabels() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("qa-candidates-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: out) }
        let report = try QAEval.run(docs: Fixtures.qa.appendingPathComponent("docs"),
                                    questions: [Fixtures.qa.appendingPathComponent("squad2_no_answer.dev.jsonl")],
                                    embedder: HashingEmbedder(), candidates: out, clock: TestTime.clock)
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, report.rows.count)
        for line in lines {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(object["in_library"] as? Bool, true)
            let candidates = try XCTUnwrap(object["c"] as? [[Double]])
            XCTAssertFalse(candidates.isEmpty)
            XCTAssertTrue(candidates.allSatisfy { $0.count == SentenceFeatures.names.count + 2 })
            // No gold answers for a no-answer question.
            XCTAssertTrue(candidates.allSatisfy { $0[$0.count - 2] == 0 })
        }
        XCTAssertThrowsError(try QAEval.run(docs: Fixtures.qa.appendingPathComponent("docs"),
                                            questions: [Fixtures.qa.appendingPathComponent("squad2_no_answer.dev.jsonl")],
                                            embedder: HashingEmbedder(), candidates: URL(fileURLWithPath: "/nonexistent/c.jsonl"),
                                            clock: TestTime.clock)) { error in
            XCTAssertEqual(error as? RetrievalError, .invalidParameter(name: "--candidates", reason: "cannot write /nonexistent/c.jsonl"))
        }
    }
}

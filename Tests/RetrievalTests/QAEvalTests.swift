import Embeddings
import Foundation
import XCTest
@testable import Retrieval

/// Runs the dev QA set (Fixtures/qa, SQuAD-derived) through the whole pipeline with the hashing
/// embedder, with floors below the measured scores and at or above the project's goals where met.
final class QAEvalTests: XCTestCase {
    func testDevSetMeetsFloors() throws {
        let report = try QAEval.run(docs: Fixtures.qa.appendingPathComponent("docs"),
                                    questions: [Fixtures.qa.appendingPathComponent("questions.dev.jsonl")],
                                    embedder: HashingEmbedder(), clock: TestTime.clock)
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
        let report = try QAEval.run(docs: Fixtures.qa.appendingPathComponent("docs"),
                                    questions: [Fixtures.qa.appendingPathComponent("squad2_no_answer.dev.jsonl")],
                                    embedder: HashingEmbedder(), clock: TestTime.clock)
        XCTAssertEqual(report.unanswerable, 8)
        XCTAssertEqual(report.citationExactness, 1)
    }
}

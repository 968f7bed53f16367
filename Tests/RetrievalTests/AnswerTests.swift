import Embeddings
import Foundation
import XCTest
@testable import Retrieval

final class AnswerTests: XCTestCase {
    private func library() throws -> TempLibrary {
        let t = try TempLibrary()
        try FileManager.default.removeItem(at: t.docs)
        try FileManager.default.copyItem(at: Fixtures.qa.appendingPathComponent("docs"), to: t.docs)
        try t.library.enqueue(paths: [t.docs])
        try t.library.processQueue()
        return t
    }

    func testAnswerQuotesExactSourceBytesAndEncodesTheDesignShape() throws {
        let t = try library()
        let answer = try t.library.ask(question: "Who was the NFL Commissioner in early 2012?")
        XCTAssertFalse(answer.abstained)
        XCTAssertTrue(answer.answer?.contains("Roger Goodell") ?? false)
        XCTAssertGreaterThan(answer.confidence, 0.5)
        XCTAssertLessThanOrEqual(answer.claims.count, 2)
        XCTAssertEqual(URL(fileURLWithPath: answer.citations[0].path).lastPathComponent, "super_bowl_50_p04.md")
        for citation in answer.citations {
            XCTAssertTrue(citation.path.hasPrefix("/"))
            XCTAssertEqual(try sourceBytes(citation.path, citation.start, citation.end), citation.quote)
        }
        for claim in answer.claims { XCTAssertFalse(claim.citations.isEmpty) }
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(answer)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["question", "answer", "abstained", "abstain_reason", "claims", "citations",
                                          "confidence", "gates", "grounding"])
        let citation = try XCTUnwrap((object["citations"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(citation.keys), ["doc_id", "path", "chunk_id", "start", "end", "quote"])
        XCTAssertTrue(object["abstain_reason"] is NSNull)
        let decoded = try JSONDecoder().decode(LibraryAnswer.self, from: JSONEncoder().encode(answer))
        XCTAssertEqual(decoded, answer)
    }

    func testQuestionOutsideTheLibraryAbstainsWithoutClaims() throws {
        let t = try library()
        let answer = try t.library.ask(question: "What is Kenya a founding member of?")
        XCTAssertTrue(answer.abstained)
        XCTAssertNil(answer.answer)
        XCTAssertNotNil(answer.abstainReason)
        XCTAssertTrue(answer.claims.isEmpty)
        XCTAssertLessThan(answer.confidence, 0.5)
        // The nearest passages are listed, exact, and referenced by no claim.
        XCTAssertFalse(answer.citations.isEmpty)
        for citation in answer.citations { XCTAssertTrue(CitationCheck.verify(citation, pdfTexts: t.library.pdfTexts)) }
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(answer)) as? [String: Any])
        XCTAssertTrue(object["answer"] is NSNull)

        var strict = RetrievalConfiguration()
        strict.citeEvidenceWhenAbstaining = false
        let quiet = Library(store: t.library.store, embedder: HashingEmbedder(), configuration: strict,
                            clock: TestTime.clock, workerID: "quiet-worker")
        let bare = try quiet.ask(question: "What is Kenya a founding member of?")
        XCTAssertTrue(bare.abstained)
        XCTAssertTrue(bare.citations.isEmpty)
    }

    func testTheNextRecordCountsFromTheRunsDayInItsZone() throws {
        let t = try TempLibrary()
        let bins = try t.write("bin collections 2026.csv", """
            Date,Collection,Bins
            2026-03-04,Recycling,Blue and green
            2026-03-11,General waste,Black
            2026-03-18,Recycling,Blue and green
            2026-03-25,General waste,Black
            """)
        try t.library.enqueue(paths: [bins])
        try t.library.processQueue()
        func ask(at instant: String, _ zone: String) throws -> String {
            let now = try XCTUnwrap(ISO8601DateFormatter().date(from: instant))
            let library = Library(store: t.library.store, embedder: t.library.embedder, clock: { now },
                                  timeZone: try XCTUnwrap(TimeZone(identifier: zone)), workerID: "next-worker")
            return try XCTUnwrap(library.ask(question: "when is the next recycling collection?").answer)
        }
        // 8 pm on the 4th in London is the 5th in Auckland: the 4th's collection is past there
        XCTAssertTrue(try ask(at: "2026-03-04T20:00:00Z", "Europe/London").contains("4 March 2026"))
        XCTAssertTrue(try ask(at: "2026-03-04T20:00:00Z", "Pacific/Auckland").contains("18 March 2026"))
        // none left: the latest
        XCTAssertTrue(try ask(at: "2026-04-01T09:00:00Z", "Europe/London").contains("18 March 2026"))
    }

    func testHTMLCitationsAreExactEvenAcrossInlineTags() throws {
        let t = try TempLibrary()
        let html = try t.write("page.html", """
            <html><head><title>Notes</title></head><body><h1>Lighthouses</h1>
            <p>The <em>Pharos</em> of Alexandria was built in the 3rd century BC. It stood over 100 metres tall.</p>
            <p>Lighthouse keepers trimmed the wicks every night.</p></body></html>
            """)
        try t.library.enqueue(paths: [html])
        try t.library.processQueue()
        let answer = try t.library.ask(question: "When was the Pharos of Alexandria built?")
        XCTAssertFalse(answer.abstained)
        let citation = try XCTUnwrap(answer.citations.first)
        XCTAssertEqual(citation.quote.hasPrefix("The <em>Pharos</em> of Alexandria"), true)
        XCTAssertEqual(try sourceBytes(citation.path, citation.start, citation.end), citation.quote)
        XCTAssertTrue(answer.claims[0].text.hasPrefix("The Pharos of Alexandria was built"))
        XCTAssertTrue(CitationCheck.verify(citation, pdfTexts: t.library.pdfTexts))
    }

    func testChangedFileFailsTheQuoteCheck() throws {
        let t = try TempLibrary()
        let file = try t.write("a.txt", "The Eiffel Tower was completed in 1889 in Paris.")
        try t.library.enqueue(paths: [file])
        try t.library.processQueue()
        let before = try t.library.ask(question: "When was the Eiffel Tower completed?")
        XCTAssertFalse(before.abstained)
        try t.write("a.txt", "Nothing here any more, only a different sentence now.")
        XCTAssertFalse(CitationCheck.verify(before.citations[0], pdfTexts: t.library.pdfTexts))
        let after = try t.library.ask(question: "When was the Eiffel Tower completed?")
        XCTAssertTrue(after.abstained)
        XCTAssertTrue(after.citations.isEmpty)
    }

    func testSQuADNormalization() {
        XCTAssertEqual(SQuADNormalization.normalize("The  Amazon, Jungle!"), "amazon jungle")
        XCTAssertTrue(SQuADNormalization.contains("It was built by the Normans in 1066.", "Normans"))
        XCTAssertFalse(SQuADNormalization.contains("No answer here.", "Normans"))
    }
}

import Foundation
import Grounding
import Testing
@testable import Retrieval

/// An answer sentence past the word limit narrowed to the clauses that answer (`ClauseWindow`).
@Suite struct ClauseWindowTests {
    /// SQuAD's Amazon paragraph: one sentence of 104 words listing where the dust goes.
    static let dust = "NASA's CALIPSO satellite has measured the amount of dust transported by wind from the Sahara "
        + "to the Amazon: an average 182 million tons of dust are windblown out of the Sahara each year, at 15 degrees "
        + "west longitude, across 1,600 miles (2,600 km) over the Atlantic Ocean (some dust falls into the Atlantic), "
        + "then at 35 degrees West longitude at the eastern coast of South America, 27.7 million tons (15%) of dust "
        + "fall over the Amazon basin, 132 million tons of dust remain in the air, 43 million tons of dust are "
        + "windblown and falls on the Caribbean Sea, past 75 degrees west longitude."
    /// Chunk counts of the SQuAD library (164 chunks) the sentence comes from.
    static let frequencies = ["dust": 1, "remains": 2, "air": 9, "amazon": 10, "year": 5, "tons": 1, "basin": 4,
                              "falls": 1, "satellite": 1, "measured": 2, "name": 7]

    private func sentence(_ text: String, prefix: String = "The Sahara feeds the Amazon. ") -> ScoredSentence {
        let whole = prefix + text
        let length = whole.utf8.count
        let record = ChunkRecord(id: 1, docId: 1, path: "/library/amazon.md", kind: .markdown, ordinal: 0, start: 0,
                                 end: length, tokenCount: length / 4, text: whole, raw: nil,
                                 segments: [.init(textOffset: 0, sourceOffset: 0, length: length)], encoding: .utf8)
        let chunk = EvidenceChunk(chunkId: 1, docId: 1, path: record.path, ordinal: 0, start: 0, end: length, text: whole,
                                  tokenCount: record.tokenCount, score: 1, cosine: 0.5, vectorRank: 1, lexicalRank: 1,
                                  isNeighbour: false, record: record)
        let start = prefix.utf8.count
        return ScoredSentence(chunk: chunk, range: start..<length, text: text,
                              words: SentenceSplitter.wordCount(Array(text.utf8)), coverage: 0, contextCoverage: 0, score: 1)
    }

    private func narrowed(_ question: String, _ text: String, limit: Int = 80) -> ScoredSentence {
        let terms = QuestionTerms(question: question, frequencies: Self.frequencies, chunkCount: 164)
        let type = QuestionAnalysis.answerType(of: question)
        let window = ClauseWindow(terms: terms, maxWords: 40) { type != .open && type.isSatisfied(by: $0, question: question) }
        return window.narrowed(sentence(text), limit: limit)
    }

    @Test func aListOfFiguresAnswersWithTheClauseAsked() {
        let a = narrowed("How many tons of dust remains in the air?", Self.dust)
        #expect(a.text == "132 million tons of dust remain in the air")
        let b = narrowed("How many tons of Saharan dust falls on the Amazon Basin each year?", Self.dust)
        #expect(b.text.contains("27.7 million tons"))
        #expect(b.words <= 40)
        let c = narrowed("What is the name of the satellite that measured the amount of dust?", Self.dust)
        #expect(c.text.hasPrefix("NASA's CALIPSO satellite has measured"))
    }

    @Test func theNarrowedRangeIsTheSourceBytes() {
        for question in ["How many tons of dust remains in the air?", "How much Saharan dust remains in the air over the Amazon each year?"] {
            let a = narrowed(question, Self.dust)
            let bytes = Array(a.chunk.text.utf8)
            #expect(String(decoding: bytes[a.range], as: UTF8.self) == a.text)
            #expect(a.words == SentenceSplitter.wordCount(bytes[a.range]))
        }
    }

    @Test func aSentenceWithinTheLimitOrARecordStaysWhole() {
        let short = "The dust that falls on the Amazon basin, about 27.7 million tons, feeds its soils."
        #expect(narrowed("How many tons of dust fall on the Amazon?", short).text == short)
        let record = (0..<12).map { "field \($0): dust tons \($0)" }.joined(separator: "; ")
        #expect(narrowed("How many tons of dust?", record, limit: 10).text == record)
    }

    @Test func aQuestionsShortNameMatchesTheNameInFull() {
        let terms = QuestionTerms(question: "how much did Tom pay into the account?", frequencies: ["tom": 2, "account": 3],
                                  chunkCount: 50)
        let full = terms.matches("Transfer from Thomas Whitfield into the joint account")
        let other = terms.matches("Transfer from Maya Whitfield into the joint account")
        #expect(full.coverage > other.coverage)
        #expect(full.coverage > 0.99)
    }

    @Test func clausesSplitAtSeparatorsNotInsideNumbersOrBrackets() {
        let text = "At 10:30, about 1,600 miles (2,600 km, by road) away; then – later – home"
        let bytes = Array(text.utf8)
        let clauses = ClauseWindow.clauses(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(clauses == ["At 10:30,", " about 1,600 miles (2,600 km, by road) away;", " then –", " later –", " home"])
        let trailingDash = Array("then –".utf8)
        #expect(ClauseWindow.trimmed(0..<trailingDash.count, in: trailingDash) == 0..<4)
        // A continuation byte 0x93 of another character is no dash ("ē" is C4 93).
        let macron = Array("Tē".utf8)
        #expect(ClauseWindow.trimmed(0..<macron.count, in: macron) == 0..<macron.count)
    }
}

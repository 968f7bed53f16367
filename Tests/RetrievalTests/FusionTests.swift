import Foundation
@testable import Retrieval
import Testing

/// Fusion and MMR against values worked out by hand.
@Suite struct FusionTests {
    @Test func weightedReciprocalRankFusionMatchesHandComputedScores() {
        let cfg = RetrievalConfiguration()
        #expect(cfg.rrfK == 60 && cfg.vectorWeight == 0.7 && cfg.lexicalWeight == 0.3)
        func rrf(_ rank: Int, _ weight: Double) -> Double { HybridSearcher.reciprocalRank(rank, weight: weight, k: cfg.rrfK) }
        // Vector list A, B, C; lexical list C, A.
        let a = rrf(1, cfg.vectorWeight) + rrf(2, cfg.lexicalWeight)   // 0.7/61 + 0.3/62
        let b = rrf(2, cfg.vectorWeight)                                // 0.7/62
        let c = rrf(3, cfg.vectorWeight) + rrf(1, cfg.lexicalWeight)   // 0.7/63 + 0.3/61
        #expect(abs(a - 0.016_314_119_5) < 1e-9)
        #expect(abs(b - 0.011_290_322_6) < 1e-9)
        #expect(abs(c - 0.016_029_143_9) < 1e-9)
        #expect(a > c && c > b, "an item both lists rank beats a single first place")
    }

    @Test func aChunksFileNameCountsInTheRerank() {
        let terms = QuestionTerms(question: "when did kirkgate pay out the february rent",
                                  frequencies: ["kirkgate": 3, "pay": 5, "february": 4, "rent": 9], chunkCount: 60)
        let row = "Date: 23/02/2024 (23 February 2024); Description: Payment to landlord - BACS; Money Out: 595.80"
        let statement = testChunk([row], path: "/library/Kirkgate Lettings - Owner Statement Flat 4.csv").record
        let other = testChunk([row], path: "/library/Statement May.csv").record
        var titles: [String: [Bool]] = [:]
        let withName = HybridSearcher.coverage(of: statement, terms, titles: &titles)
        #expect(withName > HybridSearcher.coverage(of: other, terms, titles: &titles))
        #expect(HybridSearcher.coverage(of: other, terms, titles: &titles) == terms.coverage(ofText: row))
        // the file's name counts as if it were read with the chunk, and is read once per search
        #expect(abs(withName - terms.coverage(ofText: row + "\n" + ExtractiveAnswerer.fileTitle(statement.path))) < 1e-12)
        #expect(titles.count == 2)
    }

    private let similarity: [[Double]] = [[1, 0.9, 0.1], [0.9, 1, 0.2], [0.1, 0.2, 1]]

    @Test func mmrTradesRelevanceForDiversity() {
        // λ = 0.6. Step 1: 0.6·1 = 0.60 > 0.54 > 0.30 → 0. Step 2: item 1 scores 0.54 − 0.4·0.9 = 0.18,
        // item 2 scores 0.30 − 0.4·0.1 = 0.26 → 2. Step 3: 1.
        let order = HybridSearcher.mmrOrder(relevance: [1.0, 0.9, 0.5], target: 3, lambda: 0.6) { similarity[$0][$1] }
        #expect(order == [0, 2, 1])
        #expect(HybridSearcher.mmrOrder(relevance: [1.0, 0.9, 0.5], target: 2, lambda: 0.6) { similarity[$0][$1] } == [0, 2])
    }

    @Test func mmrWithLambdaOneIsRelevanceOrder() {
        let order = HybridSearcher.mmrOrder(relevance: [0.5, 1.0, 0.9], target: 3, lambda: 1) { similarity[$0][$1] }
        #expect(order == [1, 2, 0])
        #expect(HybridSearcher.mmrOrder(relevance: [], target: 3, lambda: 0.6) { _, _ in 0 }.isEmpty)
    }
}

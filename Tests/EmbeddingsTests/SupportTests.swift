import Foundation
import Primitives
import XCTest
@testable import Embeddings

final class FastMathTests: XCTestCase {
    func testErfAndGeluAgainstLibm() {
        var worstErf: Float = 0, worstGelu: Float = 0
        let inputs = stride(from: Float(-9), through: 9, by: 0.0137).map { $0 }
        var gelu = inputs
        gelu.withUnsafeMutableBufferPointer { FastMath.gelu($0.baseAddress!, count: $0.count) }
        for (index, x) in inputs.enumerated() {
            worstErf = max(worstErf, abs(FastMath.erf(x) - erf(x)))
            let exact = 0.5 * Double(x) * (1 + erf(Double(x) / 2.0.squareRoot()))
            worstGelu = max(worstGelu, Float(abs(Double(gelu[index]) - exact)))
        }
        XCTAssertLessThan(worstErf, 5e-7)
        XCTAssertLessThan(worstGelu, 2e-6)
    }

    func testExpRelativeError() {
        for x in stride(from: Float(-80), through: 80, by: 0.173) {
            let exact = Foundation.exp(Double(x))
            XCTAssertLessThan(abs(Double(FastMath.exp(x)) - exact) / exact, 3e-7, "x = \(x)")
        }
    }
}

final class EmbeddingBenchmarkTests: XCTestCase {
    func testSentencesAreDeterministicAndAbout40Words() {
        let a = EmbeddingBenchmark.sentences(count: 50)
        XCTAssertEqual(a, EmbeddingBenchmark.sentences(count: 50))
        XCTAssertEqual(a.count, 50)
        XCTAssertEqual(Set(a).count, 50)
        XCTAssertTrue(a.allSatisfy { $0.split(separator: " ").count == 40 && $0.hasSuffix(".") })
    }

    func testRunReportsFiguresForAnyEmbedder() throws {
        let figures = try EmbeddingBenchmark.run(embedder: HashingEmbedder(), sentenceCount: 40,
                                                 batchSize: 8, repeats: 1)
        XCTAssertEqual(figures.embedder, "hashing-v1")
        XCTAssertEqual(figures.sentences, 40)
        XCTAssertEqual(figures.meanTokens, 40)
        XCTAssertGreaterThan(figures.batch1SentencesPerSecond, 0)
        XCTAssertGreaterThan(figures.batchedSentencesPerSecond, 0)
        XCTAssertGreaterThan(figures.peakResidentBytes ?? 0, 1_000_000)
        XCTAssertFalse(figures.blas.isEmpty)
    }
}

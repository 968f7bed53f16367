import Embeddings
import Foundation
import IntentKit
import Primitives
import Store

/// Figures of `intent bench library` (times in seconds or milliseconds as named; sizes in bytes).
public struct LibraryBenchReport: Sendable, Codable, Equatable {
    public var embedder: String
    public var documents: Int
    public var chunks: Int
    public var dimension: Int
    public var ingestionSeconds: Double
    public var chunksPerSecond: Double
    /// Full `ask` (retrieval + answer), in-process.
    public var askP50Ms: Double
    public var askP95Ms: Double
    /// CPU time of the thread running `ask` (median, 95th percentile): what the wall time is
    /// when the machine is not busy.
    public var askCPUP50Ms: Double
    public var askCPUP95Ms: Double
    /// `evidence` only (retrieval + packing).
    public var evidenceP50Ms: Double
    public var evidenceP95Ms: Double
    /// The vector arm alone: the 8-bit scan of every row, top shortlist, float32 rescoring.
    public var vectorArmP50Ms: Double
    /// Bytes of the 8-bit rows scanned per query ÷ median vector-arm time.
    public var vectorArmGBPerSecond: Double
    /// The float32 scan (one `sgemv` over the mapped matrix plus top-k), for comparison.
    public var exactVectorArmP50Ms: Double
    /// Share of queries whose vector-arm result (slots, in order) equals the float32 scan's, and
    /// share whose cosines agree rank for rank within 1e-5 (the same hits up to near-ties, whose
    /// order `sgemv` and `sdot` rounding may swap).
    public var vectorArmIdenticalShare: Double
    public var vectorArmSameScoresShare: Double
    /// Per-query time of a batch of 64 queries through one `sgemm`.
    public var batchedPerQueryMs: Double
    /// Peak resident set (VmHWM) of this process.
    public var peakRSSBytes: Int64
    public var databaseBytes: Int64
    public var vectorFileBytes: Int64
    public var queries: Int
    /// Median milliseconds of each retrieval stage (from the traces).
    public var stageP50Ms: [String: Double]
    /// 95th percentile milliseconds of each retrieval stage.
    public var stageP95Ms: [String: Double]
}

/// Builds a synthetic library and measures ingestion, query latency, memory and disk use.
public enum LibraryBenchmark {
    /// Generates about `chunks` chunks of synthetic prose (Zipf-distributed vocabulary, fixed seed)
    /// in `chunksPerDocument`-chunk files under `home`, ingests them, then runs `queries` questions
    /// made of words of random corpus sentences. `home` must not hold another library; when it
    /// holds this benchmark's documents already (same `chunks`), they are not written again and
    /// ingestion only confirms them unchanged (to re-measure queries without re-ingesting).
    public static func run(home: URL, embedder: any Embedder, chunks: Int = 100_000, chunksPerDocument: Int = 50,
                           queries: Int = 200, configuration: RetrievalConfiguration = .standard,
                           clock: @escaping @Sendable () -> Date) throws -> LibraryBenchReport {
        let docsDir = home.appendingPathComponent("bench-docs")
        let existing = FileManager.default.fileExists(atPath: docsDir.path)
        try FileManager.default.createDirectory(at: docsDir, withIntermediateDirectories: true)
        var text = SyntheticText(seed: 0x5eed)
        let wordsPerChunk = configuration.chunkMaxWords - configuration.chunkOverlapWords
        let documents = max(1, chunks / chunksPerDocument)
        var probes: [String] = []
        for d in 0..<documents {
            var body = ""
            var words = 0
            while words < chunksPerDocument * wordsPerChunk {
                let sentence = text.sentence()
                words += sentence.split(separator: " ").count
                body += sentence + " "
                if probes.count < queries, d % max(1, documents / queries) == 0, words < 200 {
                    probes.append(String(sentence.split(separator: " ").prefix(8).joined(separator: " ")) + "?")
                }
            }
            if !existing { try Data(body.utf8).write(to: docsDir.appendingPathComponent(String(format: "doc%06d.txt", d))) }
        }
        let paths = AppPaths(dataDirectory: home.appendingPathComponent("data"),
                             configDirectory: home.appendingPathComponent("config"), modelDirectories: [])
        let library = Library(store: IntentStore(paths: paths, schema: Library.schema, housekeeping: nil), embedder: embedder,
                              configuration: configuration, clock: clock, workerID: "library-bench-\(getpid())")
        try library.enqueue(paths: [docsDir])
        let summary = try library.processQueue()
        let status = try library.status(recent: 0)

        var ask: [Double] = [], evidence: [Double] = [], arm: [Double] = [], exactArm: [Double] = []
        var identical = 0, sameScores = 0
        var askCPU: [Double] = []
        let k = configuration.vectorFactor * configuration.standardTarget
        let shortlist = max(configuration.vectorShortlistFactor * k, configuration.vectorShortlistMinimum)
        var stages: [String: [Double]] = [:]
        let vectors = try library.currentVectors(try library.store.database())
        let queryVectors = try embedder.embed(probes)
        for (probe, vector) in zip(probes, queryVectors) {
            let cpuStart = threadCPUMilliseconds()
            ask.append(try milliseconds { _ = try library.ask(question: probe) })
            askCPU.append(threadCPUMilliseconds() - cpuStart)
            var pack: EvidencePack?
            evidence.append(try milliseconds { pack = try library.evidence(for: probe) })
            for stage in pack?.trace.stages ?? [] { stages[stage.name, default: []].append(stage.milliseconds) }
            // The answer stage: sentence scoring, citation checks and the grounding gates.
            if let pack {
                stages["answer", default: []].append(try milliseconds {
                    _ = library.answer(question: probe, pack: pack, mode: .standard)
                })
            }
            var fast: [(slot: Int, score: Float)] = [], exact: [(slot: Int, score: Float)] = []
            arm.append(try milliseconds {
                fast = vectors.search(vector, k: k, shortlist: shortlist, threads: configuration.vectorScanThreads)
            })
            exactArm.append(try milliseconds { exact = vectors.exactSearch(vector, k: k) })
            if fast.map(\.slot) == exact.map(\.slot) { identical += 1 }
            if fast.count == exact.count, zip(fast, exact).allSatisfy({ abs($0.score - $1.score) < 1e-5 }) { sameScores += 1 }
        }
        let batch = Array(queryVectors.prefix(64))
        let batchMs = try milliseconds { _ = vectors.search(batch: batch, k: 15) } / Double(max(batch.count, 1))
        ask.sort(); evidence.sort(); arm.sort(); exactArm.sort(); askCPU.sort()
        let armMedian = Percentile.of(arm, 0.5)
        return LibraryBenchReport(
            embedder: embedder.identifier, documents: status.documents.count, chunks: status.chunkCount,
            dimension: embedder.dimension, ingestionSeconds: summary.seconds,
            chunksPerSecond: Double(summary.chunks) / max(summary.seconds, 1e-9),
            askP50Ms: Percentile.of(ask, 0.5), askP95Ms: Percentile.of(ask, 0.95),
            askCPUP50Ms: Percentile.of(askCPU, 0.5), askCPUP95Ms: Percentile.of(askCPU, 0.95),
            evidenceP50Ms: Percentile.of(evidence, 0.5), evidenceP95Ms: Percentile.of(evidence, 0.95),
            vectorArmP50Ms: armMedian, vectorArmGBPerSecond: Double(vectors.quantizedBytes) / (armMedian / 1_000) / 1e9,
            exactVectorArmP50Ms: Percentile.of(exactArm, 0.5),
            vectorArmIdenticalShare: Double(identical) / Double(max(probes.count, 1)),
            vectorArmSameScoresShare: Double(sameScores) / Double(max(probes.count, 1)),
            batchedPerQueryMs: batchMs, peakRSSBytes: peakRSS(), databaseBytes: status.databaseBytes,
            vectorFileBytes: status.vectorFileBytes, queries: probes.count,
            stageP50Ms: stages.mapValues { Percentile.of($0.sorted(), 0.5) },
            stageP95Ms: stages.mapValues { Percentile.of($0.sorted(), 0.95) })
    }

    private static func milliseconds(_ body: () throws -> Void) throws -> Double {
        let start = ContinuousClock.now
        try body()
        let d = ContinuousClock.now - start
        return d.inMilliseconds
    }

    /// CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`), in milliseconds.
    static func threadCPUMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1_000 + Double(t.tv_nsec) / 1e6
    }

    /// VmHWM of this process from /proc/self/status (0 where unavailable).
    public static func peakRSS() -> Int64 {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/status"),
              let data = try? handle.readToEnd() else { return 0 }
        try? handle.close()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kb = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Int64($0) } ?? 0
            return kb * 1024
        }
        return 0
    }
}

/// Deterministic synthetic prose: sentences of 8–24 words drawn from a Zipf (exponent 1)
/// vocabulary of 100,000 pronounceable made-up words, like word frequencies of real text.
struct SyntheticText {
    private var state: UInt64
    private let vocabulary: [String]

    init(seed: UInt64, vocabularySize: Int = 100_000) {
        state = seed
        var words: [String] = []
        let syllables = ["ka", "lo", "mi", "ren", "tu", "sa", "vor", "el", "dan", "qui", "ber", "os", "ni", "tra", "fe", "gul"]
        var rng = seed ^ 0x9E37_79B9_7F4A_7C15
        for _ in 0..<vocabularySize {
            var w = ""
            rng = SyntheticText.mix(&rng)
            for k in 0..<(2 + Int(rng % 3)) { w += syllables[Int((rng >> (8 * UInt64(k))) % UInt64(syllables.count))] }
            words.append(w)
        }
        vocabulary = words
        var cumulative: [Double] = []
        var sum = 0.0
        for rank in 1...vocabularySize {
            sum += 1 / Double(rank)
            cumulative.append(sum)
        }
        self.cumulative = cumulative.map { $0 / sum }
    }

    /// Cumulative Zipf probabilities by rank.
    private let cumulative: [Double]

    static func mix(_ x: inout UInt64) -> UInt64 {
        x &+= 0x9E37_79B9_7F4A_7C15
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next() -> UInt64 { SyntheticText.mix(&state) }

    /// A sentence with a capitalised first word and a full stop.
    mutating func sentence() -> String {
        let length = 8 + Int(next() % 17)
        var words: [String] = []
        for _ in 0..<length {
            let u = Double(next() % 1_000_000_000) / 1_000_000_000
            var lo = 0, hi = cumulative.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if cumulative[mid] < u { lo = mid + 1 } else { hi = mid }
            }
            words.append(vocabulary[lo])
        }
        return words.joined(separator: " ").prefix(1).uppercased() + words.joined(separator: " ").dropFirst() + "."
    }
}

import Foundation
import Primitives

/// Throughput and memory figures of one embedder run (see `EmbeddingBenchmark.run`).
public struct EmbeddingBenchmarkFigures: Sendable, Codable, Equatable {
    public var embedder: String
    /// The BLAS behind `libblas.so.3` during the run.
    public var blas: String
    public var sentences: Int
    /// Mean tokens per sentence, `[CLS]`/`[SEP]` included.
    public var meanTokens: Double
    /// Median over the repeats, sentences per second, one text per `embed` call.
    public var batch1SentencesPerSecond: Double
    /// Median over the repeats, sentences per second, `batchSize` texts per `embed` call.
    public var batchedSentencesPerSecond: Double
    public var batchSize: Int
    /// Median process CPU time per sentence at batch 1 and batched, in milliseconds — less
    /// sensitive than the rates to other processes competing for the cores.
    public var batch1CPUMillisecondsPerSentence: Double
    public var batchedCPUMillisecondsPerSentence: Double
    public var repeats: Int
    /// Peak resident set size of the process (VmHWM), in bytes; nil where unavailable.
    public var peakResidentBytes: Int?

    enum CodingKeys: String, CodingKey {
        case embedder, blas, sentences, repeats
        case meanTokens = "mean_tokens"
        case batch1SentencesPerSecond = "batch1_sentences_per_s"
        case batchedSentencesPerSecond = "batched_sentences_per_s"
        case batchSize = "batch_size"
        case batch1CPUMillisecondsPerSentence = "batch1_cpu_ms_per_sentence"
        case batchedCPUMillisecondsPerSentence = "batched_cpu_ms_per_sentence"
        case peakResidentBytes = "peak_rss_bytes"
    }
}

/// The embedding benchmark behind `intent bench embed`: sentences of about 40 words drawn
/// deterministically from a small office vocabulary, embedded one at a time and in batches.
public enum EmbeddingBenchmark {
    static let vocabulary = [
        "that", "to", "ranking", "database", "budget", "be", "from", "deadline", "by", "draft",
        "and", "insurance", "report", "team", "notes", "email", "document", "the", "were", "build",
        "was", "invoice", "at", "failure", "test", "index", "in", "summary", "meeting", "review",
        "schedule", "customer", "release", "server", "backup", "contract", "quarterly", "project",
    ]

    /// `count` sentences of `words` words each; the same for the same arguments on every machine.
    public static func sentences(count: Int, words: Int = 40, seed: UInt64 = 0x5eed) -> [String] {
        var generator = SeededGenerator(seed: seed)
        func next() -> Int { Int(generator.next() % UInt64(vocabulary.count)) }
        return (0..<count).map { _ in
            var picked = (0..<words).map { _ in vocabulary[next()] }
            picked[0] = picked[0].prefix(1).uppercased() + picked[0].dropFirst()
            return picked.joined(separator: " ") + "."
        }
    }

    /// Embeds `sentenceCount` sentences at batch 1 and at `batchSize`, `repeats` times each, and
    /// reports the medians and the peak RSS. Run it from a release build; throws what the
    /// embedder throws.
    public static func run(embedder: any Embedder, sentenceCount: Int = 1000, batchSize: Int = 32,
                           repeats: Int = 3) throws -> EmbeddingBenchmarkFigures {
        let texts = sentences(count: sentenceCount)
        let tokens = texts.reduce(0) { $0 + min(embedder.tokenCount($1), embedder.maxTokens) }
        _ = try embedder.embed(Array(texts.prefix(batchSize)))  // warm-up: page in the weights

        func rate(_ size: Int) throws -> (rate: Double, cpuMilliseconds: Double) {
            var rates: [Double] = []
            var cpu: [Double] = []
            for _ in 0..<max(repeats, 1) {
                let cpuStart = processCPUSeconds()
                let start = DispatchTime.now().uptimeNanoseconds
                var index = 0
                while index < texts.count {
                    let end = min(index + size, texts.count)
                    _ = try embedder.embed(Array(texts[index..<end]))
                    index = end
                }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                rates.append(Double(texts.count) / seconds)
                cpu.append((processCPUSeconds() - cpuStart) * 1000 / Double(max(texts.count, 1)))
            }
            return (rates.sorted()[rates.count / 2], cpu.sorted()[cpu.count / 2])
        }
        let batched = try rate(batchSize)
        let single = try rate(1)
        return EmbeddingBenchmarkFigures(
            embedder: embedder.identifier, blas: BLASRuntime.name, sentences: texts.count,
            meanTokens: Double(tokens) / Double(max(texts.count, 1)),
            batch1SentencesPerSecond: single.rate, batchedSentencesPerSecond: batched.rate,
            batchSize: batchSize, batch1CPUMillisecondsPerSentence: single.cpuMilliseconds,
            batchedCPUMillisecondsPerSentence: batched.cpuMilliseconds,
            repeats: max(repeats, 1), peakResidentBytes: peakResidentBytes())
    }

    /// User + system CPU time of the whole process, in seconds.
    static func processCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// VmHWM of this process from `/proc/self/status`, in bytes; nil off Linux.
    public static func peakResidentBytes() -> Int? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/status") else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd(), let status = String(data: data, encoding: .utf8) else {
            return nil
        }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
        return nil
    }
}

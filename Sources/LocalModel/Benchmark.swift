#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Throughput and memory of the embedded model, measured the way llama.cpp's figures were:
/// a prompt of `promptTokens` tokens evaluated in batches from an empty cache, then
/// `generatedTokens` greedy tokens (end-of-turn ignored).
public struct LocalModelBenchmark: Sendable, Codable, Equatable {
    public struct Run: Sendable, Codable, Equatable {
        public var promptSeconds: Double
        public var generationSeconds: Double
        public var promptTokensPerSecond: Double
        public var generationTokensPerSecond: Double
        /// Process CPU seconds (all threads) spent in each phase; CPU ÷ wall shows how much of
        /// the machine the run actually got.
        public var promptCPUSeconds: Double
        public var generationCPUSeconds: Double
    }
    public var promptTokens: Int
    public var generatedTokens: Int
    public var threads: Int
    public var runs: [Run]
    /// Medians over `runs`.
    public var promptTokensPerSecond: Double
    public var generationTokensPerSecond: Double
    /// Peak resident set (VmHWM) of the process in bytes, nil where /proc is unavailable.
    public var peakRSSBytes: Int?
    /// The GGUF file measured (so a side-by-side run can load the same one).
    public var modelPath: String
    /// Single-token product kernels: "avx-vnni", "avx2" or "portable", with "+packed" when the
    /// weights are repacked for them.
    public var kernels: String
    /// The greedy tokens of the first run (so a change to the kernels can be checked for
    /// identical output).
    public var generatedTokenIDs: [Int]
    /// Where single-token steps spent their time (with `profileStages`), over all runs.
    public var generationProfile: ForwardProfile?

    /// Runs the benchmark `repeats` times on `runner` (blocking; seconds of CPU on all threads).
    public static func run(_ runner: LocalModelRunner, promptTokens: Int = 400, generatedTokens: Int = 128,
                           repeats: Int = 3) throws -> LocalModelBenchmark {
        let prompt = benchmarkPrompt(runner, tokens: promptTokens)
        var runs: [Run] = []
        var firstTokens: [Int]? = nil
        var stageNanoseconds = [UInt64](repeating: 0, count: ForwardStage.allCases.count)
        var stageTokens = 0, regions = 0
        var packed = false
        for _ in 0..<max(1, repeats) {
            let run: Run = try runner.withContext { ctx in
                ctx.truncate(to: 0)
                packed = ctx.usesPackedWeights
                let c0 = processCPUSeconds(), t0 = Date()
                var logits = try ctx.evaluate(prompt)
                let c1 = processCPUSeconds(), t1 = Date()
                ctx.clock.reset()
                let regions0 = ctx.pool.regions
                var tokens: [Int] = []
                for _ in 0..<generatedTokens {
                    let next = Sampler.argmax(logits)
                    tokens.append(next)
                    logits = try ctx.evaluate([next])
                }
                let c2 = processCPUSeconds(), t2 = Date()
                if firstTokens == nil { firstTokens = tokens }
                for (i, v) in ctx.clock.nanoseconds.enumerated() { stageNanoseconds[i] += v }
                stageTokens += ctx.clock.tokens
                regions += ctx.pool.regions - regions0
                let ps = t1.timeIntervalSince(t0), gs = t2.timeIntervalSince(t1)
                return Run(promptSeconds: ps, generationSeconds: gs,
                           promptTokensPerSecond: Double(prompt.count) / ps,
                           generationTokensPerSecond: Double(generatedTokens) / gs,
                           promptCPUSeconds: c1 - c0, generationCPUSeconds: c2 - c1)
            }
            runs.append(run)
        }
        func median(_ v: [Double]) -> Double { let s = v.sorted(); return s[s.count / 2] }
        var profile: ForwardProfile? = nil
        if runner.configuration.profileStages && stageTokens > 0 {
            var perToken: [String: Double] = [:]
            for stage in ForwardStage.allCases {
                perToken[stage.name] = Double(stageNanoseconds[stage.rawValue]) / 1000 / Double(stageTokens)
            }
            profile = ForwardProfile(tokens: stageTokens, microsecondsPerToken: perToken,
                                     totalMicrosecondsPerToken: perToken.values.reduce(0, +),
                                     parallelRegionsPerToken: Double(regions) / Double(stageTokens),
                                     threads: runner.configuration.threads)
        }
        return LocalModelBenchmark(
            promptTokens: prompt.count, generatedTokens: generatedTokens, threads: runner.configuration.threads, runs: runs,
            promptTokensPerSecond: median(runs.map(\.promptTokensPerSecond)),
            generationTokensPerSecond: median(runs.map(\.generationTokensPerSecond)),
            peakRSSBytes: peakResidentBytes(), modelPath: runner.url.path,
            kernels: !runner.configuration.vectorKernels || VectorKernels.level == 0 ? "portable"
                : (VectorKernels.level == 2 ? "avx-vnni" : "avx2") + (packed ? "+packed" : ""),
            generatedTokenIDs: firstTokens ?? [], generationProfile: profile)
    }

    /// A fixed English prompt cut to exactly `tokens` tokens.
    static func benchmarkPrompt(_ runner: LocalModelRunner, tokens: Int) -> [Int] {
        let paragraph = "The history of the city begins with a small fishing village on the river delta. Over several centuries, merchants, farmers and craftsmen settled along the banks, building markets, bridges and warehouses. In the spring, the river flooded the low fields, and the townspeople learned to build terraces and canals to manage the water. "
        var ids: [Int] = []
        while ids.count < tokens { ids += runner.tokenize(paragraph, special: false) }
        return Array(ids.prefix(tokens))
    }

    static func processCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// VmHWM of this process from /proc/self/status, in bytes.
    public static func peakResidentBytes() -> Int? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/status"),
              let data = try? handle.readToEnd() else { return nil }
        try? handle.close()
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            if let kb = digits.first { return kb * 1024 }
        }
        return nil
    }
}

import Foundation
import Synchronization
import Testing
@testable import LocalModel

/// Prefix snapshot files: format, validation and the directory store.
@Suite struct PrefixCacheTests {
    static func sample(tokens: [Int] = [1, 4093, 198, 520], modelHash: UInt64 = 0xABCD) -> PrefixSnapshot {
        let layers = 2, kvDim = 4
        let planes = (0..<(2 * layers)).map { p in (0..<(tokens.count * kvDim)).map { Float(p * 100 + $0) / 8 } }
        return PrefixSnapshot(layers: layers, kvDim: kvDim, modelHash: modelHash, tokens: tokens, planes: planes)
    }

    static func tempDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("prefix-tests-\(UUID().uuidString)")
    }

    @Test func encodedSnapshotValidatesAndKeepsEveryPlane() {
        let s = Self.sample()
        let bytes = s.encoded()
        #expect(bytes.count == PrefixSnapshot.byteCount(layers: 2, kvDim: 4, tokens: 4))
        bytes.withUnsafeBytes { raw in
            #expect(PrefixSnapshot.validate(raw, layers: 2, kvDim: 4, modelHash: 0xABCD, tokens: s.tokens))
            for (i, plane) in s.planes.enumerated() {
                let p = PrefixSnapshot.plane(raw, i, kvDim: 4, tokens: 4).assumingMemoryBound(to: Float.self)
                #expect(Array(UnsafeBufferPointer(start: p, count: plane.count)) == plane)
            }
        }
    }

    @Test func mismatchedOrDamagedSnapshotsAreRejected() {
        let s = Self.sample()
        let good = s.encoded()
        func valid(_ bytes: [UInt8], modelHash: UInt64 = 0xABCD, tokens: [Int]? = nil, layers: Int = 2) -> Bool {
            bytes.withUnsafeBytes { PrefixSnapshot.validate($0, layers: layers, kvDim: 4, modelHash: modelHash, tokens: tokens ?? s.tokens) }
        }
        #expect(!valid(good, modelHash: 0xABCE), "another model")
        #expect(!valid(good, tokens: [1, 4093, 198, 521]), "another prefix")
        #expect(!valid(good, tokens: [1, 4093, 198]), "a shorter prefix")
        #expect(!valid(good, layers: 3), "another shape")
        #expect(!valid(Array(good.dropLast())), "truncated")
        #expect(!valid(good + [0]), "trailing bytes")
        #expect(!valid([]), "empty")
        var magic = good; magic[0] ^= 0xFF
        #expect(!valid(magic), "bad magic")
        var version = good; version[4] = 9
        #expect(!valid(version), "another format version")
        var token = good; token[PrefixSnapshot.headerBytes] ^= 1
        #expect(!valid(token), "token ids differ from the header hash")
    }

    @Test func directoryStoreWritesPrivateFilesAtomicallyAndPrunes() throws {
        let dir = Self.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = DirectoryPrefixStore(directory: dir, keep: 2)
        let s = Self.sample()
        let name = PrefixSnapshot.fileName(modelHash: s.modelHash, prefixHash: s.prefixHash)
        #expect(!store.withSnapshot(named: name) { _ in true }, "nothing stored yet")
        #expect(store.save(named: name, bytes: s.encoded()))
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(name).path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(store.withSnapshot(named: name) { raw in
            PrefixSnapshot.validate(raw, layers: 2, kvDim: 4, modelHash: s.modelHash, tokens: s.tokens)
        })
        // Overwriting replaces the file whole; no temporary files stay behind.
        #expect(store.save(named: name, bytes: s.encoded()))
        for i in 0..<3 {
            let other = Self.sample(tokens: [1, 2, 3, 10 + i])
            #expect(store.save(named: PrefixSnapshot.fileName(modelHash: other.modelHash, prefixHash: other.prefixHash), bytes: other.encoded()))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.count == 2, "\(names)")
        #expect(names.allSatisfy { $0.hasPrefix("prefix-v\(PrefixSnapshot.formatVersion)-") && $0.hasSuffix(".kv") })
    }

    @Test func unwritableDirectoryOnlyFailsTheSave() throws {
        let file = Self.tempDirectory()
        try Data("not a directory".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let store = DirectoryPrefixStore(directory: file.appendingPathComponent("cache"))
        #expect(!store.save(named: "prefix-v1-x.kv", bytes: [1, 2, 3]))
        #expect(!store.withSnapshot(named: "prefix-v1-x.kv") { _ in true })
    }

    /// Float prompt products pin OpenBLAS to one thread for the process, and nothing restores
    /// it (a restore raced with other contexts; see `FloatProducts`).
    @Test func floatProductsLeaveOpenBLASAtOneThread() {
        _ = FloatProducts(maxElements: 64)
        #expect(!FloatProducts.available || FloatProducts.blasThreads == 1)
    }

    @Test func hashesAreStableAndOrderSensitive() {
        #expect(PrefixSnapshot.hash(tokens: [1, 2, 3]) == PrefixSnapshot.hash(tokens: [1, 2, 3]))
        #expect(PrefixSnapshot.hash(tokens: [1, 2, 3]) != PrefixSnapshot.hash(tokens: [3, 2, 1]))
        #expect(PrefixSnapshot.fileName(modelHash: 1, prefixHash: 0xFF) == "prefix-v1-0000000000000001-00000000000000ff.kv")
    }
}

/// The fixed prefix on the real model: evaluated once, then loaded from the snapshot by a new
/// runner with the same result; a damaged snapshot is ignored and rebuilt.
@Suite(.enabled(if: InstalledModel.canRunModel, "needs SmolLM2 weights and a release build"), .serialized)
struct PrefixSnapshotModelTests {
    @Test func snapshotGivesTheSameAnswerAsEvaluatingThePrefix() throws {
        let dir = PrefixCacheTests.tempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let messages = [ChatMessage(role: "system", content: "Extract the reminder as JSON with a title and a due date."),
                        ChatMessage(role: "user", content: "pay the rent on the 1st")]
        func run() throws -> GenerationResult {
            let runner = try LocalModelRunner.load(InstalledModel.url!)
            var options = GenerationOptions(maxTokens: 12)
            options.fixedPrefixTokens = runner.fixedPrefixLength(for: messages)
            options.prefixCacheDirectory = dir
            return try runner.generateBlocking(promptTokens: runner.promptTokens(for: messages), options: options)
        }
        let first = try run()
        #expect(first.prefixSource == "evaluated")
        let all = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        let names = all.filter { $0.hasPrefix("prefix-") }
        #expect(names.count == 1)
        // The packed weights were written beside the snapshot; the next run maps them.
        #expect(all.contains { $0.hasPrefix("packed-") } == (VectorKernels.level > 0))
        let second = try run()
        #expect(second.prefixSource == "snapshot")
        #expect(second.reusedPrefixTokens > 10 && second.reusedPrefixTokens < second.promptTokenIDs.count)
        #expect(second.generatedTokenIDs == first.generatedTokenIDs)
        #expect(second.step0Top == first.step0Top)
        // Damage the snapshot: it is ignored, the prefix evaluated again and the file rebuilt.
        let path = dir.appendingPathComponent(names[0]).path
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 0); try handle.write(contentsOf: Data([0, 0, 0, 0])); try handle.close()
        let third = try run()
        #expect(third.prefixSource == "evaluated")
        #expect(third.generatedTokenIDs == first.generatedTokenIDs)
        #expect(try run().prefixSource == "snapshot")
    }

    /// Why the equality above is exact and not "within a tolerance": the forward pass is
    /// deterministic, so any difference is a defect. Two contexts evaluating at once must give
    /// bit-identical logits to one alone — this failed (a few 1e-5..1e-3 apart, at random) while
    /// each forward pass saved and restored OpenBLAS's process-global thread count, whose `sgemm`
    /// sums differently with 2 threads than with 1.
    @Test func contextsRunningAtOnceGiveTheSameLogitsAsOneAlone() throws {
        let prompts = [[1, 4093, 198, 520, 3060, 314, 253, 1329, 28, 2],
                       Array(repeating: 520, count: 37) + [198, 4093]]
        let alone = try LocalModelRunner.load(InstalledModel.url!)
        let expected = try prompts.map { try alone.debugLogits($0) }
        let runners = try (0..<2).map { _ in try LocalModelRunner.load(InstalledModel.url!) }
        let results = Mutex<[[Float]?]>(Array(repeating: nil, count: 6))
        DispatchQueue.concurrentPerform(iterations: 6) { i in
            let logits = try? runners[(i / 2) % 2].debugLogits(prompts[i % 2])
            results.withLock { $0[i] = logits }
        }
        for (i, logits) in results.withLock({ $0 }).enumerated() {
            #expect(logits == expected[i % 2], "evaluation \(i)")
        }
        #expect(!FloatProducts.available || FloatProducts.blasThreads == 1)
    }

    /// The sensitivity that makes exact equality meaningful: one stale key/value row in the
    /// prefix (the last position holding the one before it, as a wrong offset would) moves the
    /// turn's logits by far more than float rounding could.
    @Test func aStaleRowInThePrefixChangesTheLogits() throws {
        let runner = try LocalModelRunner.load(InstalledModel.url!)
        let messages = [ChatMessage(role: "system", content: "Extract the reminder as JSON with a title and a due date."),
                        ChatMessage(role: "user", content: "pay the rent on the 1st")]
        let tokens = runner.promptTokens(for: messages), prefix = runner.fixedPrefixLength(for: messages)
        try runner.withContext { ctx in
            let first = Array(try ctx.evaluate(tokens, fixedPrefix: prefix, store: nil, modelHash: 1).logits)
            let (again, source) = try ctx.evaluate(tokens, fixedPrefix: prefix, store: nil, modelHash: 1)
            #expect(source == .memory)
            #expect(Array(again) == first)
            let kvDim = ctx.hp.kvDim
            for l in 0..<ctx.hp.layerCount {
                for plane in [ctx.cache.k(l), ctx.cache.v(l)] {
                    (plane + (prefix - 1) * kvDim).update(from: plane + (prefix - 2) * kvDim, count: kvDim)
                }
            }
            let stale = Array(try ctx.evaluate(tokens, fixedPrefix: prefix, store: nil, modelHash: 1).logits)
            let moved = zip(stale, first).map { abs($0 - $1) }.max() ?? 0
            #expect(moved > 0.05, "a stale row moved the logits by only \(moved)")
        }
    }

    /// A command's turn after the prefix runs through the packed kernels as one batch, and gives
    /// bit for bit the logits of feeding it one token at a time (what generation does).
    @Test func aTurnAsOneBatchEqualsTheTurnTokenByToken() throws {
        let runner = try LocalModelRunner.load(InstalledModel.url!)
        let messages = [ChatMessage(role: "system", content: "Extract the reminder as JSON with a title and a due date."),
                        ChatMessage(role: "user", content: "renew the car insurance by december 15")]
        let tokens = runner.promptTokens(for: messages), prefix = runner.fixedPrefixLength(for: messages)
        try #require(tokens.count - prefix >= 4 && tokens.count - prefix <= runner.configuration.packedBatchTokens)
        try runner.withContext { ctx in
            let batch = Array(try ctx.evaluate(tokens, fixedPrefix: prefix, store: nil, modelHash: 1).logits)
            ctx.truncate(to: prefix)
            var single: [Float] = []
            for t in tokens[prefix...] { single = Array(try ctx.evaluate([t])) }
            #expect(single == batch)
        }
    }

    @Test func prefixStopsBeforeTheUserText() throws {
        let runner = try InstalledModel.runner()
        let a = [ChatMessage(role: "system", content: "Instructions."), ChatMessage(role: "user", content: "alpha beta")]
        let b = [ChatMessage(role: "system", content: "Instructions."), ChatMessage(role: "user", content: "gamma")]
        let n = runner.fixedPrefixLength(for: a)
        #expect(n == runner.fixedPrefixLength(for: b))
        #expect(Array(runner.promptTokens(for: a).prefix(n)) == Array(runner.promptTokens(for: b).prefix(n)))
        #expect(runner.promptTokens(for: a)[n] != runner.promptTokens(for: b)[n])
        // A schema built from the command, after the cut, is not part of the prefix.
        let sa = [ChatMessage(role: "system", content: "Instructions.\n\nSchema: alpha"), ChatMessage(role: "user", content: "alpha")]
        let sb = [ChatMessage(role: "system", content: "Instructions.\n\nSchema: gamma"), ChatMessage(role: "user", content: "gamma")]
        let cut = runner.fixedPrefixLength(for: sa, systemCut: "\n\nSchema:")
        #expect(cut > 0 && cut == runner.fixedPrefixLength(for: sb, systemCut: "\n\nSchema:"))
        #expect(Array(runner.promptTokens(for: sa).prefix(cut)) == Array(runner.promptTokens(for: sb).prefix(cut)))
        #expect(cut < runner.fixedPrefixLength(for: sa))
        #expect(runner.detokenize(Array(runner.promptTokens(for: sa).prefix(cut))).contains("alpha") == false)
        // User text before the last message is never part of a fixed prefix.
        #expect(runner.fixedPrefixLength(for: [ChatMessage(role: "user", content: "x"), ChatMessage(role: "assistant", content: "y"),
                                                ChatMessage(role: "user", content: "z")]) == 0)
    }
}

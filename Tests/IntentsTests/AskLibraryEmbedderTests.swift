import Embeddings
import Foundation
import IntentKit
import IntentTestSupport
@testable import Intents
import Retrieval
import Testing

/// A library indexed with the hashing embedder keeps answering when another embedder becomes
/// active (MiniLM installed later), and says once that a reindex will use it.
@Suite struct AskLibraryEmbedderTests {
    /// Stands in for MiniLM: another identifier and dimension.
    struct OtherEmbedder: Embedder {
        var identifier: String { "other-embedder-v1" }
        var dimension: Int { 8 }
        var maxTokens: Int { 256 }
        func tokenCount(_ text: String) -> Int { text.split(separator: " ").count }
        func embed(_ texts: [String]) throws -> [[Float]] { texts.map { _ in [Float](repeating: 0.1, count: 8) } }
    }

    @Test func hashingIndexKeepsAnsweringAfterAnotherEmbedderArrives() async throws {
        let home = TemporaryHome()
        let docs = FileManager.default.temporaryDirectory.appendingPathComponent("ask-embedder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: docs) }
        try Data("The insurance renewal is due on 14 March every year.\n".utf8).write(to: docs.appendingPathComponent("note.md"))
        let store = home.store()
        try await store.ensureConfigured()
        let library = Library(store: store, embedder: HashingEmbedder(), clock: { TestClock.reference }, workerID: "test-worker")
        try library.enqueue(paths: [docs])
        try library.processQueue()

        let log = RecordingLog()
        var context = home.context(log: log)
        context.embedders = .fixed(OtherEmbedder())
        let envelope = await IntentRunner().run(AskLibrary.self,
                                                request: ParameterRequest(positional: ["When is the insurance renewal due?"]),
                                                context: context)
        #expect(envelope.error == nil, "\(envelope.error?.message ?? "")")
        #expect(log.messages.filter { $0.contains("library reindex") }.count == 1)
    }

    @Test func aQuestionAskedWhileIndexingSaysSoInStderrAndTheValue() async throws {
        let home = TemporaryHome()
        let docs = FileManager.default.temporaryDirectory.appendingPathComponent("ask-indexing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: docs) }
        try Data("The insurance renewal is due on 14 March every year.\n".utf8).write(to: docs.appendingPathComponent("note.md"))
        try Data("The boiler is serviced every October.\n".utf8).write(to: docs.appendingPathComponent("later.md"))
        let store = home.store()
        try await store.ensureConfigured()
        let library = Library(store: store, embedder: HashingEmbedder(), clock: { TestClock.reference }, workerID: "test-worker")
        try library.enqueue(paths: [docs.appendingPathComponent("note.md")])
        try library.processQueue()
        try library.enqueue(paths: [docs.appendingPathComponent("later.md")])   // queued, not yet indexed

        let log = RecordingLog()
        var context = home.context(log: log)
        context.embedders = .fixed(HashingEmbedder())
        let envelope = await IntentRunner().run(AskLibrary.self,
                                                request: ParameterRequest(positional: ["When is the insurance renewal due?"]),
                                                context: context)
        #expect(envelope.error == nil, "\(envelope.error?.message ?? "")")
        #expect(log.messages.contains { $0.contains("indexing is in progress") })
        let value = try #require(try envelope.value?.decode(AskLibraryValue.self))
        #expect(value.warnings.count == 1 && value.warnings[0].contains("1 document queued"))
        #expect(value.answer.answer?.contains("14 March") == true)
    }
}

import AppServices
import Foundation
import IntentKit
@testable import IntentCLI
import IntentTestSupport
import Intents
import Store
import Testing

/// A capture's writes (the thought, its receipt, the run row) are one transaction.
@Suite struct CaptureTransactionTests {
    private func capture(_ home: TemporaryHome, _ extra: [String] = []) async -> (Int32, CapturedStreams) {
        let streams = CapturedStreams()
        let environment = ["HOME": home.path, "INTENT_HOME": home.path]
        let services = AppServices.commandLine(environment: environment, terminal: ScriptedTerminal(),
                                               ids: home.ids)
        let env = CLIEnvironment(services: services, streams: streams, registry: intentRegistry, presence: .headless)
        let code = await IntentCommandLine.run(["run", "CaptureThought", "call the plumber #home", "--no-input"] + extra,
                                               in: env)
        return (code, streams)
    }

    @Test func aCaptureLeavesOneThoughtOneReceiptOneRun() async throws {
        let home = TemporaryHome()
        let (code, streams) = await capture(home)
        #expect(code == 0, "\(streams.stderr)")
        let store = home.store()
        let thoughts = try store.thoughts()
        let receipts = try store.receipts()
        let runs = try store.runs()
        #expect(thoughts.count == 1)
        #expect(receipts.count == 1)
        #expect(runs.count == 1)
        #expect(thoughts.first?.runID == runs.first?.id)
        #expect(receipts.first?.runID == runs.first?.id)
        #expect(runs.first?.receiptID == receipts.first?.id)
        #expect(runs.first?.status == "completed")
    }

    @Test func aDryRunWritesNoThought() async throws {
        let home = TemporaryHome()
        let (code, _) = await capture(home, ["--dry-run"])
        #expect(code == 0)
        #expect(try home.store().thoughts().isEmpty)
    }

    /// The run row cannot be written (its id is taken): the thought and the receipt roll back with
    /// it, and the run reports the failure instead of "Saved".
    @Test func aFailedCommitRollsAllBack() async throws {
        let home = TemporaryHome()
        let store = home.store()
        try await store.ensureConfigured()
        let runID = SequentialIDGenerator().make("run")  // the id the capture's run will get
        let taken = IntentRunner.failure(.declined, intent: "CaptureThought", runID: runID)
        try store.recordRun(RunRecord(envelope: taken, presence: .headless, policy: .preferLocal,
                                      startedAt: Date(timeIntervalSince1970: 0), durationMs: 1))
        let (code, streams) = await capture(home)
        #expect(code != 0)
        #expect(!streams.stdout.contains("Saved thought"))
        #expect(try store.thoughts().isEmpty)
        #expect(try store.receipts().isEmpty)
        #expect(try store.runs().count == 1)
    }
}

import Foundation
@testable import IntentKit
import IntentTestSupport
@testable import Store
import Testing

@Suite struct RunWritesTests {
    private func row(_ id: String) -> RunRecord {
        RunRecord(envelope: RunEnvelope(runID: id, intent: "CaptureThought", status: .completed, dialog: ""),
                  presence: .headless, policy: .preferLocal, startedAt: Date(timeIntervalSince1970: 0), durationMs: 1)
    }

    private func thought(_ id: String, run: String) -> ThoughtRecord {
        ThoughtRecord(id: id, text: "t", tags: [], due: nil, createdAt: "2026-01-01T00:00:00Z", runID: run)
    }

    @Test func deferredWritesWaitForTheRunRow() throws {
        let home = TemporaryHome()
        let store = home.store()
        let writes = RunWrites()
        try store.insertThought(thought("th_1", run: "run_1"), deferredTo: writes)
        #expect(try store.thoughts().isEmpty)
        #expect(writes.count == 1)
        try store.recordRun(row("run_1"), with: writes)
        #expect(try store.thoughts().map(\.id) == ["th_1"])
        #expect(writes.count == 0)
        #expect(try store.runs().map(\.id) == ["run_1"])
    }

    @Test func aFailingRunRowRollsBackTheDeferredWrites() throws {
        let home = TemporaryHome()
        let store = home.store()
        try store.recordRun(row("run_1"))
        let writes = RunWrites()
        try store.insertThought(thought("th_1", run: "run_1"), deferredTo: writes)
        #expect(throws: (any Error).self) { try store.recordRun(row("run_1"), with: writes) }
        #expect(try store.thoughts().isEmpty)
        #expect(try store.runs().count == 1)
    }

    @Test func withoutRunWritesAWriteCommitsAtOnce() throws {
        let home = TemporaryHome()
        let store = home.store()
        try store.insertThought(thought("th_1", run: "run_1"))
        #expect(try store.thoughts().count == 1)
    }
}

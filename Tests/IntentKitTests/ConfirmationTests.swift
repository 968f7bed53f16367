import Foundation
import IntentKit
import IntentTestSupport
import Testing

private struct Writer: Intent {
    static let description = IntentDescription(name: "Writer", summary: "Writes", sideEffect: .writesLocal, requiresConfirmation: true)
    struct Value: IntentValue {
        var wrote: Bool
        static var schema: JSONSchema { .object([.init("wrote", .boolean)]) }
    }
    func perform(in context: RunContext) async throws -> IntentResult<Value> {
        try context.confirmWrite(WritePreview(lines: ["Title: t"], value: .object(["wrote": .bool(false)])))
        return IntentResult(value: Value(wrote: true), dialog: "written")
    }
}

private func run(presence: Presence, yes: Bool = false, dryRun: Bool = false, answers: [String] = []) async -> (RunEnvelope, ScriptedTerminal) {
    let terminal = ScriptedTerminal(answers: answers)
    let ctx = RunContext(runID: "r", now: TestClock.reference, timeZone: .gmt, presence: presence, assumeYes: yes,
                         dryRun: dryRun, terminal: terminal, ids: SequentialIDGenerator())
    return (await IntentRunner().run(Writer.self, request: ParameterRequest(), context: ctx), terminal)
}

@Suite struct ConfirmationTests {
    @Test func headlessWithoutYesNeedsConfirmationAndNeverPrompts() async {
        let (env, terminal) = await run(presence: .headless)
        #expect(env.status == .needsConfirmation)
        #expect(env.exitCode == .notPermitted)
        #expect(env.value?["wrote"] == .bool(false))
        #expect(terminal.transcript.isEmpty)
    }

    @Test func yesApprovesWithoutAsking() async {
        let (env, terminal) = await run(presence: .interactive, yes: true)
        #expect(env.status == .completed)
        #expect(terminal.transcript.isEmpty)
    }

    @Test func dryRunWinsOverYes() async {
        let (env, _) = await run(presence: .headless, yes: true, dryRun: true)
        #expect(env.status == .dryRun)
        #expect(env.exitCode == .success)
        #expect(env.dialog.contains("Title: t"))
    }

    @Test func interactiveShowsThePreviewAndAsks() async {
        let (yes, terminal) = await run(presence: .interactive, answers: ["y"])
        #expect(yes.status == .completed)
        #expect(terminal.transcript.first?.contains("Title: t") == true)
        #expect(terminal.transcript.last?.hasSuffix("[y/N] ") == true)

        let (no, _) = await run(presence: .interactive, answers: [""])
        #expect(no.status == .denied)
        #expect(no.exitCode == .notPermitted)

        let (eof, _) = await run(presence: .interactive, answers: [])
        #expect(eof.status == .denied)
    }
}

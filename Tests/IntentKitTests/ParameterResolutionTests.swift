import Foundation
import IntentKit
import IntentTestSupport
import Testing

private enum Size: String, IntentEnum { case small, large }

private struct Probe: Intent {
    static let description = IntentDescription(name: "Probe", summary: "Echo parameters", sideEffect: .none)

    @Parameter("words", description: "Words", primary: true, inputAliases: ["text"]) var words: String
    @Parameter("count", description: "A count") var count: Int = 3
    @Parameter("ratio", description: "A ratio") var ratio: Double?
    @Parameter("loud", description: "A switch") var loud: Bool = false
    @Parameter("size", description: "A size") var size: Size = .small
    @Parameter("label", description: "Labels") var label: [String]

    struct Value: IntentValue {
        var words: String, count: Int, ratio: Double?, loud: Bool, size: String, labels: [String]
        static var schema: JSONSchema { .object([.init("words", .string())]) }
    }

    func validate() throws {
        if count < 0 { throw IntentError.invalidValue(parameter: "count", reason: "must not be negative") }
    }

    func perform(in context: RunContext) async throws -> IntentResult<Value> {
        IntentResult(value: Value(words: words, count: count, ratio: ratio, loud: loud, size: size.rawValue, labels: label),
                     dialog: "ok")
    }
}

private func context(_ presence: Presence = .headless, answers: [String] = []) -> RunContext {
    RunContext(runID: "run_1", now: TestClock.reference, timeZone: .gmt, presence: presence,
               terminal: ScriptedTerminal(answers: answers), ids: SequentialIDGenerator())
}

@Suite struct ParameterResolutionTests {
    @Test func primaryWordsAreJoinedAndDefaultsApply() async throws {
        let env = await IntentRunner().run(Probe.self, request: ParameterRequest(positional: ["buy", "milk"]), context: context())
        #expect(env.status == .completed)
        #expect(env.value?["words"] == .string("buy milk"))
        #expect(env.value?["count"] == .number(3))
        #expect(env.value?["ratio"] == nil)
        #expect(env.value?["size"] == .string("small"))
        #expect(env.value?["labels"] == .array([]))
    }

    @Test func flagsWinOverPipedInputAndAliasesAreRead() async throws {
        let request = ParameterRequest(flags: ["count": ["7"], "label": ["a", "b"], "size": ["LARGE"]],
                                       input: ["text": .string("from pipe"), "count": .number(1), "ratio": .number(0.5)])
        let env = await IntentRunner().run(Probe.self, request: request, context: context())
        #expect(env.value?["words"] == .string("from pipe"))
        #expect(env.value?["count"] == .number(7))
        #expect(env.value?["ratio"] == .number(0.5))
        #expect(env.value?["size"] == .string("large"))
        #expect(env.value?["labels"] == .array([.string("a"), .string("b")]))
    }

    @Test func missingRequiredHeadlessIsUsageNamingTheParameter() async {
        let env = await IntentRunner().run(Probe.self, request: ParameterRequest(), context: context())
        #expect(env.status == .needsValue)
        #expect(env.exitCode == .usage)
        #expect(env.error?.message.contains("--words") == true)
    }

    @Test func missingRequiredInteractiveAsksTheTerminal() async {
        let terminal = ScriptedTerminal(answers: ["typed in"])
        var ctx = context(.interactive)
        ctx.terminal = terminal
        let env = await IntentRunner().run(Probe.self, request: ParameterRequest(), context: ctx)
        #expect(env.value?["words"] == .string("typed in"))
        #expect(terminal.transcript == ["Words: "])
    }

    @Test func invalidValuesAreDataErrorsNamingTheParameter() async {
        for (flag, value) in [("count", "three"), ("ratio", "nan"), ("loud", "maybe"), ("size", "medium")] {
            let env = await IntentRunner().run(Probe.self, request: ParameterRequest(positional: ["x"], flags: [flag: [value]]), context: context())
            #expect(env.exitCode == .dataError, "\(flag)")
            #expect(env.error?.message.contains("--\(flag)") == true)
            #expect(env.status == .failed)
        }
    }

    @Test func validateRunsAfterResolution() async {
        let env = await IntentRunner().run(Probe.self, request: ParameterRequest(positional: ["x"], flags: ["count": ["-1"]]), context: context())
        #expect(env.exitCode == .dataError)
        #expect(env.error?.code == "invalid_value")
    }

    @Test func metadataComesFromTheWrappers() {
        let params = IntentRegistry.parameters(of: Probe.self)
        #expect(params.map(\.name) == ["words", "count", "ratio", "loud", "size", "label"])
        #expect(params.filter(\.isRequired).map(\.name) == ["words"])
        #expect(params.first?.isPrimary == true)
        #expect(params.last?.isArray == true)
        #expect(params[1].defaultValue == .number(3))
    }
}

@Suite struct FaultInputTests {
    private func context() -> RunContext {
        RunContext(runID: "run_1", now: TestClock.reference, timeZone: .gmt, presence: .headless,
                   terminal: ScriptedTerminal(answers: []), ids: SequentialIDGenerator())
    }

    @Test func hugeNumbersFromDecodedJSONAreRefusedNamingTheParameterNotTrapped() async {
        for n in [1e20, 9.3e18, -1e300, 9_007_199_254_740_994] {
            let request = ParameterRequest(input: ["text": .number(n), "label": .array([])])
            let env = await IntentRunner().run(Probe.self, request: request, context: context())
            #expect(env.exitCode == .dataError)
            #expect(env.error?.message.contains("--words") == true)
        }
    }

    @Test func literalTextOfAHugeNumberReachesStringAndIntParametersExactly() async {
        let request = ParameterRequest(input: ["text": .string("12345678901234567890"), "count": .string("9007199254740993")])
        let env = await IntentRunner().run(Probe.self, request: request, context: context())
        #expect(env.value?["words"] == .string("12345678901234567890"))
        #expect(env.status == .completed)
    }

    @Test func anUnknownKeyInAPlainObjectIsAnErrorNamingIt() async {
        var request = ParameterRequest(input: ["text": .string("x"), "colour": .string("red")])
        request.inputKeysMustMatch = true
        let env = await IntentRunner().run(Probe.self, request: request, context: context())
        #expect(env.exitCode == .dataError)
        #expect(env.error?.message.contains("unknown parameter 'colour'") == true)
        request.inputKeysMustMatch = false  // an envelope's other value fields are ignored
        #expect(await IntentRunner().run(Probe.self, request: request, context: context()).status == .completed)
    }
}

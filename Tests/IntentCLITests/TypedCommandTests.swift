import AppServices
import Foundation
import IntentKit
@testable import IntentCLI
import IntentTestSupport
import Intents
import Testing

private func cli(_ args: [String], home: TemporaryHome? = nil) async -> (code: Int32, out: String, err: String) {
    let streams = CapturedStreams()
    var environment = ["HOME": home?.path ?? "/nonexistent", "INTENT_SYSTEM_ROOT": "/nonexistent-root"]
    if let home { environment["INTENT_HOME"] = home.path }
    let services = AppServices.commandLine(environment: environment, terminal: ScriptedTerminal(),
                                           ids: home?.ids ?? SequentialIDGenerator())
    let cliEnv = CLIEnvironment(services: services, streams: streams, registry: intentRegistry, presence: .headless)
    let code = await IntentCommandLine.run(args, in: cliEnv)
    return (code, streams.stdout, streams.stderr)
}

/// The typed commands through the command line: errors name the flag, help and completions come
/// from the declarations.
@Suite struct TypedCommandTests {
    @Test func validationErrorsNameTheFlag() async {
        let home = TemporaryHome()
        let zero = await cli(["history", "--limit", "0"], home: home)
        #expect(zero.code == 64)
        #expect(zero.err == "intent: error: --limit: must be a positive whole number\n")
        let word = await cli(["thoughts", "list", "--limit", "ten"], home: home)
        #expect(word.code == 64)
        #expect(word.err.contains("--limit: 'ten' is not a whole number"))
        let window = await cli(["models", "set", "local", "--base-url", "http://127.0.0.1:9/v1", "--model", "m",
                                "--context-window", "lots"], home: home)
        #expect(window.code == 65)
        #expect(window.err.contains("invalid value for --context-window: must be a whole number of tokens"))
        let threshold = await cli(["eval", "dates", "x.jsonl", "--threshold", "2"], home: home)
        #expect(threshold.code == 64)
        #expect(threshold.err.contains("--threshold: takes a number from 0 to 1"))
    }

    @Test func unknownOptionsAndArgumentsAreUsageErrors() async {
        let home = TemporaryHome()
        let typo = await cli(["history", "--limt", "3"], home: home)
        #expect(typo.code == 64)
        #expect(typo.err.contains("did you mean '--limit'?"))
        let extra = await cli(["mcp", "extra"], home: home)
        #expect(extra.code == 64)
        #expect(extra.err.contains("intent mcp takes no arguments (got 'extra')"))
    }

    @Test func helpComesFromTheDeclarations() async {
        let flag = await cli(["history", "--help"])
        #expect(flag.code == 0)
        #expect(flag.out.contains("--limit <N>"))
        #expect(flag.out.contains("--intent <NAME>"))
        #expect(await cli(["help", "history"]).out == flag.out)
        let bare = await cli(["models"], home: TemporaryHome())
        #expect(bare.code == 64)
        #expect(bare.out.hasPrefix("USAGE: intent models set"))
        #expect(bare.out.contains("--base-url <URL>"))
        let undo = await cli(["undo", "--help"])
        #expect(undo.code == 0)
        #expect(undo.out.contains("PARAMETERS:"), "undo passes its arguments to UndoWrite")
        #expect(await cli(["help", "run"]).out.contains("INTENTS: "))
    }

    @Test func completionsListEachCommandsFlags() async {
        let bash = await cli(["completions", "bash"])
        #expect(bash.code == 0)
        #expect(bash.out.contains("history) opts=\"--limit --intent --home"))
        let fish = await cli(["completions", "fish"])
        #expect(fish.out.contains("complete -c intent -n '__fish_seen_subcommand_from library' -l no-process"))
    }

    @Test func globalOptionsBeforeOrAfterTheCommand() async {
        let home = TemporaryHome()
        let before = await cli(["--json", "history", "--limit", "1"], home: home)
        let after = await cli(["history", "--limit", "1", "--json=true"], home: home)
        #expect(before.code == 0)
        #expect(before.out == after.out)
        #expect(before.out.contains("intent.history/1"))
    }
}

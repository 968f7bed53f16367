import AppServices
import Foundation
import IntentKit
@testable import IntentCLI
import IntentTestSupport
import Intents
import Testing

/// A command declaring one parameter of each kind.
private struct Sample: Subcommand {
    static let configuration = CommandConfiguration(name: "sample", summary: "A test command",
                                                    usage: "intent sample ACTION [FILE...]", needsHome: false)

    @Argument("ACTION", help: "what to do") var action: String
    @Argument("FILE", help: "the files") var files: [String]
    @Option("limit", valueName: "N", help: "how many") var limit = 20
    @Option("due", help: "when") var due: String?
    @Option("tag", help: "a tag (repeatable)") var tags: [String]
    @Flag("dry-run", help: "write nothing") var dryRun: Bool

    mutating func validate() throws {
        guard limit > 0 else { throw ValidationError(parameter: "--limit", "must be positive") }
    }

    func run(_ context: CommandContext) async throws -> Int32 { Int32(limit) }
}

private func parse(_ args: [String]) throws -> (Sample, ArgumentParser.Outcome) {
    let (sample, slots) = Sample.declared()
    let outcome = try ArgumentParser.parse(args, slots: slots, otherNames: GlobalOptions.names, command: "sample")
    return (sample, outcome)
}

/// The usage message `args` fail with, or nil when they parse.
private func usage(_ args: [String]) -> String? {
    do {
        _ = try parse(args)
        return nil
    } catch let error as IntentError {
        guard case .usage(let message) = error else { return "not a usage error: \(error)" }
        return message
    } catch {
        return "unexpected error: \(error)"
    }
}

private func environment(_ streams: CapturedStreams) -> CLIEnvironment {
    let services = AppServices.commandLine(environment: ["HOME": "/nonexistent"], terminal: ScriptedTerminal(),
                                           ids: SequentialIDGenerator())
    return CLIEnvironment(services: services, streams: streams, registry: intentRegistry, presence: .headless)
}

@Suite struct ArgumentParserTests {
    @Test func declarationsAreCollectedInDeclarationOrder() {
        let (_, slots) = Sample.declared()
        #expect(slots.map(\.name) == ["ACTION", "FILE", "limit", "due", "tag", "dry-run"])
        #expect(slots.map(\.kind) == [.argument, .arguments, .option, .option, .option, .flag])
        // Each construction has its own storage: a second command does not see the first's values.
        let (first, _) = try! parse(["add", "--limit", "3"])
        let (second, _) = Sample.declared()
        #expect(first.limit == 3)
        #expect(second.limit == 20)
    }

    @Test func separateAndInlineValues() throws {
        let (s, outcome) = try parse(["add", "--limit", "5", "--due=tomorrow 5pm", "a.txt", "b.txt"])
        #expect(!outcome.help)
        #expect(s.action == "add")
        #expect(s.files == ["a.txt", "b.txt"])
        #expect(s.limit == 5)
        #expect(s.due == "tomorrow 5pm")
        let (empty, _) = try parse(["add", "--due="])
        #expect(empty.due == "")
    }

    @Test func defaultsStayWhenAbsent() throws {
        let (s, _) = try parse(["add"])
        #expect(s.limit == 20)
        #expect(s.due == nil)
        #expect(s.tags == [])
        #expect(s.files == [])
        #expect(!s.dryRun)
    }

    @Test func aMissingValueNamesTheOption() {
        #expect(usage(["add", "--due"]) == "--due needs a value")
        #expect(usage(["add", "--due", "--dry-run"]) == "--due needs a value")
        // A lone '-' (stdin) and a negative number are values, not options.
        #expect(usage(["add", "--due", "-"]) == nil)
        #expect((try? parse(["add", "--limit", "-5"]))?.0.limit == -5)
    }

    @Test func unknownOptionsGetASuggestion() {
        let message = usage(["add", "--limt", "3"]) ?? ""
        #expect(message.hasPrefix("unknown option '--limt'"))
        #expect(message.contains("did you mean '--limit'?"))
        // The global options are candidates too.
        #expect(usage(["add", "--hom", "x"])?.contains("did you mean '--home'?") == true)
        let short = usage(["add", "-t", "x"]) ?? ""
        #expect(short.hasPrefix("unknown option '-t'"))
        #expect(short.contains("'--tag'"))
    }

    @Test func doubleDashEndsOptions() throws {
        let (s, _) = try parse(["add", "--", "--limit", "-t", "--"])
        #expect(s.files == ["--limit", "-t", "--"])
        #expect(s.limit == 20)
    }

    @Test func repeatedOptions() throws {
        let (s, _) = try parse(["add", "--limit", "1", "--tag", "a", "--limit=2", "--tag", "b"])
        #expect(s.limit == 2, "the last of a repeated scalar option wins")
        #expect(s.tags == ["a", "b"], "an array option collects every occurrence")
    }

    @Test func flagsTakeTrueOrFalse() throws {
        #expect(try parse(["add", "--dry-run"]).0.dryRun)
        #expect(try !parse(["add", "--dry-run", "--dry-run=false"]).0.dryRun)
        #expect(try parse(["add", "--dry-run=TRUE"]).0.dryRun)
        #expect(usage(["add", "--dry-run=maybe"]) == "option '--dry-run' takes no value")
    }

    @Test func typedValuesNameTheOption() {
        #expect(usage(["add", "--limit", "many"]) == "--limit: 'many' is not a whole number")
    }

    @Test func helpAndMissingArguments() throws {
        #expect(try parse(["-h"]).1.help)
        #expect(try parse(["add", "--help"]).1.help)
        #expect(throws: MissingArgument.self) { try parse([]) }
        #expect(usage(["add", "x", "--", "y"]) == nil)
    }

    @Test func validateErrorsNameTheParameter() async throws {
        let streams = CapturedStreams()
        let env = environment(streams)
        await #expect(throws: IntentError.usage("--limit: must be positive")) {
            _ = try await Sample.execute(["add", "--limit", "0"], globals: GlobalOptions(), env: env)
        }
        #expect(try await Sample.execute(["add", "--limit", "7"], globals: GlobalOptions(), env: env) == 7)
        let invalid = ValidationError(parameter: "--context-window", "must be a whole number of tokens", kind: .invalidInput)
        #expect(invalid.intentError.exitCode == .dataError)
        #expect(invalid.intentError.description == "invalid value for --context-window: must be a whole number of tokens")
    }

    @Test func helpIsGeneratedFromTheDeclarations() {
        let text = Sample.help(environment(CapturedStreams()))
        #expect(text.hasPrefix("USAGE: intent sample ACTION [FILE...]\n\nA test command\n"))
        #expect(text.contains("  ACTION"))
        #expect(text.contains("  --limit <N>"))
        #expect(text.contains("how many"))
        #expect(text.contains("  --dry-run "))
        #expect(text.contains("  --help "))
    }

    @Test func globalOptionsComeOutWhereverTheyStand() throws {
        let (g, rest) = try GlobalOptions.extract(["--home", "H", "list", "--json", "--tz=UTC", "x", "--", "--now", "y"])
        #expect(g.home == "H")
        #expect(g.json)
        #expect(g.tz == "UTC")
        #expect(g.now == nil)
        #expect(rest == ["list", "x", "--", "--now", "y"])
        #expect(try !GlobalOptions.extract(["--json", "--json=false"]).0.json)
        #expect(throws: IntentError.usage("--home needs a value")) { try GlobalOptions.extract(["list", "--home="]) }
        #expect(throws: IntentError.usage("--tz needs a value")) { try GlobalOptions.extract(["list", "--tz", "--json"]) }
    }
}

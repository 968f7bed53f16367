import AppServices
import Foundation
import IntentKit
@testable import IntentCLI
import IntentTestSupport
import Intents
import Testing

private func cli(_ args: [String], home: TemporaryHome? = nil, env: [String: String] = [:],
                 presence: Presence = .headless) async -> (Int32, CapturedStreams) {
    let streams = CapturedStreams()
    var environment = ["HOME": home?.path ?? "/nonexistent"]
    environment.merge(env) { _, new in new }
    if let home { environment["INTENT_HOME"] = home.path }
    let services = AppServices.commandLine(environment: environment, terminal: ScriptedTerminal(),
                                           ids: home?.ids ?? SequentialIDGenerator())
    let cliEnv = CLIEnvironment(services: services, streams: streams, registry: intentRegistry, presence: presence)
    return (await IntentCommandLine.run(args, in: cliEnv), streams)
}

@Suite struct CLITests {
    @Test func unknownNamesGetSuggestions() async {
        let (c1, s1) = await cli(["run", "CreateRemindr"])
        #expect(c1 == 64)
        #expect(s1.stderr.contains("did you mean 'CreateReminder'"))
        let (c2, s2) = await cli(["lsit"])
        #expect(c2 == 64)
        #expect(s2.stderr.contains("did you mean 'list'"))
        let (c3, s3) = await cli(["run", "CaptureThought", "x", "--tagg", "a"])
        #expect(c3 == 64)
        #expect(s3.stderr.contains("did you mean '--tag'"))
    }

    @Test func catalogIsVersionedAndComplete() async throws {
        let (code, streams) = await cli(["list", "--json"])
        #expect(code == 0)
        let doc = try JSONDecoder().decode(JSONValue.self, from: Data(streams.stdout.utf8))
        #expect(doc["schema"] == .string("intent.catalog/1"))
        let names = doc["intents"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == intentRegistry.names)
        let create = doc["intents"]?.arrayValue?.first { $0["name"] == .string("CreateReminder") }
        #expect(create?["primary"] == .string("title"))
        let capture = doc["intents"]?.arrayValue?.first { $0["name"] == .string("CaptureThought") }
        #expect(capture?["parameters"]?["required"] == .array([.string("text")]))
        #expect(create?["parameters"]?["properties"]?["due"]?["x-flag"] == .string("--due"))
        #expect(create?["result"]?["type"] == .string("object"))
        #expect(create?["side_effect"] == .string("writesLocal"))
    }

    @Test func docsIntentsMarkdownMatchesTheCatalog() throws {
        let committed = try String(contentsOf: PackagePaths.root.appendingPathComponent("Docs/INTENTS.md"), encoding: .utf8)
        #expect(committed == IntentsDoc.markdown(intentRegistry), "Docs/INTENTS.md is stale: run `make docs`")
    }

    @Test func everyIntentHasGeneratedHelp() async {
        for name in intentRegistry.names {
            let (code, streams) = await cli(["run", name, "--help"])
            #expect(code == 0)
            #expect(streams.stdout.contains("PARAMETERS:"))
            for p in IntentRegistry.parameters(of: intentRegistry.intent(named: name)!) {
                #expect(streams.stdout.contains(p.flag))
            }
        }
    }

    @Test func completionsNameCommandsAndIntents() async {
        for shell in ["bash", "zsh", "fish"] {
            let (code, streams) = await cli(["completions", shell])
            #expect(code == 0)
            #expect(streams.stdout.contains("CreateReminder"))
            #expect(streams.stdout.contains("describe"))
        }
        let (bad, _) = await cli(["completions", "tcsh"])
        #expect(bad == 64)
    }

    @Test func clockFlagsAreValidated() async {
        let home = TemporaryHome()
        let (tz, s1) = await cli(["run", "CaptureThought", "x", "--tz", "Mars/Base"], home: home)
        #expect(tz == 64)
        #expect(s1.stderr.contains("--tz"))
        let (now, _) = await cli(["run", "CaptureThought", "x", "--now", "yesterday-ish"], home: home)
        #expect(now == 64)
    }

    @Test func nowWithoutOffsetIsWallClockInTheZone() async throws {
        let home = TemporaryHome()
        let (code, streams) = await cli(["run", "CreateReminder", "t", "--due", "today 18:00", "--now", "2026-07-01T09:00",
                                         "--tz", "Europe/Paris", "--dry-run", "--json"], home: home)
        #expect(code == 0)
        let env = try JSONDecoder().decode(JSONValue.self, from: Data(streams.stdout.utf8))
        #expect(env["value"]?["due"] == .string("2026-07-01T18:00:00+02:00"))
    }

    @Test func inputFileErrorsNameTheFile() async throws {
        let home = TemporaryHome()
        let bad = home.url.appendingPathComponent("bad.json")
        try Data("{not json".utf8).write(to: bad)
        let (code, streams) = await cli(["run", "CreateReminder", "--input", bad.path, "--yes"], home: home)
        #expect(code == 65)
        #expect(streams.stderr.contains("bad.json"))
        let (missing, s2) = await cli(["run", "CreateReminder", "--input", "/no/such.json", "--yes"], home: home)
        #expect(missing == 65)
        #expect(s2.stderr.contains("/no/such.json"))
    }

    @Test func inputAcceptsAPreviousEnvelope() async throws {
        let home = TemporaryHome()
        let (_, first) = await cli(["run", "CaptureThought", "pay rent on 2026-12-01", "--json"], home: home)
        let file = home.url.appendingPathComponent("envelope.json")
        try Data(first.stdout.utf8).write(to: file)
        let (code, streams) = await cli(["run", "CreateReminder", "--input", file.path, "--yes", "--json"], home: home)
        #expect(code == 0)
        let env = try JSONDecoder().decode(JSONValue.self, from: Data(streams.stdout.utf8))
        #expect(env["value"]?["title"] == .string("Pay rent"))
        #expect(env["value"]?["due"] == .string("2026-12-01"))
    }

    @Test func historyListsRunsWithoutContent() async throws {
        let home = TemporaryHome()
        _ = await cli(["run", "CaptureThought", "secret plans for the weekend"], home: home)
        _ = await cli(["run", "CreateReminder", "t"], home: home)
        let (code, streams) = await cli(["history", "--json"], home: home)
        #expect(code == 0)
        #expect(!streams.stdout.contains("secret plans"))
        let doc = try JSONDecoder().decode(JSONValue.self, from: Data(streams.stdout.utf8))
        let statuses = doc["runs"]?.arrayValue?.compactMap { $0["status"]?.stringValue }
        #expect(statuses == ["needs_confirmation", "completed"])
    }
}

import AppServices
import Foundation
import IntentKit
@testable import IntentCLI
import IntentTestSupport
import Intents
import Testing

private func cli(_ args: [String], home: TemporaryHome) async -> (Int32, CapturedStreams) {
    let streams = CapturedStreams()
    // HOME is the temporary home: no model weights, no configured server.
    let environment = ["HOME": home.path, "INTENT_HOME": home.path]
    let services = AppServices.commandLine(environment: environment, terminal: ScriptedTerminal(),
                                           ids: home.ids)
    let cliEnv = CLIEnvironment(services: services, streams: streams, registry: intentRegistry, presence: .headless)
    return (await IntentCommandLine.run(args, in: cliEnv), streams)
}

/// `intent eval commands`: scores, thresholds, skipped rungs and bad rows.
@Suite struct EvalCommandsTests {
    func file(_ home: TemporaryHome, _ lines: [String]) throws -> String {
        let url = home.url.appendingPathComponent("commands.jsonl")
        try lines.joined(separator: "\n").write(to: url, atomically: false, encoding: .utf8)
        return url.path
    }

    static let rows = [
        #"{"id":"a","command":"pay the rent on the 1st","title":"Pay rent.","due":"2026-12-01","now":"2026-11-30T09:00:00+01:00","tz":"Europe/Berlin"}"#,
        #"{"id":"b","command":"remind me to call Mira friday at 5pm","title":"call mira","due":"2026-12-04T16:00:00Z","now":"2026-11-30T09:00:00+01:00","tz":"Europe/Berlin"}"#,
        #"{"id":"c","command":"buy milk","title":"buy bread","due":null,"now":"2026-11-30T09:00:00+01:00","tz":"Europe/Berlin"}"#,
    ]

    @Test func scoresTheParserWithNormalisedTitlesAndExactDues() async throws {
        let home = TemporaryHome()
        let path = try file(home, Self.rows)
        let (code, streams) = await cli(["eval", "commands", path, "--rungs", "deterministic", "--json"], home: home)
        #expect(code == 0)
        let report = try #require(JSONValue.parse(Data(streams.stdout.utf8)))
        let rung = try #require(report["rungs"]?.arrayValue?.first)
        #expect(rung["rung"] == .string("deterministic"))
        #expect(rung["correct"] == .number(2))
        #expect(rung["title_correct"] == .number(2))
        #expect(rung["due_correct"] == .number(3))
        #expect(rung["misses"]?.arrayValue?.first?["id"] == .string("c"))
    }

    @Test func belowTheThresholdExitsOne() async throws {
        let home = TemporaryHome()
        let path = try file(home, Self.rows)
        let (code, streams) = await cli(["eval", "commands", path, "--rungs", "deterministic", "--threshold", "0.9"], home: home)
        #expect(code == 1)
        #expect(streams.stdout.contains("2/3 correct"))
        #expect(streams.stderr.contains("below the threshold"))
    }

    @Test func aRungWithoutItsModelIsSkippedVisibly() async throws {
        let home = TemporaryHome()
        let path = try file(home, Self.rows)
        let (code, streams) = await cli(["eval", "commands", path, "--rungs", "server"], home: home)
        #expect(code == 0)
        #expect(streams.stderr.contains("rung server skipped"))
        let (bad, badStreams) = await cli(["eval", "commands", path, "--rungs", "cloud"], home: home)
        #expect(bad == 64)
        #expect(badStreams.stderr.contains("--rungs"))
    }

    @Test func badRowsNameTheFileAndLine() async throws {
        let home = TemporaryHome()
        let noClock = try file(home, [Self.rows[0], #"{"id":"x","command":"buy milk","title":"buy milk","tz":"UTC"}"#])
        let (c1, s1) = await cli(["eval", "commands", noClock, "--rungs", "deterministic"], home: home)
        #expect(c1 == 65)
        #expect(s1.stderr.contains("line 2"))
        #expect(s1.stderr.contains("--now"))
        let broken = try file(home, ["{not json"])
        let (c2, s2) = await cli(["eval", "commands", broken, "--rungs", "deterministic"], home: home)
        #expect(c2 == 65)
        #expect(s2.stderr.contains("line 1"))
        let badDue = try file(home, [#"{"id":"x","command":"buy milk","title":"buy milk","due":"friday","now":"2026-11-30","tz":"UTC"}"#])
        let (c3, s3) = await cli(["eval", "commands", badDue, "--rungs", "deterministic"], home: home)
        #expect(c3 == 65)
        #expect(s3.stderr.contains("\"due\""))
    }
}

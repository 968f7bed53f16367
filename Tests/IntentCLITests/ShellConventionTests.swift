import AppServices
import Foundation
import IntentKit
@testable import IntentCLI
import IntentTestSupport
import Intents
import Testing

/// Runs the command line in-process in `home`, headless, with a fake system root that has no
/// zone (so the run's zone is UTC unless a test says otherwise).
private func cli(_ args: [String], home: TemporaryHome?, env: [String: String] = [:], answers: [String] = [],
                 presence: Presence = .headless) async -> (code: Int32, out: String, err: String) {
    let streams = CapturedStreams()
    var environment = ["HOME": home?.path ?? "/nonexistent", "INTENT_SYSTEM_ROOT": "/nonexistent-root"]
    if let home { environment["INTENT_HOME"] = home.path }
    environment.merge(env) { _, new in new }
    let services = AppServices.commandLine(environment: environment, terminal: ScriptedTerminal(answers: answers),
                                           ids: home?.ids ?? SequentialIDGenerator())
    let cliEnv = CLIEnvironment(services: services, streams: streams, registry: intentRegistry, presence: presence)
    let code = await IntentCommandLine.run(args, in: cliEnv)
    return (code, streams.stdout, streams.stderr)
}

private func json(_ text: String) -> JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

@Suite struct ShellConventionTests {
    @Test func unknownShortOptionsAreUsageErrorsNeverText() async throws {
        let home = TemporaryHome()
        let r = await cli(["run", "CaptureThought", "hello", "-t", "work"], home: home)
        #expect(r.code == 64)
        #expect(r.err.contains("unknown option '-t'"))
        #expect(r.err.contains("--tag"))
        #expect(try home.store().thoughtCount() == 0)
        let dashText = await cli(["run", "CaptureThought", "--", "-t is a flag name"], home: home)
        #expect(dashText.code == 0, "\(dashText.err)")
        let negative = await cli(["run", "ListEvents", "--limit", "-5"], home: home)
        #expect(negative.code == 65)
    }

    @Test func helpVersionAndBareIntent() async {
        let bare = await cli([], home: nil)
        #expect(bare.code == 64)
        #expect(bare.out.isEmpty)
        #expect(bare.err.contains("usage: intent"))
        #expect(await cli(["-V"], home: nil).out.hasPrefix("intent "))
        #expect(await cli(["-h"], home: nil).out.contains("GLOBAL OPTIONS"))
        let runHelp = await cli(["run", "CaptureThought", "-h"], home: nil)
        #expect(runHelp.code == 0)
        #expect(runHelp.out.contains("PARAMETERS:"))
        let calHelp = await cli(["calendars", "-h"], home: nil)
        #expect(calHelp.code == 0)
    }

    @Test func aValueFlagFollowedByAnOptionNeedsAValue() async {
        let home = TemporaryHome()
        let r = await cli(["run", "CreateReminder", "x", "--due", "--dry-run"], home: home)
        #expect(r.code == 64)
        #expect(r.err.contains("--due needs a value"))
    }

    @Test func globalOptionsBeforeOrAfterEveryCommand() async throws {
        let home = TemporaryHome()
        let other = TemporaryHome()
        #expect(await cli(["list", "--home", home.path, "--json"], home: nil).code == 0)
        _ = await cli(["run", "CaptureThought", "one", "--home", other.path, "--tz", "Asia/Kolkata",
                       "--now", "2026-12-01T09:00", "--policy", "local-only"], home: home)
        #expect(try other.store().thoughtCount() == 1)
        #expect(try home.store().thoughtCount() == 0)
        let after = await cli(["history", "--home", other.path, "--json"], home: nil)
        #expect(json(after.out)?["runs"]?.arrayValue?.first?["started_at"] == .string("2026-12-01T03:30:00.000Z"))
        let before = await cli(["--home", other.path, "--json", "thoughts", "list"], home: nil)
        #expect(json(before.out)?["thoughts"]?.arrayValue?.count == 1)
        let human = await cli(["thoughts", "list", "--tz", "America/New_York"], home: other)
        #expect(human.out.contains("30 Nov 22:30"))
    }

    @Test func anUnusableHomeIs78WithASentence() async throws {
        let home = TemporaryHome()
        let file = home.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let r = await cli(["history", "--home", file.path], home: nil)
        #expect(r.code == 78)
        #expect(r.err.contains("is not a directory"))
        let below = await cli(["run", "CaptureThought", "x", "--home", file.path + "/sub"], home: nil)
        #expect(below.code == 78)
        #expect(below.err.contains("plain-file is not a directory"))
        let streams = CapturedStreams()
        let noHome = CLIEnvironment(services: .commandLine(environment: [:], terminal: ScriptedTerminal()), streams: streams,
                                    registry: intentRegistry)
        #expect(await IntentCommandLine.run(["history"], in: noHome) == 78)
        #expect(streams.stderr.contains("HOME is not set"))
    }

    @Test func configTZOverridesTheSystemZoneAndTZOverridesConfig() async throws {
        let home = TemporaryHome()
        #expect(await cli(["config", "set", "tz", "Asia/Kolkata"], home: home).code == 0)
        #expect(await cli(["config", "set", "tz", "Mars/Base"], home: home).code == 65)
        let viaConfig = await cli(["run", "CreateReminder", "x", "--due", "2026-12-03T09:00", "--dry-run", "--json"], home: home)
        #expect(json(viaConfig.out)?["value"]?["due"] == .string("2026-12-03T09:00:00+05:30"))
        let viaTZ = await cli(["run", "CreateReminder", "x", "--due", "2026-12-03T09:00", "--dry-run", "--json"], home: home,
                              env: ["TZ": "US/Pacific"])
        #expect(json(viaTZ.out)?["value"]?["due"] == .string("2026-12-03T09:00:00-08:00"))
        let show = await cli(["config", "show", "--json"], home: home)
        #expect(json(show.out)?["tz_source"] == .string("config.json"))
    }

    @Test func thoughtsCanBeListedShownAndDeletedWithConfirmation() async throws {
        let home = TemporaryHome()
        _ = await cli(["run", "CaptureThought", "call the plumber #home"], home: home)
        _ = await cli(["run", "CaptureThought", "idea: weekly review"], home: home)
        let list = await cli(["thoughts", "list", "--json"], home: home)
        let items = try #require(json(list.out)?["thoughts"]?.arrayValue)
        #expect(items.count == 2)
        let handle = try #require(items.last?["handle"]?.stringValue)
        #expect(await cli(["thoughts", "show", handle], home: home).out.contains("call the plumber"))
        let headless = await cli(["thoughts", "delete", handle], home: home)
        #expect(headless.code == 77)
        #expect(try home.store().thoughtCount() == 2)
        let declined = await cli(["thoughts", "delete", handle], home: home, answers: ["n"], presence: .interactive)
        #expect(declined.code == 77)
        let dry = await cli(["thoughts", "delete", handle, "--dry-run"], home: home)
        #expect(dry.code == 0)
        #expect(try home.store().thoughtCount() == 2)
        let confirmed = await cli(["thoughts", "delete", handle], home: home, answers: ["y"], presence: .interactive)
        #expect(confirmed.code == 0)
        #expect(try home.store().thoughtCount() == 1)
        #expect(await cli(["thoughts", "show", handle], home: home).code == 65)
        let yes = await cli(["thoughts", "delete", try #require(items.first?["id"]?.stringValue), "--yes"], home: home)
        #expect(yes.code == 0)
        #expect(try home.store().thoughtCount() == 0)
    }

    @Test func aDueTimeInADSTGapIsRefusedWithTheTimeThatExists() async {
        let home = TemporaryHome()
        let r = await cli(["run", "CreateReminder", "x", "--due", "2026-03-29T02:30", "--tz", "Europe/Paris", "--yes",
                           "--now", "2026-03-01T00:00"], home: home)
        #expect(r.code == 65)
        #expect(r.err.contains("does not exist in Europe/Paris"))
        #expect(r.err.contains("use 03:30"))
        let overlap = await cli(["run", "CreateReminder", "x", "--due", "2026-10-25T02:30", "--tz", "Europe/Paris", "--dry-run",
                                 "--json", "--now", "2026-03-01T00:00"], home: home)
        #expect(json(overlap.out)?["value"]?["due"] == .string("2026-10-25T02:30:00+02:00"))
    }

    @Test func datesPeopleType() async throws {
        let home = TemporaryHome()
        func due(_ phrase: String, env: [String: String] = [:]) async -> JSONValue? {
            json(await cli(["run", "CreateReminder", "x", "--due", phrase, "--dry-run", "--json", "--now", "2026-12-01T08:00"],
                           home: home, env: env).out)?["value"]?["due"]
        }
        #expect(await due("tomorrow 9") == .string("2026-12-02T09:00:00+00:00"))
        #expect(await due("sunday 10") == .string("2026-12-06T10:00:00+00:00"))
        #expect(await due("3/4") == .string("2027-03-04"))
        #expect(await due("3/4", env: ["LANG": "en_GB.UTF-8"]) == .string("2027-04-03"))
        #expect(await due("3/4", env: ["LC_TIME": "de_DE.UTF-8", "LANG": "en_US.UTF-8"]) == .string("2027-04-03"))
        #expect(await due("3/4", env: ["LANG": "fr_FR.UTF-8"]) == .string("2027-04-03"))
        _ = await cli(["config", "set", "date_order", "month-first"], home: home)
        #expect(await due("3/4", env: ["LANG": "en_GB.UTF-8"]) == .string("2027-03-04"))
        let titled = json(await cli(["run", "CreateReminder", "--text", "pay rent on the 1st", "--dry-run", "--json",
                                     "--now", "2026-12-01T08:00"], home: home).out)
        #expect(titled?["value"]?["title"] == .string("Pay rent"))
        let impossible = await cli(["run", "CreateReminder", "--text", "pay rent on Feb 30", "--yes"], home: home)
        #expect(impossible.code == 65)
        #expect(impossible.err.contains("February has no day 30"))
        #expect(await cli(["run", "CaptureThought", "party on June 31st"], home: home).code == 65)
        #expect(try home.store().reminders().isEmpty)
    }
}

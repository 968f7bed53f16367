import DueDate
import Foundation
import IntentKit
import IntentTestSupport
@testable import Intents
import Store
import Testing

/// A home whose reminders live in a vdir with the lists `home` and `work`.
private final class VdirHome: @unchecked Sendable {
    let home = TemporaryHome()
    let root: String
    let log = RecordingLog()

    init(backend vdir: Bool = true) throws {
        root = home.path + "/vdir"
        for list in ["home", "work"] { try FileManager.default.createDirectory(atPath: root + "/" + list, withIntermediateDirectories: true) }
        _ = try home.store().database()
        if vdir { _ = try RemindersAdmin.use(root, paths: home.paths) }
    }

    func run<I: Intent>(_ type: I.Type, _ positional: [String] = [], _ flags: [String: [String]] = [:], yes: Bool = true,
                        tz: String = "Europe/Paris", now: Date = TestClock.reference) async -> RunEnvelope {
        var ctx = home.context(now: now, timeZone: TimeZone(identifier: tz)!, assumeYes: yes, log: log)
        ctx.dates = DueDateResolver()
        return await IntentRunner().run(type, request: ParameterRequest(positional: positional, flags: flags), context: ctx)
    }

    func files(_ list: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + list)) ?? []).filter { $0.hasSuffix(".ics") }.sorted()
    }

    func text(_ list: String, _ name: String) -> String {
        (try? String(contentsOfFile: root + "/" + list + "/" + name, encoding: .utf8)) ?? ""
    }

    func write(_ list: String, _ name: String, _ text: String) throws {
        try text.write(toFile: root + "/" + list + "/" + name, atomically: true, encoding: .utf8)
    }
}

private let foreign = """
BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\n\
BEGIN:VTODO\r\nUID:tb-1\r\nSUMMARY:Renew passport\r\nDUE;VALUE=DATE:20261202\r\nX-MOZ-GENERATION:3\r\n\
PERCENT-COMPLETE:40\r\nSTATUS:IN-PROCESS\r\nEND:VTODO\r\nEND:VCALENDAR\r\n
"""

@Suite struct VdirRemindersTests {
    @Test func createWritesOneFilePerReminderAndUnknownListsAreErrors() async throws {
        let h = try VdirHome()
        let env = await h.run(CreateReminder.self, ["pay rent"], ["due": ["2026-12-03"], "list": ["home"], "alert": ["1h"]])
        #expect(env.status == .completed)
        let files = h.files("home")
        #expect(files.count == 1)
        let text = h.text("home", files[0])
        #expect(text.contains("DUE;VALUE=DATE:20261203\r\n"))
        #expect(text.contains("TRIGGER;RELATED=END:-PT1H\r\n"))
        let bad = await h.run(CreateReminder.self, ["x"], ["list": ["Errands"]])
        #expect(bad.exitCode == .dataError)
        #expect(bad.error?.message.contains("home, work") == true)
        let made = await h.run(CreateReminder.self, ["x"], ["list": ["Errands"], "create_list": ["true"]])
        #expect(made.status == .completed, "\(made.error?.message ?? "")")
        #expect(h.files("Errands").count == 1)
        // Nothing went to the built-in store.
        #expect(try h.home.store().reminderCount() == 0)
    }

    @Test func readsForeignItemsCompletesThemInPlaceAndUndoReopens() async throws {
        let h = try VdirHome()
        try h.write("work", "tb-1.ics", foreign)
        let list = await h.run(ListReminders.self)
        #expect(list.value?["reminders"]?.arrayValue?[0]["title"] == .string("Renew passport"))
        let handle = try #require(list.value?["reminders"]?.arrayValue?[0]["handle"]?.stringValue)
        let done = await h.run(CompleteReminder.self, [handle])
        #expect(done.status == .completed, "\(done.error?.message ?? "")")
        let text = h.text("work", "tb-1.ics")
        #expect(text.contains("STATUS:COMPLETED\r\n"))
        #expect(text.contains("PERCENT-COMPLETE:100\r\n"))
        #expect(text.contains("X-MOZ-GENERATION:3\r\n"))
        #expect(text.contains("SEQUENCE:1\r\n"))
        #expect(h.files("work") == ["tb-1.ics"])
        let again = await h.run(CompleteReminder.self, ["Renew passport"])
        #expect(again.error?.message.contains("already completed") == true)
        let undo = await h.run(UndoWrite.self)
        #expect(undo.status == .completed, "\(undo.error?.message ?? "")")
        #expect(h.text("work", "tb-1.ics") == foreign)
        let twice = await h.run(UndoWrite.self, [done.value?["undo_id"]?.stringValue ?? ""])
        #expect(twice.exitCode == .dataError)
    }

    @Test func undoIsRefusedWhenTheFileChangedSince() async throws {
        let h = try VdirHome()
        let env = await h.run(CreateReminder.self, ["call Mira"], ["list": ["work"]])
        let name = try #require(h.files("work").first)
        try h.write("work", name, h.text("work", name).replacingOccurrences(of: "SUMMARY:call Mira", with: "SUMMARY:call Mira today"))
        let undo = await h.run(UndoWrite.self, [env.value?["undo_id"]?.stringValue ?? ""])
        #expect(undo.exitCode == .dataError)
        #expect(h.files("work").count == 1)
    }

    @Test func updateAndDeleteKeepTheFileNameAndUndoRestores() async throws {
        let h = try VdirHome()
        try h.write("work", "tb-1.ics", foreign)
        let up = await h.run(UpdateReminder.self, ["passport"], ["title": ["Renew passport now"], "due": ["2026-12-10 09:00"]])
        #expect(up.status == .completed, "\(up.error?.message ?? "")")
        let text = h.text("work", "tb-1.ics")
        #expect(text.contains("SUMMARY:Renew passport now\r\n"))
        #expect(text.contains("DUE:20261210T080000Z\r\n"))
        #expect(text.contains("X-MOZ-GENERATION:3\r\n"))
        let moved = await h.run(UpdateReminder.self, ["passport"], ["list": ["home"]])
        #expect(moved.status == .completed)
        #expect(h.files("home") == ["tb-1.ics"] && h.files("work").isEmpty)
        let del = await h.run(DeleteReminder.self, ["passport"])
        #expect(del.status == .completed)
        #expect(h.files("home").isEmpty)
        for _ in 0..<3 { _ = await h.run(UndoWrite.self) }
        #expect(h.text("work", "tb-1.ics") == foreign)
    }

    @Test func anEditOfAFileChangedSinceItWasShownIsRefused() async throws {
        let h = try VdirHome()
        try h.write("work", "tb-1.ics", foreign)
        var ctx = h.home.context(timeZone: TimeZone(identifier: "UTC")!, assumeYes: true)
        ctx.dates = DueDateResolver()
        let backend = try RemindersBackends.current(for: ctx)
        let shown = try #require(try backend.reminder(id: "tb-1"))
        try h.write("work", "tb-1.ics", foreign.replacingOccurrences(of: "Renew passport", with: "Renew passport (synced)"))
        #expect(throws: RemindersError.self) { try backend.complete(shown, now: TestClock.reference) }
        #expect(!h.text("work", "tb-1.ics").contains("COMPLETED"))
        // A change elsewhere in the file (not to what was shown) is fine: the edit is made on it.
        try h.write("work", "tb-1.ics", foreign.replacingOccurrences(of: "X-MOZ-GENERATION:3", with: "X-MOZ-GENERATION:4"))
        _ = try backend.complete(shown, now: TestClock.reference)
        #expect(h.text("work", "tb-1.ics").contains("X-MOZ-GENERATION:4\r\n"))
    }

    @Test func brokenFilesAreSkippedWithAWarningAndTheCacheFollowsChanges() async throws {
        let h = try VdirHome()
        try h.write("work", "tb-1.ics", foreign)
        try h.write("work", "broken.ics", "this is not a calendar\n")
        try h.write("home", ".hidden.ics.tmp", "partial")
        let first = await h.run(ListReminders.self)
        #expect(first.value?["reminders"]?.arrayValue?.count == 1)
        #expect(h.log.messages.contains { $0.contains("work/broken.ics") })
        // Changed on disk: the cache notices (size and mtime).
        try h.write("work", "tb-1.ics", foreign.replacingOccurrences(of: "Renew passport", with: "Renew the passport"))
        let second = await h.run(ListReminders.self)
        #expect(second.value?["reminders"]?.arrayValue?[0]["title"] == .string("Renew the passport"))
        try FileManager.default.removeItem(atPath: h.root + "/" + "work" + "/tb-1.ics")
        let third = await h.run(ListReminders.self)
        #expect(third.value?["reminders"]?.arrayValue?.isEmpty == true)
    }

    @Test func subtasksFollowTheirParentAndTheBriefReadsTheVdir() async throws {
        let h = try VdirHome()
        try h.write("work", "p.ics", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:p\r\nSUMMARY:Move house\r\nDUE;VALUE=DATE:20261130\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        try h.write("work", "c.ics", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:c\r\nSUMMARY:Book the van\r\nRELATED-TO:p\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        try h.write("work", "z.ics", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:z\r\nSUMMARY:Earlier thing\r\nDUE:20261129T080000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        let list = await h.run(ListReminders.self)
        let titles = list.value?["reminders"]?.arrayValue?.compactMap { $0["title"]?.stringValue }
        #expect(titles == ["Earlier thing", "Move house", "Book the van"])
        #expect(list.value?["reminders"]?.arrayValue?[2]["parent"] == .string("p"))
        let brief = await h.run(DailyBrief.self)
        let reminders = brief.value?["reminders"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        #expect(reminders.contains("Move house"))
        #expect(reminders.contains("Earlier thing"))
    }

    @Test func handlesResolveAndAmbiguityListsCandidates() async throws {
        let h = try VdirHome(backend: false)
        for t in ["buy milk", "buy milk and eggs", "call Mira"] { _ = await h.run(CreateReminder.self, [t]) }
        let exact = await h.run(CompleteReminder.self, ["buy milk"], yes: false)
        // An exact title beats the longer one that contains it (needs confirmation, so it resolved).
        #expect(exact.status == .needsConfirmation)
        let ambiguous = await h.run(CompleteReminder.self, ["buy"])
        #expect(ambiguous.exitCode == .dataError)
        #expect(ambiguous.error?.message.contains("2 reminders match") == true)
        let list = await h.run(ListReminders.self)
        let items = list.value?["reminders"]?.arrayValue ?? []
        let handles = items.compactMap { $0["handle"]?.stringValue }
        #expect(Set(handles).count == 3 && handles.allSatisfy { $0.count >= 4 })
        #expect(ambiguous.error?.message.contains(handles[0]) == true || ambiguous.error?.message.contains(handles[1]) == true)
        let byHandle = await h.run(CompleteReminder.self, [handles[2]])
        #expect(byHandle.status == .completed)
        let undo = await h.run(UndoWrite.self)
        #expect(undo.status == .completed)
        #expect(try h.home.store().reminders().count == 3)
    }

    @Test func exportAndImportKeepAlarmsAndAreIdempotentByUID() async throws {
        let store = try VdirHome(backend: false)
        _ = await store.run(CreateReminder.self, ["pay rent"], ["due": ["2026-12-03"], "alert": ["15m"]])
        _ = await store.run(CreateReminder.self, ["old one"])
        _ = await store.run(CompleteReminder.self, ["old one"])
        let ctx = store.home.context()
        let (data, count) = try RemindersAdmin.export(store: store.home.store(), timeZone: ctx.timeZone, now: ctx.now,
                                                      includeCompleted: true, log: store.log)
        #expect(count == 2)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("TRIGGER;RELATED=END:-PT15M\r\n"))
        #expect(text.contains("STATUS:COMPLETED\r\n"))
        let file = store.home.path + "/export.ics"
        try data.write(to: URL(fileURLWithPath: file))
        let vdir = try VdirHome()
        let first = try RemindersAdmin.importFiles(file, list: "home", store: vdir.home.store(), timeZone: ctx.timeZone, now: ctx.now, log: vdir.log)
        #expect(first.added == 2 && first.skipped == 0)
        let again = try RemindersAdmin.importFiles(file, list: "home", store: vdir.home.store(), timeZone: ctx.timeZone, now: ctx.now, log: vdir.log)
        #expect(again.added == 0 && again.skipped == 2)
        #expect(vdir.files("home").count == 2)
        // And back into a store: the alert survives.
        let back = try VdirHome(backend: false)
        _ = try RemindersAdmin.importFiles(vdir.root, list: nil, store: back.home.store(), timeZone: ctx.timeZone, now: ctx.now, log: back.log)
        let rent = try back.home.store().reminders(includeCompleted: true).first { $0.title == "pay rent" }
        #expect(rent?.alertMinutes == 15)
        #expect(rent?.due == "2026-12-03")
    }
}

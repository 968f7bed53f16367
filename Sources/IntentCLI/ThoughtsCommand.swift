import Foundation
import IntentKit
import Store

/// `intent thoughts list|show|delete`: what CaptureThought saved, readable and removable.
struct ThoughtsCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "thoughts", summary: "List, show or delete captured thoughts",
        usage: "intent thoughts list [--limit N] [--tag T] | show ID | delete ID [--yes] [--dry-run]  [--json]")

    enum Action: String, CommandAction { case list, show, delete }

    @Argument("ACTION", help: Action.choices) var action: Action
    @Argument("ID", help: "show, delete: an id or the handle 'intent thoughts list' shows") var targets: [String]
    @Option("limit", valueName: "N", help: "list: how many (default 20, newest first)") var limit = 20
    @Option("tag", valueName: "T", help: "list: only thoughts with this tag") var tag: String?
    @Flag("yes", help: "delete: without asking") var yes: Bool
    @Flag("dry-run", help: "delete: show what would be deleted") var dryRun: Bool

    mutating func validate() throws {
        guard limit > 0 else { throw ValidationError(parameter: "--limit", "must be a positive whole number") }
    }

    func run(_ context: CommandContext) async throws -> Int32 {
        let zone = try context.zone()
        let store = context.env.home(context.paths()).store
        switch action {
        case .list: try await list(store, zone: zone, context)
        case .show:
            let t = try await Self.one(targets, store: store, verb: "show")
            if context.json { try context.printJSON(ThoughtsDocument.Item(t)); return 0 }
            context.out("""
                \(t.text)
                  id:       \(t.id) (handle \(Self.handle(t.id)))
                  captured: \(HumanTime.stored(t.createdAt, in: zone))
                  tags:     \(t.tags.isEmpty ? "—" : t.tags.map { "#\($0)" }.joined(separator: " "))
                  due:      \(t.due.map { HumanTime.due($0, in: zone) } ?? "—")

                """)
        case .delete: try await delete(store, context)
        }
        return 0
    }

    private func list(_ store: IntentStore, zone: TimeZone, _ context: CommandContext) async throws {
        guard targets.isEmpty else { throw IntentError.usage("intent thoughts list takes no argument (use show ID)") }
        try await store.ensureConfigured()
        var list = try store.thoughts(limit: 100_000)
        if let tag { list = list.filter { $0.tags.contains(tag.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "#"))) } }
        let shown = Array(list.prefix(limit))
        if context.json { try context.printJSON(ThoughtsDocument(thoughts: shown.map(ThoughtsDocument.Item.init), total: list.count)); return }
        if shown.isEmpty { context.out("No thoughts yet (intent run CaptureThought \"…\").\n"); return }
        for t in shown { context.out(Self.line(t, zone: zone)) }
        if list.count > shown.count { context.out("(\(list.count - shown.count) older; --limit N shows more)\n") }
    }

    private func delete(_ store: IntentStore, _ context: CommandContext) async throws {
        let t = try await Self.one(targets, store: store, verb: "delete")
        let preview = "Delete thought \(Self.handle(t.id)): \(Self.snippet(t.text))"
        if dryRun {
            context.out("\(preview)\n(dry run: nothing deleted)\n")
            return
        }
        if !yes {
            guard context.env.detectPresence(noInput: context.globals.noInput) == .interactive else {
                throw IntentError.notPermitted("deleting a thought needs confirmation; run again with --yes (nobody is at the terminal to ask)")
            }
            guard context.env.terminal.confirm(preview + "?") else {
                throw IntentError.notPermitted("not deleted (declined)")
            }
        }
        guard try store.deleteThought(id: t.id) else { throw IntentError.invalidInput("thought \(t.id) is already gone") }
        if context.json { try context.printJSON(["deleted": t.id]) } else { context.out("Deleted thought \(Self.handle(t.id)).\n") }
    }

    /// The one thought an id or handle names; ambiguity lists the candidates.
    static func one(_ targets: [String], store: IntentStore, verb: String) async throws -> ThoughtRecord {
        guard targets.count == 1, let key = targets.first else {
            throw IntentError.usage("intent thoughts \(verb) ID (an id or the handle 'intent thoughts list' shows)")
        }
        try await store.ensureConfigured()
        let found = try store.thoughts(idOrHandle: key)
        guard let first = found.first else { throw IntentError.invalidInput("no thought with id or handle '\(key)' (see intent thoughts list)") }
        guard found.count == 1 else {
            let names = found.prefix(5).map { "\(handle($0.id)) \(snippet($0.text))" }.joined(separator: "; ")
            throw IntentError.invalidInput("'\(key)' matches \(found.count) thoughts: \(names); use the full id")
        }
        return first
    }

    /// The short handle shown in lists: the id's last 6 characters (its random part).
    static func handle(_ id: String) -> String { String(id.suffix(6)) }

    static func snippet(_ text: String) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return flat.count > 60 ? String(flat.prefix(59)) + "…" : flat
    }

    static func line(_ t: ThoughtRecord, zone: TimeZone) -> String {
        let tags = t.tags.isEmpty ? "" : "  " + t.tags.map { "#\($0)" }.joined(separator: " ")
        let due = t.due.map { "  (due \(HumanTime.due($0, in: zone)))" } ?? ""
        return "\(handle(t.id))  \(HumanTime.format(StoreTime.date(t.createdAt) ?? Date(), in: zone, pattern: "d MMM HH:mm"))  \(snippet(t.text))\(due)\(tags)\n"
    }
}

/// `intent thoughts list --json`.
struct ThoughtsDocument: Encodable {
    var schema = "intent.thoughts/1"
    var thoughts: [Item]
    var total: Int

    struct Item: Encodable {
        var id: String
        var handle: String
        var text: String
        var tags: [String]
        var due: String?
        var createdAt: String

        enum CodingKeys: String, CodingKey { case id, handle, text, tags, due, createdAt = "created_at" }

        init(_ t: ThoughtRecord) {
            id = t.id; handle = ThoughtsCommand.handle(t.id); text = t.text; tags = t.tags; due = t.due; createdAt = t.createdAt
        }
    }
}

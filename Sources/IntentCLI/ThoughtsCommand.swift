import Foundation
import IntentKit
import Store

/// `intent thoughts list|show|delete`: what CaptureThought saved, readable and removable.
enum ThoughtsCommand {
    static let specs = [
        FlagSpec(name: "limit", takesValue: true, help: "list: how many (default 20, newest first)"),
        FlagSpec(name: "tag", takesValue: true, help: "list: only thoughts with this tag"),
        FlagSpec(name: "yes", takesValue: false, help: "delete: without asking"),
        FlagSpec(name: "dry-run", takesValue: false, help: "delete: show what would be deleted"),
        FlagSpec(name: "json", takesValue: false, help: "print JSON"),
        CatalogCommands.helpFlag,
    ]

    static let command: Command = Command(
        name: "thoughts", summary: "List, show or delete captured thoughts",
        usage: "intent thoughts list [--limit N] [--tag T] | show ID | delete ID [--yes] [--dry-run]  [--json]",
        run: { args, globals, env in try await run(args, globals, env) })

    static func run(_ args: [String], _ globals: GlobalOptions, _ env: CLIEnvironment) async throws -> Int32 {
        let (parsed, action) = try ArgumentParser.parseAction(args, specs: specs, command: command)
        let json = globals.json || parsed.has("json")
        let zone = try ClockOptions.zone(globals, env)
        let store = env.home(env.paths(globals)).store
        let targets = Array(parsed.positional.dropFirst())
        switch action {
        case "list":
            guard targets.isEmpty else { throw IntentError.usage("intent thoughts list takes no argument (use show ID)") }
            let limitText = parsed.value("limit") ?? "20"
            guard let limit = Int(limitText), limit > 0 else { throw IntentError.usage("--limit must be a positive whole number") }
            try await store.ensureConfigured()
            var list = try store.thoughts(limit: 100_000)
            if let tag = parsed.value("tag") { list = list.filter { $0.tags.contains(tag.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "#"))) } }
            let shown = Array(list.prefix(limit))
            if json { try env.printJSON(ThoughtsDocument(thoughts: shown.map(ThoughtsDocument.Item.init), total: list.count)); return 0 }
            if shown.isEmpty { env.streams.out("No thoughts yet (intent run CaptureThought \"…\").\n"); return 0 }
            for t in shown { env.streams.out(line(t, zone: zone)) }
            if list.count > shown.count { env.streams.out("(\(list.count - shown.count) older; --limit N shows more)\n") }
        case "show":
            let t = try await one(targets, store: store, verb: "show")
            if json { try env.printJSON(ThoughtsDocument.Item(t)); return 0 }
            env.streams.out("""
                \(t.text)
                  id:       \(t.id) (handle \(handle(t.id)))
                  captured: \(HumanTime.stored(t.createdAt, in: zone))
                  tags:     \(t.tags.isEmpty ? "—" : t.tags.map { "#\($0)" }.joined(separator: " "))
                  due:      \(t.due.map { HumanTime.due($0, in: zone) } ?? "—")

                """)
        case "delete":
            let t = try await one(targets, store: store, verb: "delete")
            let preview = "Delete thought \(handle(t.id)): \(snippet(t.text))"
            if parsed.has("dry-run") {
                env.streams.out("\(preview)\n(dry run: nothing deleted)\n")
                return 0
            }
            if !parsed.has("yes") {
                guard env.detectPresence(noInput: globals.noInput) == .interactive else {
                    throw IntentError.notPermitted("deleting a thought needs confirmation; run again with --yes (nobody is at the terminal to ask)")
                }
                guard env.terminal.confirm(preview + "?") else {
                    throw IntentError.notPermitted("not deleted (declined)")
                }
            }
            guard try store.deleteThought(id: t.id) else { throw IntentError.invalidInput("thought \(t.id) is already gone") }
            if json { try env.printJSON(["deleted": t.id]) } else { env.streams.out("Deleted thought \(handle(t.id)).\n") }
        default:
            throw IntentError.usage("unknown action '\(action)' for intent thoughts (list, show, delete)")
        }
        return 0
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

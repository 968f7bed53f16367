@preconcurrency import Glibc
import Foundation
import IntentKit
import Routing
import Secrets
import Store

/// `intent keys set|delete|list`: API keys in the 0600 secrets file (DESIGN §11). Values are
/// never printed, logged or written anywhere else.
struct KeysCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "keys", summary: "Store, delete and list API keys (values are never shown)",
        usage: "intent keys set NAME (reads the terminal without echo, or stdin when piped) | delete NAME | list [--json]")

    enum Action: String, CommandAction { case set, delete, list }

    @Argument("ACTION", help: Action.choices) var action: Action
    @Argument("NAME", help: "the key's name (cloud, local)") var name: String?
    @Argument("VALUE", help: "refused: a key is read from stdin or a hidden prompt, never an argument") var extra: [String]

    func run(_ context: CommandContext) async throws -> Int32 {
        let paths = context.paths()
        let keys = RoutingCLI.keys(paths, context.env)
        do {
            switch action {
            case .set: try set(keys, paths: paths, context)
            case .delete:
                guard let name else { throw IntentError.usage("intent keys delete NAME") }
                let removed = try keys.delete(name: name)
                try Self.forgetQuota(name, store: context.env.home(paths).store)
                context.out(removed ? "Deleted key '\(name)'.\n" : "No key named '\(name)' is stored.\n")
            case .list:
                let entries = try keys.list().map { KeyEntry(name: $0, source: (try? keys.source(name: $0))?.rawValue ?? "file") }
                if context.json {
                    try context.printJSON(KeysDocument(keys: entries))
                } else if entries.isEmpty {
                    context.out("No keys stored (intent keys set cloud).\n")
                } else {
                    context.out(entries.map { "\($0.name)\t\($0.source)\n" }.joined())
                }
            }
        } catch let error as SecretsError {
            throw IntentError.configuration(error.description)
        }
        return 0
    }

    private func set(_ keys: any KeyStore, paths: AppPaths, _ context: CommandContext) throws {
        guard let name else { throw IntentError.usage("intent keys set NAME (e.g. cloud)") }
        guard extra.isEmpty else {
            // Never echo it: the value is the secret.
            throw IntentError.usage("intent keys set takes the key on stdin or at a hidden prompt, never as an argument: "
                + "an argument is already visible to other users in `ps` and is kept in your shell history. Nothing was stored; "
                + "remove it from your history, then: printf %s \"$KEY\" | intent keys set \(name)")
        }
        try KeyName.validate(name)
        guard KeyName.used.contains(name) else {
            throw IntentError.usage("no model uses a key named '\(name)'; the names in use are: \(KeyName.used.joined(separator: ", "))")
        }
        let value = try Self.readKey(name, globals: context.globals, env: context.env)
        try keys.set(name: name, value: value)
        try Self.forgetQuota(name, store: context.env.home(paths).store)
        context.out("Stored key '\(name)' in \(paths.secretsFileURL.path) (mode 0600).\n")
        if let variable = KeyName.environmentVariable(for: name), context.env.environment[variable] != nil {
            context.err("intent: warning: \(variable) is set and overrides the stored key\n")
        }
        if name == KeyName.cloud {
            context.out("Verify it with: intent models check cloud\n")
        }
    }

    /// The key from stdin when it is piped, else from the terminal without echo.
    static func readKey(_ name: String, globals: GlobalOptions, env: CLIEnvironment) throws -> String {
        if isatty(STDIN_FILENO) == 0 {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            guard data.count <= 16_384 else { throw IntentError.invalidInput("the key on stdin is larger than 16 KiB") }
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { throw IntentError.invalidInput("no key on stdin; nothing was stored") }
            return text
        }
        guard env.detectPresence(noInput: globals.noInput) == .interactive else {
            throw IntentError.usage("no terminal to read the key from; pipe it: printf %s \"$KEY\" | intent keys set \(name)")
        }
        guard let answer = env.terminal.askSecret("Key for '\(name)' (input hidden): "),
              !answer.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw IntentError.invalidInput("no key entered; nothing was stored")
        }
        return answer
    }

    /// A new key clears a remembered `credentials_rejected` (DESIGN §7): the state is unknown again.
    static func forgetQuota(_ name: String, store: IntentStore) throws {
        let target: EndpointPolicy.Target? = name == KeyName.cloud ? .cloud : name == KeyName.local ? .local : nil
        guard let target else { return }
        try QuotaMemory(store: store).forget(target)
    }
}

struct KeyEntry: Encodable {
    var name: String
    var source: String
}

/// `intent keys list --json`: names and where they come from, never values.
struct KeysDocument: Encodable {
    var schema = "intent.keys/1"
    var keys: [KeyEntry]
}

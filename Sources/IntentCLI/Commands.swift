import Foundation
import IntentKit
import Secrets

/// One `intent` subcommand.
struct Command: Sendable {
    var name: String
    var summary: String
    var usage: String
    var run: @Sendable ([String], GlobalOptions, CLIEnvironment) async throws -> Int32
}

enum Commands {
    static let all: [Command] = [
        RunCommand.command,
        MCPCommand.command,
        CatalogCommands.list,
        CatalogCommands.describe,
        HistoryCommand.command,
        LibraryCommand.command,
        AgendaCommands.calendars,
        RemindersCommand.command,
        UndoCommand.command,
        ThoughtsCommand.command,
        ConfigCommand.command,
        EvalCommand.command,
        EmbedCommand.command,
        BenchCommand.command,
        ModelCommand.command,
        ModelsCommand.command,
        KeysCommand.command,
        ConsentCommand.command,
        ReceiptsCommand.command,
        DoctorCommand.command,
        CompletionsCommand.command,
        CatalogCommands.help,
        CatalogCommands.version,
    ]

    /// Commands that never read or write a home (no home check before them).
    static let homeless: Set<String> = ["list", "describe", "help", "version", "completions", "eval", "bench", "embed", "model"]

    static func named(_ name: String) -> Command? {
        all.first { $0.name == name }
    }
}

/// Strips credentials from anything printed as a diagnostic.
enum Redaction {
    static func clean(_ text: String) -> String { Redactor().redact(text) }
}

extension CLIEnvironment {
    /// Paths for this invocation: `--home`, else `INTENT_HOME`, else XDG.
    func paths(_ globals: GlobalOptions, home: String? = nil) -> AppPaths {
        let paths = services.paths(home: home ?? globals.home)
        // The home's stored keys join the redactor before anything of this command is printed.
        secrets.register(contentsOf: services.keys(paths))
        return paths
    }

    /// Prints a value as one line of JSON.
    func printJSON<T: Encodable>(_ value: T) throws {
        streams.out(try JSONCoding.line(value) + "\n")
    }
}

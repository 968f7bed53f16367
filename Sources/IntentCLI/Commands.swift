import Foundation
import IntentKit
import Secrets

/// Every `intent` subcommand, in the order `intent --help` lists them.
enum Commands {
    static let all: [any Subcommand.Type] = [
        RunCommand.self,
        MCPCommand.self,
        ListCommand.self,
        DescribeCommand.self,
        HistoryCommand.self,
        LibraryCommand.self,
        CalendarsCommand.self,
        RemindersCommand.self,
        UndoCommand.self,
        ThoughtsCommand.self,
        ConfigCommand.self,
        EvalCommand.self,
        EmbedCommand.self,
        BenchCommand.self,
        ModelCommand.self,
        ModelsCommand.self,
        KeysCommand.self,
        ConsentCommand.self,
        ReceiptsCommand.self,
        DoctorCommand.self,
        CompletionsCommand.self,
        HelpCommand.self,
        VersionCommand.self,
    ]

    static var names: [String] { all.map { $0.configuration.name } }

    static func named(_ name: String) -> (any Subcommand.Type)? {
        all.first { $0.configuration.name == name }
    }
}

/// Strips credentials from anything printed as a diagnostic.
enum Redaction {
    static func clean(_ text: String) -> String { Redactor().redact(text) }
}

extension CLIEnvironment {
    /// Paths for this invocation: `--home`, else `INTENT_HOME`, else XDG.
    func paths(_ globals: GlobalOptions) -> AppPaths {
        let paths = services.paths(home: globals.home)
        // The home's stored keys join the redactor before anything of this command is printed.
        secrets.register(contentsOf: services.keys(paths))
        return paths
    }

    /// Prints a value as one line of JSON.
    func printJSON<T: Encodable>(_ value: T) throws {
        streams.out(try JSONCoding.line(value) + "\n")
    }
}

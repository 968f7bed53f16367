import Foundation

/// `intent undo [UNDO_ID|RUN_ID] [--yes] [--dry-run] [--json]`: runs the UndoWrite intent, so it
/// is confirmed like any write (headless needs --yes).
struct UndoCommand: Subcommand {
    static let configuration = CommandConfiguration(
        name: "undo", summary: "Undo a reminder write made by intent (the latest, or the one named)",
        usage: "intent undo [UNDO_ID|RUN_ID] [--yes] [--dry-run] [--json]",
        needsHome: false)  // `intent run UndoWrite` checks it after its arguments

    @Passthrough("[UNDO_ID|RUN_ID] [--yes] [--dry-run]", help: "UndoWrite's parameters (see 'intent run UndoWrite --help')") var arguments: [String]

    func run(_ context: CommandContext) async throws -> Int32 {
        try await RunCommand.perform(["UndoWrite"] + arguments, context)
    }
}

import Foundation

/// `intent undo [UNDO_ID|RUN_ID] [--yes] [--dry-run] [--json]`: runs the UndoWrite intent, so it
/// is confirmed like any write (headless needs --yes).
enum UndoCommand {
    static let command: Command = Command(
        name: "undo", summary: "Undo a reminder write made by intent (the latest, or the one named)",
        usage: "intent undo [UNDO_ID|RUN_ID] [--yes] [--dry-run] [--json]",
        run: { args, globals, env in try await RunCommand.execute(["UndoWrite"] + args, globals, env) })
}

import Foundation
import IntentKit
import Primitives
import Store

/// The undo log of reminder writes: each write records what undoing it restores.
enum ReminderUndo {
    /// Records a write; returns the undo id (`undo_…`) the dialog and value mention.
    @discardableResult
    static func record(_ s: UndoSnapshot, action: String, intent: String, backend: any RemindersBackend,
                       in context: RunContext) throws -> String {
        let id = context.ids.make("undo")
        try context.store.recordUndo(UndoEntry(
            id: id, runID: context.runID, intent: intent, action: action, backend: backend.kind, itemID: s.itemID,
            beforePath: s.beforePath, afterPath: s.afterPath, before: s.before, afterHash: s.after.map(SHA256.hex),
            createdAt: StoreTime.string(context.now)))
        return id
    }

    /// What undoing `e` does, in words.
    static func describe(_ e: UndoEntry) -> String {
        switch e.action {
        case "create": return "delete the reminder it created"
        case "complete": return "reopen the reminder it completed"
        case "update": return "put back the reminder's previous values"
        case "delete": return "restore the reminder it deleted"
        default: return "revert its \(e.action)"
        }
    }
}

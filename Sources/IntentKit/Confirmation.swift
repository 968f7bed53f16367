/// What a write intent is about to do, shown before it happens (DESIGN §6).
public struct WritePreview: Sendable {
    /// One line per field, e.g. `Title: call Mira`, `Due: Fri 4 Dec 2026 17:00 (+01:00)`.
    public var lines: [String]
    /// The value the run would produce; `--dry-run` and refusals return it.
    public var value: JSONValue
    /// How the value was produced, when a model rung was involved (e.g. free-text routing).
    public var route: RouteSummary?
    public var receiptID: String?

    public init(lines: [String], value: JSONValue, route: RouteSummary? = nil, receiptID: String? = nil) {
        self.lines = lines
        self.value = value
        self.route = route
        self.receiptID = receiptID
    }
}

/// Thrown by `RunContext.confirmWrite` when the run must stop before writing; the runner turns it
/// into the envelope (status `dry_run` exit 0, `needs_confirmation` 77, `denied` 77).
public struct WriteStopped: Error, Sendable {
    public enum Reason: Sendable { case dryRun, confirmationRequired, declined }
    public var reason: Reason
    public var preview: WritePreview
}

extension RunContext {
    /// Gate every write on this. Returns when the write may proceed; throws `WriteStopped` otherwise.
    ///
    /// `--dry-run` always stops (and wins over `--yes`); `--yes` proceeds; an interactive run shows
    /// the preview and asks `[y/N]` on the terminal; a headless run without `--yes` never prompts.
    /// With `requireConfirmation: false` (the user's own capture) only `--dry-run` stops the write.
    public func confirmWrite(_ preview: WritePreview, question: String = "Save this?",
                             requireConfirmation: Bool = true) throws {
        if dryRun { throw WriteStopped(reason: .dryRun, preview: preview) }
        if assumeYes || !requireConfirmation { return }
        guard presence == .interactive else {
            throw WriteStopped(reason: .confirmationRequired, preview: preview)
        }
        terminal.show(preview.lines.map { "  \($0)" }.joined(separator: "\n") + "\n")
        guard terminal.confirm(question) else { throw WriteStopped(reason: .declined, preview: preview) }
    }
}

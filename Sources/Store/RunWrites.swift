import IntentKit
import Synchronization

/// The store writes of one run, held back so the runner commits them together with the run's
/// history row in one `BEGIN IMMEDIATE` transaction (`IntentStore.recordRun(_:with:)`): a capture
/// is one transaction (thought, receipt, run row), and either all of it is there or none.
///
/// Only inserts nothing in the same run reads back are deferred (the thought, the receipt). A run
/// that is never recorded (a dry-run preview) writes nothing. One per run, so concurrent runs of a
/// long-lived server never mix their writes.
public final class RunWrites: Sendable {
    public typealias Write = @Sendable (Connection) throws -> Void
    private let pending = Mutex<[Write]>([])

    public init() {}

    /// Number of writes waiting.
    public var count: Int { pending.withLock { $0.count } }

    func append(_ write: @escaping Write) {
        pending.withLock { $0.append(write) }
    }

    /// Hands the waiting writes over, leaving none.
    func take() -> [Write] {
        pending.withLock { list in
            defer { list = [] }
            return list
        }
    }
}

/// A run's deferred writes: `context.runWrites` (nil: every write commits at once).
public enum RunWritesKey: ServiceKey {
    public static var defaultValue: RunWrites? { nil }
}

extension RunContext {
    public var runWrites: RunWrites? {
        get { services[RunWritesKey.self] }
        set { services[RunWritesKey.self] = newValue }
    }
}

extension IntentStore {
    /// Runs `write` now in its own transaction, or queues it on `writes` when there are some.
    func write(_ write: @escaping RunWrites.Write, deferredTo writes: RunWrites?) throws {
        if let writes {
            writes.append(write)
        } else {
            try database().write { try write($0) }
        }
    }

    /// Inserts one row (`columns` and their `values`, in order) into `table`, now or with the
    /// run's writes.
    func insert(into table: String, _ columns: [String], _ values: [any SQLBindable],
                deferredTo writes: RunWrites?) throws {
        let sql = "INSERT INTO \(table)(\(columns.joined(separator: ", "))) VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        try write({ try $0.run(sql, values) }, deferredTo: writes)
    }
}

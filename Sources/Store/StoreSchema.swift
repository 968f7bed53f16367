/// The store's own tables (thoughts, reminders, runs, the vdir cache and the undo log), in order.
/// Append only: never edit or reorder a released entry. Routing and Retrieval register theirs
/// (`RoutingSchema`, `LibrarySchema`); the composition root passes every set to `IntentStore`.
public enum StoreSchema {
    public static var migrations: MigrationSet { MigrationSet(owner: "store", core + reminders) }

    static let core: [Migration] = [
        Migration("001_thoughts", """
            CREATE TABLE thoughts(
              id TEXT PRIMARY KEY NOT NULL,
              text TEXT NOT NULL,
              tags TEXT NOT NULL DEFAULT '[]',
              due TEXT,
              created_at TEXT NOT NULL,
              run_id TEXT
            );
            CREATE INDEX thoughts_created ON thoughts(created_at);
            """),
        Migration("002_reminders", """
            CREATE TABLE reminders(
              id TEXT PRIMARY KEY NOT NULL,
              title TEXT NOT NULL,
              notes TEXT,
              list TEXT NOT NULL DEFAULT 'Reminders',
              due TEXT,
              due_at REAL,
              created_at TEXT NOT NULL,
              completed_at TEXT,
              run_id TEXT
            );
            CREATE INDEX reminders_open_due ON reminders(completed_at, due_at);
            """),
        Migration("003_runs", """
            CREATE TABLE runs(
              id TEXT PRIMARY KEY NOT NULL,
              intent TEXT NOT NULL,
              status TEXT NOT NULL,
              exit_code INTEGER NOT NULL,
              error_code TEXT,
              presence TEXT NOT NULL,
              policy TEXT NOT NULL,
              started_at TEXT NOT NULL,
              duration_ms REAL NOT NULL,
              route_intended TEXT,
              route_completed TEXT,
              fallback_reason TEXT,
              receipt_id TEXT
            );
            CREATE INDEX runs_started ON runs(started_at);
            """),
    ]
}

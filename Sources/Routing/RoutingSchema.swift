import Store

/// Tables of the model ladder (DESIGN §7): execution receipts, the one canonical consent row and
/// the remembered quota state of each model target. None of them holds content or credentials.
public enum RoutingSchema {
    /// Registered with the store by the composition root (`HomeSchema`).
    public static var migrations: MigrationSet { MigrationSet(owner: "routing", list) }

    static let list: [Migration] = [
        Migration("004_receipts", """
            CREATE TABLE receipts(
              id TEXT PRIMARY KEY NOT NULL,
              run_id TEXT,
              plan_id TEXT NOT NULL,
              created_at TEXT NOT NULL,
              policy TEXT NOT NULL,
              intended TEXT NOT NULL,
              completed TEXT NOT NULL,
              fallback_reason TEXT,
              body TEXT NOT NULL
            );
            CREATE INDEX receipts_created ON receipts(created_at);
            """),
        Migration("005_consent", """
            CREATE TABLE consent(
              id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
              decision TEXT NOT NULL CHECK (decision IN ('allow', 'deny', 'ask')),
              provider TEXT,
              host TEXT,
              model TEXT,
              updated_at TEXT NOT NULL
            );
            """),
        Migration("006_model_state", """
            CREATE TABLE model_state(
              target TEXT PRIMARY KEY NOT NULL,
              quota TEXT NOT NULL,
              until REAL,
              provider TEXT NOT NULL,
              host TEXT NOT NULL,
              model TEXT NOT NULL,
              updated_at TEXT NOT NULL
            );
            """),
    ]
}

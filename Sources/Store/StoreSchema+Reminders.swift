/// Tables of the reminders backends: the parse cache of vdir items (keyed by path, size and
/// mtime, as todoman keeps one) and the undo log of the product's own reminder writes.
extension StoreSchema {
    public static let reminders: [Migration] = [
        Migration("030_vdir_items", """
            CREATE TABLE vdir_items(
              path TEXT PRIMARY KEY NOT NULL,
              size INTEGER NOT NULL,
              mtime_ns INTEGER NOT NULL,
              zone TEXT NOT NULL,
              uid TEXT NOT NULL,
              summary TEXT NOT NULL,
              notes TEXT,
              status TEXT,
              completed_at REAL,
              percent INTEGER,
              priority INTEGER,
              due TEXT,
              due_at REAL,
              due_is_date INTEGER NOT NULL DEFAULT 0,
              start TEXT,
              start_at REAL,
              parent TEXT,
              categories TEXT,
              created_at REAL,
              has_alarm INTEGER NOT NULL DEFAULT 0
            );
            """),
        Migration("031_undo_log", """
            CREATE TABLE undo_log(
              id TEXT PRIMARY KEY NOT NULL,
              run_id TEXT,
              intent TEXT NOT NULL,
              action TEXT NOT NULL,
              backend TEXT NOT NULL,
              item_id TEXT NOT NULL,
              before_path TEXT,
              after_path TEXT,
              before BLOB,
              after_hash TEXT,
              created_at TEXT NOT NULL,
              undone_at TEXT
            );
            CREATE INDEX undo_log_created ON undo_log(created_at);
            """),
        Migration("032_reminder_alerts", "ALTER TABLE reminders ADD COLUMN alert_minutes INTEGER;"),
    ]
}

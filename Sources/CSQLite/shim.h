#include <sqlite3.h>

/// `sqlite3_db_config` is variadic, which Swift cannot call: one wrapper per option used.
/// Keeps the WAL when the last connection closes instead of checkpointing it (Docs/STORE.md).
static inline int intent_sqlite3_no_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}

static int intent_sqlite3_wal_frames_hook(void *frames, sqlite3 *db, const char *name, int count) {
    (void)db;
    (void)name;
    *(int *)frames = count;
    return SQLITE_OK;
}

/// After each commit, stores the number of frames in the WAL at `frames` (it replaces SQLite's
/// own automatic checkpoint, which the caller does itself).
static inline void intent_sqlite3_count_wal_frames(sqlite3 *db, int *frames) {
    sqlite3_wal_hook(db, intent_sqlite3_wal_frames_hook, frames);
}

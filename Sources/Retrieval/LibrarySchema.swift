import Store

/// Tables of the document library (DESIGN §9): the ingestion queue, documents, chunks with their
/// vectors, the FTS5 index over chunk text, and index metadata (which embedder built it).
public enum LibrarySchema {
    /// Registered with the store by the composition root (`HomeSchema`).
    public static var migrations: MigrationSet { MigrationSet(owner: "library", list) }

    static let list: [Migration] = [
        Migration("010_library", """
            CREATE TABLE library_documents(
              id INTEGER PRIMARY KEY,
              path TEXT NOT NULL UNIQUE,
              kind TEXT NOT NULL,
              content_hash TEXT NOT NULL,
              size INTEGER NOT NULL,
              chunk_count INTEGER NOT NULL,
              embedder TEXT NOT NULL,
              indexed_at TEXT NOT NULL
            );
            CREATE TABLE library_chunks(
              id INTEGER PRIMARY KEY,
              doc_id INTEGER NOT NULL REFERENCES library_documents(id) ON DELETE CASCADE,
              ordinal INTEGER NOT NULL,
              start INTEGER NOT NULL,
              end INTEGER NOT NULL,
              word_count INTEGER NOT NULL,
              token_count INTEGER NOT NULL,
              text TEXT NOT NULL,
              raw TEXT,
              segments BLOB NOT NULL,
              vector BLOB NOT NULL,
              UNIQUE(doc_id, ordinal)
            );
            CREATE VIRTUAL TABLE library_fts USING fts5(
              text, content='library_chunks', content_rowid='id', tokenize='porter unicode61');
            CREATE TRIGGER library_chunks_ai AFTER INSERT ON library_chunks BEGIN
              INSERT INTO library_fts(rowid, text) VALUES (new.id, new.text);
            END;
            CREATE TRIGGER library_chunks_ad AFTER DELETE ON library_chunks BEGIN
              INSERT INTO library_fts(library_fts, rowid, text) VALUES ('delete', old.id, old.text);
            END;
            CREATE TABLE library_tickets(
              id INTEGER PRIMARY KEY,
              path TEXT NOT NULL,
              action TEXT NOT NULL,
              state TEXT NOT NULL,
              lease_owner TEXT,
              lease_expires REAL,
              attempts INTEGER NOT NULL DEFAULT 0,
              outcome TEXT,
              doc_id INTEGER,
              created_at REAL NOT NULL,
              updated_at REAL NOT NULL
            );
            CREATE INDEX library_tickets_state ON library_tickets(state, id);
            CREATE TABLE library_meta(
              key TEXT PRIMARY KEY NOT NULL,
              value TEXT NOT NULL
            );
            """),
        // Enqueueing looks a ticket up by path; without this every enqueue scanned the queue,
        // which made adding or re-adding n files cost n² (20k files: minutes).
        Migration("011_library_tickets_path", """
            CREATE INDEX library_tickets_path ON library_tickets(path, action, state);
            """),
        // Documents are written in bounded transactions: `complete` is 0 while a document's chunks
        // are being written (searches leave it out; the next run finishes or redoes it).
        // `index_generation` is the reindex generation the document was embedded under, so an
        // interrupted `library reindex` continues where it stopped. `library_failures` remembers
        // a file whose ingestion failed, by fingerprint, so an unchanged file is not retried.
        // The claim index lets `claim` take the next queued ticket without sorting the queue.
        Migration("012_library_batches", """
            ALTER TABLE library_documents ADD COLUMN complete INTEGER NOT NULL DEFAULT 1;
            ALTER TABLE library_documents ADD COLUMN index_generation INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE library_failures(
              path TEXT PRIMARY KEY NOT NULL,
              size INTEGER NOT NULL,
              mtime_ns INTEGER NOT NULL,
              content_hash TEXT,
              state TEXT NOT NULL,
              reason TEXT NOT NULL,
              failed_at REAL NOT NULL
            );
            CREATE INDEX library_tickets_lease ON library_tickets(state, lease_expires);
            """),
    ]
}

import CSQLite
import Foundation

private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement. Not thread-safe: use it on the connection that made it, then let it go.
public final class Statement {
    let handle: OpaquePointer
    private let connection: OpaquePointer
    public let sql: String

    init(connection: OpaquePointer, sql: String) throws {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(connection, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else {
            throw SQLiteError(connection: connection, code: rc, sql: sql)
        }
        self.handle = stmt
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Clears previous bindings and binds `values` to the `?` placeholders in order.
    @discardableResult
    public func bind(_ values: [any SQLBindable]) throws -> Statement {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value.sqlValue {
            case .null: rc = sqlite3_bind_null(handle, index)
            case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
            case .real(let v): rc = sqlite3_bind_double(handle, index, v)
            case .text(let v): rc = sqlite3_bind_text(handle, index, v, -1, transient)
            case .blob(let v):
                rc = v.withUnsafeBytes { raw in
                    sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), transient)
                }
            }
            guard rc == SQLITE_OK else { throw SQLiteError(connection: connection, code: rc, sql: sql) }
        }
        return self
    }

    /// Advances to the next row. Returns false when the statement is done.
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(connection: connection, code: rc, sql: sql)
        }
    }

    /// Runs the statement to completion, ignoring rows.
    public func run(_ values: [any SQLBindable] = []) throws {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Runs the statement and maps every row.
    public func rows<T>(_ values: [any SQLBindable] = [], _ map: (Row) throws -> T) throws -> [T] {
        try bind(values)
        var out: [T] = []
        let row = Row(statement: self)
        while try step() { out.append(try map(row)) }
        sqlite3_reset(handle)
        return out
    }
}

/// The current row of a statement; valid only inside the mapping closure.
public struct Row {
    let statement: Statement
    var handle: OpaquePointer { statement.handle }

    public func isNull(_ i: Int) -> Bool { sqlite3_column_type(handle, Int32(i)) == SQLITE_NULL }
    public func int(_ i: Int) -> Int { Int(sqlite3_column_int64(handle, Int32(i))) }
    public func int64(_ i: Int) -> Int64 { sqlite3_column_int64(handle, Int32(i)) }
    public func double(_ i: Int) -> Double { sqlite3_column_double(handle, Int32(i)) }
    public func text(_ i: Int) -> String {
        guard let p = sqlite3_column_text(handle, Int32(i)) else { return "" }
        return String(cString: p)
    }
    public func optionalText(_ i: Int) -> String? { isNull(i) ? nil : text(i) }
    public func optionalInt(_ i: Int) -> Int? { isNull(i) ? nil : int(i) }
    public func optionalDouble(_ i: Int) -> Double? { isNull(i) ? nil : double(i) }
    public func blob(_ i: Int) -> Data {
        let count = Int(sqlite3_column_bytes(handle, Int32(i)))
        guard count > 0, let p = sqlite3_column_blob(handle, Int32(i)) else { return Data() }
        return Data(bytes: p, count: count)
    }
}

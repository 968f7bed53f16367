#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where prefix snapshots live. A missing, unreadable or unwritable store only costs speed: the
/// prefix is evaluated again.
protocol PrefixCacheStore: Sendable {
    /// Runs `body` on the bytes of snapshot `name` (memory-mapped) when it exists.
    func withSnapshot(named name: String, _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool
    /// Stores `bytes` as snapshot `name`, atomically; false when it could not be written.
    func save(named name: String, bytes: [UInt8]) -> Bool
}

/// Snapshot files in one directory (created 0700 on first save), each written 0600 through a
/// temporary file and `rename`, so readers see a whole file or none. Beyond `keep` files the
/// least recently written are removed (a prompt change leaves its old snapshot behind).
struct DirectoryPrefixStore: PrefixCacheStore {
    let directory: URL
    let keep: Int

    init(directory: URL, keep: Int = 8) {
        self.directory = directory
        self.keep = max(1, keep)
    }

    func withSnapshot(named name: String, _ body: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        let path = directory.appendingPathComponent(name).path
        guard let file = try? MappedFile(path: path) else { return false }
        return body(UnsafeRawBufferPointer(start: file.base, count: file.count))
    }

    func save(named name: String, bytes: [UInt8]) -> Bool {
        let ok = bytes.withUnsafeBytes { CacheFile.write(directory: directory, name: name, parts: [$0]) }
        if ok { prune(except: name) }
        return ok
    }

    /// Removes the oldest snapshot files beyond `keep`.
    private func prune(except name: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        var files: [(name: String, mtime: Int)] = []
        for n in names where n.hasPrefix("prefix-") && n.hasSuffix(".kv") && n != name {
            var st = stat()
            if stat(directory.appendingPathComponent(n).path, &st) == 0 { files.append((n, st.st_mtim.tv_sec)) }
        }
        guard files.count >= keep else { return }
        for f in files.sorted(by: { $0.mtime < $1.mtime }).prefix(files.count - keep + 1) {
            unlink(directory.appendingPathComponent(f.name).path)
        }
    }
}

/// Atomic cache-file writes: the directory is created 0700 when missing, the bytes go to a
/// temporary file opened `O_CREAT | O_EXCL` with mode 0600, then `rename` puts it in place, so a
/// reader sees the whole file or none (never `Data.write(.atomic)`, which resets modes).
enum CacheFile {
    static func write(directory: URL, name: String, parts: [UnsafeRawBufferPointer]) -> Bool {
        let dir = directory.path
        if mkdir(dir, 0o700) != 0 && errno != EEXIST { return false }
        let final = directory.appendingPathComponent(name).path
        let temp = dir + "/.\(name).\(getpid()).tmp"
        unlink(temp)
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        var ok = true
        for raw in parts where ok && raw.count > 0 {
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { ok = false; break }
                done += n
            }
        }
        ok = close(fd) == 0 && ok
        guard ok, rename(temp, final) == 0 else { unlink(temp); return false }
        return true
    }
}

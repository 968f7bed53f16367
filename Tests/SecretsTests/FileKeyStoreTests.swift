import Foundation
import Testing
@testable import Secrets
#if canImport(Glibc)
import Glibc
#endif

/// A fresh temporary directory per test, removed afterwards.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}

func mode(of path: String) -> UInt32 {
    var info = stat()
    return stat(path, &info) == 0 ? UInt32(info.st_mode & 0o777) : 0
}

@Suite("File key store")
struct FileKeyStoreTests {
    let key = "sk-proj-Zr8vQ2mXc41LpT7wNd0aYbKe5uHs3Gj9"

    @Test func setGetListDeleteWithModes() throws {
        let temporary = try TemporaryDirectory()
        let configDirectory = temporary.url.appendingPathComponent("home/config")
        let store = FileKeyStore(directory: configDirectory, environment: [:])
        #expect(try store.get(name: KeyName.cloud) == nil)
        #expect(try store.list().isEmpty)

        try store.set(name: KeyName.cloud, value: "  \(key)\n")
        #expect(try store.get(name: KeyName.cloud) == key)
        #expect(try store.source(name: KeyName.cloud) == .file)
        #expect(mode(of: store.fileURL.path) == 0o600)
        #expect(mode(of: configDirectory.path) == 0o700)

        try store.set(name: "other", value: "value-123456")
        try store.set(name: KeyName.cloud, value: key + "X")  // replace: mode must stay 0600
        #expect(mode(of: store.fileURL.path) == 0o600)
        #expect(try store.list() == ["cloud", "other"])
        #expect(try store.get(name: KeyName.cloud) == key + "X")

        #expect(try store.delete(name: "other") == true)
        #expect(try store.delete(name: "other") == false)
        #expect(try store.list() == ["cloud"])
        // No temporary files are left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: configDirectory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func environmentOverridesTheFile() throws {
        let temporary = try TemporaryDirectory()
        let store = FileKeyStore(directory: temporary.url, environment: ["INTENT_CLOUD_API_KEY": "sk-env-key-0123456789abcdef"])
        try store.set(name: KeyName.cloud, value: key)
        #expect(try store.get(name: KeyName.cloud) == "sk-env-key-0123456789abcdef")
        #expect(try store.source(name: KeyName.cloud) == .environment)
        #expect(try store.list() == ["cloud"])
        let onlyEnvironment = FileKeyStore(directory: temporary.url.appendingPathComponent("none"),
                                           environment: ["INTENT_CLOUD_API_KEY": "sk-env-key-0123456789abcdef"])
        #expect(try onlyEnvironment.list() == ["cloud"])
    }

    @Test func tightensALooseDirectoryAndRefusesAReadableFile() throws {
        let temporary = try TemporaryDirectory()
        chmod(temporary.url.path, 0o755)
        let store = FileKeyStore(directory: temporary.url, environment: [:])
        try store.set(name: KeyName.cloud, value: key)
        #expect(mode(of: temporary.url.path) == 0o700)
        chmod(store.fileURL.path, 0o644)
        #expect(throws: SecretsError.insecurePermissions(path: store.fileURL.path, mode: 0o644)) {
            _ = try store.get(name: KeyName.cloud)
        }
    }

    @Test func aSharedStickyDirectoryIsLeftAsItIs() throws {
        // /tmp-like: world-writable and sticky. The key file inside is still 0600.
        let temporary = try TemporaryDirectory()
        chmod(temporary.url.path, 0o1777)
        let store = FileKeyStore(directory: temporary.url, environment: [:])
        try store.set(name: KeyName.cloud, value: key)
        var info = stat()
        #expect(stat(temporary.url.path, &info) == 0 && info.st_mode & 0o7777 == 0o1777)
        #expect(mode(of: store.fileURL.path) == 0o600)
        #expect(try store.get(name: KeyName.cloud) == key)
    }

    @Test func corruptFileIsReportedWithoutContent() throws {
        let temporary = try TemporaryDirectory()
        let store = FileKeyStore(directory: temporary.url, environment: [:])
        let fd = open(store.fileURL.path, O_CREAT | O_WRONLY, 0o600)
        _ = "{\"cloud\": \(key)".withCString { write(fd, $0, strlen($0)) }
        close(fd)
        do {
            _ = try store.get(name: KeyName.cloud)
            Issue.record("expected corruptFile")
        } catch let error as SecretsError {
            #expect(error == .corruptFile(path: store.fileURL.path))
            #expect(!error.description.contains(key))
        }
    }

    @Test func invalidNamesAndValues() throws {
        let store = FileKeyStore(directory: try TemporaryDirectory().url, environment: [:])
        #expect(throws: SecretsError.self) { try store.set(name: "../escape", value: key) }
        #expect(throws: SecretsError.self) { try store.set(name: "", value: key) }
        #expect(throws: SecretsError.emptyValue) { try store.set(name: "cloud", value: "   ") }
        #expect(throws: SecretsError.self) { try store.set(name: "cloud", value: "a\nb") }
    }

    @Test func concurrentWritersLoseNothing() async throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.url
        // Blocking writers run on their own threads, not on the cooperative pool.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                DispatchQueue.concurrentPerform(iterations: 6) { writer in
                    let store = FileKeyStore(directory: directory, environment: [:])
                    for index in 0..<15 { try? store.set(name: "k\(writer)-\(index)", value: "value-\(writer)-\(index)") }
                }
                done.resume()
            }
        }
        let store = FileKeyStore(directory: directory, environment: [:])
        #expect(try store.list().count == 90)
        #expect(try store.get(name: "k5-14") == "value-5-14")
        #expect(mode(of: store.fileURL.path) == 0o600)
    }

    @Test func inMemoryStoreFollowsTheSameRules() throws {
        let store = InMemoryKeyStore(environment: ["INTENT_CLOUD_API_KEY": "sk-env-0000000000000000"])
        try store.set(name: "local", value: "abc-local-key")
        #expect(try store.list() == ["cloud", "local"])
        #expect(try store.source(name: "local") == .memory)
        #expect(try store.get(name: "cloud") == "sk-env-0000000000000000")
        #expect(throws: SecretsError.self) { try store.set(name: "bad name", value: "x") }
    }
}

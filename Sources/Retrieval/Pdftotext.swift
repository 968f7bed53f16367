import Foundation
import Glibc
import Primitives

/// `PDFTextSource` that runs poppler's `pdftotext -bbox-layout` as a child process (its words and
/// their boxes, composed by `PDFLayout`): no shell, the file passed
/// as an absolute path (so it is never read as an option), text to a pipe, killed when it runs
/// past `timeoutSeconds` or writes more than `maxOutputBytes`.
public struct Pdftotext: PDFTextSource {
    public var configuration: PDFTextConfiguration

    public init(configuration: PDFTextConfiguration = PDFTextConfiguration()) {
        self.configuration = configuration
    }

    /// The program's absolute path on the configuration's search path, or nil when it is not installed.
    public var executable: String? {
        let program = configuration.program
        if program.hasPrefix("/") { return access(program, X_OK) == 0 ? program : nil }
        for dir in configuration.searchPath.split(separator: ":") where dir.hasPrefix("/") {
            let candidate = "\(dir)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    public func text(ofPDF path: String) throws -> [UInt8] {
        guard let exe = executable else { throw RetrievalError.pdfExtractorMissing(path: path) }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let run = try ChildProcess.run([exe, "-q", "-bbox-layout", "-enc", "UTF-8", "-eol", "unix", absolute, "-"],
                                       timeout: configuration.timeoutSeconds, maxOutput: configuration.maxOutputBytes,
                                       path: path)
        switch run.outcome {
        case .timedOut: throw RetrievalError.pdfFailed(path: path, reason: "pdftotext took over \(Int(configuration.timeoutSeconds)) s")
        case .outputTooLarge: throw RetrievalError.pdfFailed(path: path, reason: "output over \(configuration.maxOutputBytes) bytes")
        case .exited(0): return PDFLayout.compose(run.output) ?? run.output
        // pdftotext: 1 cannot open the PDF (damaged, or encrypted with a password), 3 permissions
        case .exited(1):
            let encrypted = Pdftotext.isEncrypted(path)
            throw RetrievalError.pdfFailed(path: path, reason: encrypted ? "encrypted (needs a password)" : "pdftotext cannot open it (damaged or not a PDF)")
        case .exited(3): throw RetrievalError.pdfFailed(path: path, reason: "its permissions forbid copying text")
        case .exited(let code): throw RetrievalError.pdfFailed(path: path, reason: "pdftotext exited with status \(code)")
        case .signalled(let sig): throw RetrievalError.pdfFailed(path: path, reason: "pdftotext was killed by signal \(sig)")
        }
    }

    /// True when the file's trailer names an `/Encrypt` dictionary (read from its last 64 KiB).
    static func isEncrypted(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 65_536 ? size - 65_536 : 0)
        let tail = (try? handle.readToEnd()) ?? Data()
        return tail.range(of: Data("/Encrypt".utf8)) != nil
    }
}

/// A child process run with `posix_spawn`, its stdout collected up to a bound, stderr discarded.
enum ChildProcess {
    enum Outcome: Equatable { case exited(Int32), signalled(Int32), timedOut, outputTooLarge }

    static func run(_ argv: [String], timeout: Double, maxOutput: Int, path: String) throws -> (outcome: Outcome, output: [UInt8]) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw RetrievalError.unreadable(path: path, reason: String(cString: strerror(errno))) }
        // neither end leaks into other children; dup2 onto the child's stdout clears the flag there
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, cArgs, environ)
        close(fds[1])
        guard rc == 0 else {
            close(fds[0])
            throw RetrievalError.pdfFailed(path: path, reason: "cannot start pdftotext (\(String(cString: strerror(rc))))")
        }
        defer { close(fds[0]) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        var outcome: Outcome?
        while outcome == nil {
            let left = (deadline - ContinuousClock.now).inMilliseconds / 1000
            if left <= 0 { outcome = .timedOut; break }
            var pfd = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(min(left, 1) * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output.append(contentsOf: buffer[0..<n])
            if output.count > maxOutput { outcome = .outputTooLarge }
        }
        if outcome != nil { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if let outcome { return (outcome, []) }
        let signal = status & 0x7F
        return (signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal), output)
    }
}

import CBLAS
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What is behind `libblas.so.3` at run time. On Debian the same binary runs on the reference
/// BLAS or OpenBLAS (chosen with update-alternatives); OpenBLAS is recognised by its extra symbols.
public enum BLASRuntime {
    private typealias ConfigFunction = @convention(c) () -> UnsafePointer<CChar>?
    private typealias SetThreadsFunction = @convention(c) (Int32) -> Void
    private typealias GetThreadsFunction = @convention(c) () -> Int32

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? { intent_blas_symbol(name) }

    /// "OpenBLAS <build configuration>" or "reference BLAS".
    public static var name: String {
        guard let pointer = symbol("openblas_get_config") else { return "reference BLAS" }
        let get = unsafeBitCast(pointer, to: ConfigFunction.self)
        guard let config = get() else { return "OpenBLAS" }
        let text = String(cString: config).trimmingCharacters(in: .whitespaces)
        return text.hasPrefix("OpenBLAS") ? text : "OpenBLAS " + text
    }

    /// True when the BLAS is OpenBLAS (its matrix products are far faster than the reference's).
    public static var isOpenBLAS: Bool { symbol("openblas_get_config") != nil }

    /// Threads OpenBLAS uses per call (1 for the reference BLAS).
    public static var threads: Int {
        guard let pointer = symbol("openblas_get_num_threads") else { return 1 }
        return Int(unsafeBitCast(pointer, to: GetThreadsFunction.self)())
    }

    /// Sets OpenBLAS's thread count for the whole process; does nothing on other BLAS.
    public static func setThreads(_ count: Int) {
        guard let pointer = symbol("openblas_set_num_threads") else { return }
        unsafeBitCast(pointer, to: SetThreadsFunction.self)(Int32(count))
    }
}

import Foundation

/// Size limits on user input, so a runaway pipe cannot fill the store.
enum Limits {
    static let maxThoughtBytes = 64 * 1024
    static let maxTitleBytes = 1_000
}

import Foundation

/// Size limits on user input, so a runaway pipe cannot fill the store.
enum Limits {
    static let maxThoughtBytes = 64 * 1024
    static let maxTitleBytes = 1_000
}

/// The reply-token cap of each model rung, in one place.
enum ReplyTokens {
    static let tagSuggestion = 48
    static let reminderCommand = 96
    static let libraryAnswer = 256
    static let dailyBrief = 320
}

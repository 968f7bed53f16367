import Foundation

/// Errors of the embeddings module. Messages name the file, tensor or parameter and the reason;
/// they never contain the text being embedded.
public enum EmbeddingsError: Error, CustomStringConvertible, Equatable {
    /// A weights or vocabulary file could not be read.
    case unreadable(file: String, reason: String)
    /// The file ends before the length its header announces.
    case truncated(file: String, expectedBytes: Int, actualBytes: Int)
    /// The safetensors header is not the JSON the format requires.
    case invalidHeader(file: String, reason: String)
    /// A tensor the model needs is not in the file.
    case missingTensor(file: String, name: String)
    /// A tensor has another element type than the model needs.
    case dtypeMismatch(file: String, name: String, expected: String, actual: String)
    /// A tensor has another shape than the model needs.
    case shapeMismatch(file: String, name: String, expected: [Int], actual: [Int])
    /// `config.json` or `vocab.txt` disagrees with what the encoder supports.
    case invalidModel(file: String, reason: String)
    /// Token ids handed to `MiniLMEmbedder.embed(tokenIDs:)` the model cannot take.
    case invalidTokenIDs(index: Int, reason: String)

    /// `.unreadable` for `url`, saying whether the file is absent or merely unusable.
    static func unreadable(_ url: URL, otherwise reason: String) -> EmbeddingsError {
        let exists = FileManager.default.fileExists(atPath: url.path)
        return .unreadable(file: url.lastPathComponent, reason: exists ? reason : "file does not exist")
    }

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot read: \(reason)"
        case let .truncated(file, expected, actual):
            return "\(file): truncated: needs \(expected) bytes, has \(actual)"
        case let .invalidHeader(file, reason):
            return "\(file): invalid safetensors header: \(reason)"
        case let .missingTensor(file, name):
            return "\(file): tensor '\(name)' is missing"
        case let .dtypeMismatch(file, name, expected, actual):
            return "\(file): tensor '\(name)' has dtype \(actual), expected \(expected)"
        case let .shapeMismatch(file, name, expected, actual):
            return "\(file): tensor '\(name)' has shape \(actual), expected \(expected)"
        case let .invalidModel(file, reason):
            return "\(file): \(reason)"
        case let .invalidTokenIDs(index, reason):
            return "token ids of input #\(index): \(reason)"
        }
    }
}

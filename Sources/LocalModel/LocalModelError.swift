/// Errors thrown by the embedded local model: file format, tokenizer, schema and generation problems.
///
/// Descriptions name the file, tensor, key or parameter and the reason; they never contain prompt
/// text or generated text.
public enum LocalModelError: Error, CustomStringConvertible, Equatable {
    /// The file could not be opened or mapped (`path`, errno text).
    case cannotOpen(path: String, reason: String)
    /// The file ended before a structure was complete (`what` names it, `offset` is the byte offset).
    case truncated(path: String, what: String, offset: Int)
    /// The header does not start with the GGUF magic.
    case notGGUF(path: String)
    /// A GGUF version other than 2 or 3.
    case unsupportedVersion(path: String, version: UInt32)
    /// A metadata value type code that GGUF does not define.
    case invalidMetadataType(path: String, key: String, code: UInt32)
    /// A tensor uses a ggml type this reader does not implement.
    case unsupportedTensorType(path: String, tensor: String, code: UInt32)
    /// A tensor's data range lies outside the file or is misaligned.
    case invalidTensor(path: String, tensor: String, reason: String)
    /// `general.architecture` names an architecture other than llama.
    case unsupportedArchitecture(path: String, architecture: String)
    /// A required metadata key is missing or has the wrong type.
    case missingMetadata(path: String, key: String)
    /// A required tensor is missing or has an unexpected shape or type.
    case missingTensor(path: String, tensor: String, reason: String)
    /// The tokenizer metadata is unusable (model type, vocabulary, merges).
    case tokenizer(reason: String)
    /// A JSON Schema uses a construct outside the supported subset.
    case unsupportedSchema(path: String, reason: String)
    /// The prompt does not fit the context window.
    case contextOverflow(promptTokens: Int, contextWindow: Int)
    /// An option is out of range (`name`, reason).
    case invalidOption(name: String, reason: String)
    /// Guided generation reached a state where no token keeps the output valid.
    case guidanceFailed(reason: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): return "\(path): cannot open model file: \(reason)"
        case let .truncated(path, what, offset): return "\(path): file is truncated while reading \(what) at byte \(offset)"
        case let .notGGUF(path): return "\(path): not a GGUF file (bad magic)"
        case let .unsupportedVersion(path, version): return "\(path): unsupported GGUF version \(version) (supported: 2, 3)"
        case let .invalidMetadataType(path, key, code): return "\(path): metadata key \(key) has unknown value type \(code)"
        case let .unsupportedTensorType(path, tensor, code): return "\(path): tensor \(tensor) has unsupported ggml type \(code) (supported: F32, F16, Q4_0, Q4_1, Q8_0)"
        case let .invalidTensor(path, tensor, reason): return "\(path): tensor \(tensor): \(reason)"
        case let .unsupportedArchitecture(path, architecture): return "\(path): unsupported architecture '\(architecture)' (only llama is supported)"
        case let .missingMetadata(path, key): return "\(path): metadata key \(key) is missing or has the wrong type"
        case let .missingTensor(path, tensor, reason): return "\(path): tensor \(tensor): \(reason)"
        case let .tokenizer(reason): return "tokenizer: \(reason)"
        case let .unsupportedSchema(path, reason): return "schema at \(path): \(reason)"
        case let .contextOverflow(promptTokens, contextWindow): return "prompt of \(promptTokens) tokens does not fit the context window of \(contextWindow) tokens"
        case let .invalidOption(name, reason): return "option \(name): \(reason)"
        case let .guidanceFailed(reason): return "guided generation failed: \(reason)"
        }
    }
}

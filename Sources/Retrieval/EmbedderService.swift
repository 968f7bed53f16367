import Embeddings
import Foundation
import IntentKit
import Synchronization

/// Loads the library's embedder on first use: MiniLM when its weights are installed, else the
/// hashing embedder. Lazy, so intents that never search pay nothing.
public final class EmbedderProvider: Sendable {
    private let load: @Sendable () -> (embedder: any Embedder, problem: String?)
    private let cached = Mutex<(embedder: any Embedder, problem: String?)?>(nil)

    public init(_ load: @escaping @Sendable () -> (embedder: any Embedder, problem: String?)) {
        self.load = load
    }

    /// The default for an `intent` home: MiniLM from its model directories, else hashing.
    public static func live(paths: AppPaths) -> EmbedderProvider {
        EmbedderProvider { MiniLMEmbedder.loadDefault(searching: paths.modelDirectories) }
    }

    /// A fixed embedder (tests).
    public static func fixed(_ embedder: any Embedder) -> EmbedderProvider {
        EmbedderProvider { (embedder, nil) }
    }

    /// The embedder, and why MiniLM is not in use when it is not.
    public var current: (embedder: any Embedder, problem: String?) {
        cached.withLock { value in
            if let value { return value }
            let loaded = load()
            value = loaded
            return loaded
        }
    }
}

/// The embedders as a run service: `context.embedders` (set by `HomeServices.context`; tests set
/// `.fixed(...)`). A run without one stops loudly rather than answer with an embedder nobody chose.
public enum EmbedderKey: ServiceKey {
    public static var defaultValue: EmbedderProvider {
        preconditionFailure("no EmbedderProvider was provided to this RunContext (set context.embedders)")
    }
}

extension RunContext {
    public var embedders: EmbedderProvider {
        get { services[EmbedderKey.self] }
        set { services[EmbedderKey.self] = newValue }
    }
}

/// Tunable numbers of the embedded model runtime, in one place.
public struct LocalModelConfiguration: Sendable, Equatable {
    /// Worker threads for matrix products (the calling thread counts as one).
    public var threads: Int
    /// Tokens processed together during prompt evaluation.
    public var batchSize: Int
    /// Initial KV-cache capacity in tokens; it doubles on demand up to the context window.
    public var initialCacheTokens: Int
    /// Candidates checked in score order per step of guided generation before falling back to
    /// a full scan of the vocabulary.
    public var guidedCandidates: Int
    /// Longest run of whitespace allowed between JSON tokens in guided output.
    public var guidedMaxWhitespace: Int
    /// Prompt batches (2 tokens or more) multiply float activations with dequantized weights
    /// through BLAS `sgemm` instead of 8-bit activations. Closer to llama.cpp's logits (see
    /// Docs/LOCAL_MODEL.md) and faster with OpenBLAS; ignored (8-bit path) when the BLAS in use
    /// is not OpenBLAS, whose reference `sgemm` would be ~25× slower.
    public var floatPromptProducts: Bool
    /// How long an idle worker thread spins for the next job before it sleeps (µs).
    public var spinMicroseconds: Int
    /// Single-token products use the AVX2/AVX-VNNI kernels when the CPU has them (off: the
    /// portable Swift kernels, for comparison).
    public var vectorKernels: Bool
    /// Single-token steps use copies of the weight matrices repacked for the packed kernels
    /// (`PackedMatrix`; ~94 MB more memory for SmolLM2-135M, built when the context is created).
    public var packedWeights = true
    /// Prompt chunks of at most this many tokens that continue cached positions (a command's
    /// turn after the cached prefix) use the packed kernels, token by token per weight slice,
    /// instead of dequantizing every matrix for `sgemm` (0 turns it off).
    public var packedBatchTokens = 64
    /// Row groups (8 rows each) of a packed matrix multiplied with every token of a batch before
    /// the next: 16 groups of the widest SmolLM2 matrix are 123 KB, well inside L2.
    public var packedGroupsPerSlice = 16
    /// Time each stage of single-token steps (`intent model bench --profile`); off in normal runs.
    public var profileStages = false
    /// Prefix snapshot files kept per directory (the oldest beyond this are removed).
    public var prefixSnapshotsKept = 8

    public init(threads: Int = 2, batchSize: Int = 256, initialCacheTokens: Int = 512, guidedCandidates: Int = 64,
                guidedMaxWhitespace: Int = 1, floatPromptProducts: Bool = true, spinMicroseconds: Int = 200,
                vectorKernels: Bool = true) {
        self.threads = threads
        self.batchSize = batchSize
        self.initialCacheTokens = initialCacheTokens
        self.guidedCandidates = guidedCandidates
        self.guidedMaxWhitespace = guidedMaxWhitespace
        self.spinMicroseconds = spinMicroseconds
        self.floatPromptProducts = floatPromptProducts
        self.vectorKernels = vectorKernels
    }

    public static let `default` = LocalModelConfiguration()
}

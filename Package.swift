// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "intent",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "intent", targets: ["intent"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The BLAS is opened on first use (Sources/CBLAS/lazy.c); libblas-dev provides <cblas.h>.
        .target(name: "CBLAS", linkerSettings: [.linkedLibrary("dl")]),
        // libcurl (FoundationNetworking's HTTP) is opened on first use too (Sources/LazyCurl).
        .target(name: "LazyCurl", linkerSettings: [.linkedLibrary("dl")]),

        // Foundation-only helpers written once: hashes, the seeded RNG, civil days, fast math, mapped files.
        .target(name: "Primitives"),
        .target(name: "IntentKit", dependencies: ["Primitives"]),
        .target(name: "Store", dependencies: ["CSQLite", "IntentKit", "Primitives"]),
        .target(name: "DueDate", dependencies: ["IntentKit", "Primitives"]),
        .target(name: "Agenda", dependencies: ["IntentKit", "Primitives"]),
        .target(name: "Secrets", dependencies: ["Primitives"]),
        .target(name: "Generation", dependencies: ["IntentKit", "Secrets", "LazyCurl", "Primitives"]),
        .target(name: "ModelTestSupport", dependencies: ["Generation", "Secrets", "Primitives"]),
        .target(name: "Embeddings", dependencies: ["CBLAS", "CQuantKernels", "Primitives"]),
        .target(name: "Grounding"),
        .target(name: "Retrieval", dependencies: ["Store", "Embeddings", "CBLAS", "IntentKit", "Grounding", "Primitives"]),
        // AVX2/AVX-VNNI matrix-vector kernels of the embedded model, chosen at run time.
        .target(name: "CQuantKernels"),
        .target(name: "LocalModel", dependencies: ["CBLAS", "CQuantKernels", "Primitives"]),
        .target(name: "Routing", dependencies: ["IntentKit", "Store", "Generation", "Secrets", "LocalModel", "Primitives"]),
        .target(name: "Intents", dependencies: ["IntentKit", "Store", "DueDate", "Agenda", "Generation", "Routing", "Retrieval", "Embeddings", "Grounding", "Primitives"], path: "Intents"),
        // The composition root's services: the process's effects (live and test) and the per-home services built from them.
        .target(name: "AppServices", dependencies: ["IntentKit", "Store", "Intents", "Routing", "Retrieval", "DueDate", "Generation", "Secrets", "Embeddings", "Primitives"]),
        .target(name: "IntentCLI", dependencies: ["AppServices", "IntentKit", "Store", "Intents", "Secrets", "Agenda", "DueDate", "Generation", "Routing", "Retrieval", "Embeddings", "LocalModel", "MCP", "Primitives"]),
        .target(name: "MCP", dependencies: ["IntentKit", "Primitives"]),
        .executableTarget(name: "intent", dependencies: ["IntentCLI", "AppServices", "Intents", "IntentKit"]),
        .target(name: "IntentTestSupport", dependencies: ["AppServices", "IntentKit", "Store", "Routing", "Intents", "Secrets", "Primitives", "Generation"]),

        .testTarget(name: "PrimitivesTests", dependencies: ["Primitives", "ModelTestSupport"]),
        .testTarget(name: "AppServicesTests", dependencies: ["AppServices", "Generation", "IntentKit", "IntentTestSupport", "Routing", "Secrets", "Store"]),
        .testTarget(name: "IntentKitTests", dependencies: ["IntentKit", "IntentTestSupport"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "Intents", "IntentTestSupport", "Primitives", "IntentKit", "CSQLite"]),
        .testTarget(name: "IntentsTests", dependencies: ["Intents", "DueDate", "Embeddings", "Retrieval", "Routing", "Store", "IntentTestSupport", "ModelTestSupport", "IntentKit"]),
        .testTarget(name: "IntentCLITests", dependencies: ["AppServices", "IntentCLI", "IntentTestSupport", "Retrieval", "Intents", "Agenda", "IntentKit", "Store"]),
        .testTarget(name: "IntegrationTests", dependencies: ["IntentTestSupport", "Store", "Primitives"]),
        .testTarget(name: "DueDateTests", dependencies: ["DueDate", "Primitives", "IntentKit"]),
        .testTarget(name: "AgendaTests", dependencies: ["Agenda", "Primitives"]),
        .testTarget(name: "SecretsTests", dependencies: ["Secrets"]),
        .testTarget(name: "GenerationTests", dependencies: ["Generation", "Secrets", "ModelTestSupport", "IntentKit"]),
        .testTarget(name: "LocalModelTests", dependencies: ["LocalModel", "Primitives"]),
        .testTarget(name: "EmbeddingsTests", dependencies: ["Embeddings", "Primitives"]),
        .testTarget(name: "GroundingTests", dependencies: ["Grounding"]),
        .testTarget(name: "RetrievalTests", dependencies: ["Retrieval", "Embeddings", "Store", "IntentKit", "Primitives"]),
        .testTarget(name: "MCPTests", dependencies: ["MCP", "IntentKit", "IntentTestSupport"]),
        .testTarget(name: "RoutingTests", dependencies: ["AppServices", "Routing", "IntentCLI", "ModelTestSupport", "IntentTestSupport", "Primitives", "Intents", "IntentKit", "Store", "Generation", "Secrets"]),
    ]
)

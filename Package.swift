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

        .target(name: "IntentKit"),
        .target(name: "Store", dependencies: ["CSQLite", "IntentKit"]),
        .target(name: "DueDate", dependencies: ["IntentKit"]),
        .target(name: "Agenda", dependencies: ["IntentKit"]),
        .target(name: "Secrets"),
        .target(name: "Generation", dependencies: ["IntentKit", "Secrets", "LazyCurl"]),
        .target(name: "ModelTestSupport", dependencies: ["Generation", "Secrets"]),
        .target(name: "Embeddings", dependencies: ["CBLAS"]),
        .target(name: "Grounding"),
        .target(name: "Retrieval", dependencies: ["Store", "Embeddings", "CBLAS", "IntentKit", "Grounding"]),
        // AVX2/AVX-VNNI matrix-vector kernels of the embedded model, chosen at run time.
        .target(name: "CQuantKernels"),
        .target(name: "LocalModel", dependencies: ["CBLAS", "CQuantKernels"]),
        .target(name: "Routing", dependencies: ["IntentKit", "Store", "Generation", "Secrets", "LocalModel"]),
        .target(name: "Intents", dependencies: ["IntentKit", "Store", "DueDate", "Agenda", "Routing", "Retrieval", "Embeddings", "Grounding"], path: "Intents"),
        .target(name: "IntentCLI", dependencies: ["IntentKit", "Store", "Intents", "Secrets", "Agenda", "DueDate", "Generation", "Routing", "Retrieval", "Embeddings", "LocalModel", "MCP"]),
        .target(name: "MCP", dependencies: ["IntentKit"]),
        .executableTarget(name: "intent", dependencies: ["IntentCLI"]),
        .target(name: "IntentTestSupport", dependencies: ["IntentKit", "Store", "Routing"]),

        .testTarget(name: "IntentKitTests", dependencies: ["IntentKit", "IntentTestSupport"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "IntentTestSupport"]),
        .testTarget(name: "IntentsTests", dependencies: ["Intents", "IntentTestSupport", "ModelTestSupport"]),
        .testTarget(name: "IntentCLITests", dependencies: ["IntentCLI", "IntentTestSupport"]),
        .testTarget(name: "IntegrationTests", dependencies: ["IntentTestSupport"]),
        .testTarget(name: "DueDateTests", dependencies: ["DueDate"]),
        .testTarget(name: "AgendaTests", dependencies: ["Agenda"]),
        .testTarget(name: "SecretsTests", dependencies: ["Secrets"]),
        .testTarget(name: "GenerationTests", dependencies: ["Generation", "Secrets", "ModelTestSupport"]),
        .testTarget(name: "LocalModelTests", dependencies: ["LocalModel"]),
        .testTarget(name: "EmbeddingsTests", dependencies: ["Embeddings"]),
        .testTarget(name: "GroundingTests", dependencies: ["Grounding"]),
        .testTarget(name: "RetrievalTests", dependencies: ["Retrieval", "Embeddings", "Store", "IntentKit"]),
        .testTarget(name: "MCPTests", dependencies: ["MCP", "IntentKit", "IntentTestSupport"]),
        .testTarget(name: "RoutingTests", dependencies: ["Routing", "IntentCLI", "ModelTestSupport", "IntentTestSupport"]),
    ]
)

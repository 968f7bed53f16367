import Foundation
import DueDate
import Embeddings
import IntentKit
import Intents
import Primitives
import Retrieval
import Routing
import Secrets
import Store

/// Where a run came from, recorded in the `runs` row's `presence` column for MCP calls.
public enum EntryPoint: String, Sendable {
    case commandLine = "cli"
    case mcp
}

/// The services of one home, built by `AppServices.home(_:)` from the process's effects: one
/// store, one model ladder, one embedder provider, one date resolver, one key store. A
/// long-lived server (`intent mcp`) builds them once and reuses them for every call.
public struct HomeServices: Sendable {
    public let paths: AppPaths
    public let store: IntentStore
    public let ladder: ModelLadder
    public let embedders: EmbedderProvider
    public let dates: DueDateResolver
    public let keys: any KeyStore
    /// The effects these were built from.
    public let app: AppServices

    init(paths: AppPaths, app: AppServices, dateOrder: String?) {
        self.paths = paths
        self.app = app
        store = IntentStore(paths: paths, clock: app.clock)
        keys = app.keys(paths)
        dates = DueDateResolver(dateOrder: dateOrder, environment: app.environment)
        ladder = ModelLadder.live(paths: paths, store: store, keys: keys, transport: app.transport, clock: app.clock)
        embedders = .live(paths: paths)
    }

    /// The home's document library over `embedder` (`embedders.current.embedder`): the effects'
    /// clock, and a fresh id as this process's lease-owner name.
    public func library(embedder: any Embedder, configuration: RetrievalConfiguration = .standard) -> Library {
        Library(store: store, embedder: embedder, configuration: configuration, clock: app.clock,
                workerID: app.ids.make("worker"))
    }

    /// The model settings commands (`intent models`, `doctor`) over this home.
    public var modelAdmin: ModelAdmin {
        ModelAdmin(paths: paths, store: store, keys: keys, transport: app.transport, clock: app.clock)
    }
}

extension AppServices {
    /// The services of the home at `paths`. Opens nothing: the store opens on first use, the
    /// ladder builds clients only, the embedder loads when a search first needs it.
    /// - Parameter dateOrder: config.json's `date_order` (else the locale's, from the environment).
    public func home(_ paths: AppPaths, dateOrder: String? = nil) -> HomeServices {
        HomeServices(paths: paths, app: self, dateOrder: dateOrder)
    }
}

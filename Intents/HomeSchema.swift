import Foundation
import IntentKit
import Retrieval
import Routing
import Store

/// Every module's tables, registered in one place: the store's own, the ladder's (receipts,
/// consent, quota state) and the library's. Each module appends to its own list only.
public enum HomeSchema {
    public static var sets: [MigrationSet] {
        [StoreSchema.migrations, RoutingSchema.migrations, LibrarySchema.migrations]
    }
}

extension IntentStore {
    /// The user's store with every module's migrations, housekeeping on `clock`'s time.
    public convenience init(paths: AppPaths, clock: @escaping @Sendable () -> Date) {
        self.init(paths: paths, schema: HomeSchema.sets, housekeeping: Housekeeping(now: clock))
    }
}

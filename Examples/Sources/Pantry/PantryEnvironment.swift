import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import HTTPSync
import JSONFileStorage
import SQLiteStorage
import ProductModule

/// An opened pantry: the store, the product catalog and the household inventory, wired together.
struct PantryEnvironment {
    /// The household of a pantry that never synced through a server (and of `--remote` stores).
    static let defaultHousehold = HouseholdID(rawValue: "home") ?? HouseholdID(UUID())
    /// The unit stock is counted in unless said otherwise.
    static let piece = UnitID.derived(name: "piece")
    /// The locations a new pantry starts with.
    static let defaultLocations = [("Pantry", false), ("Fridge", false), ("Freezer", true)]

    let storage: any StorageProvider
    let products: ProductModuleService
    let inventory: InventoryModuleService
    /// The household journal the inventory folds (read by `pantry history`).
    let journal: any InventoryJournalStore
    /// This pantry's replica: the author of the entries it books.
    let replica: ReplicaID
    /// The categories (named entities), synced through the server only.
    let namedEntities: NamedEntitySync
    /// The household every command of this pantry works in: the server's household once the pantry synced with
    /// one (kept in the store, see ``PantrySettings``), else ``defaultHousehold``.
    let household: HouseholdID
    /// What this run syncs with (``PantryRemote/none`` for offline commands).
    let remote: PantryRemote
    let close: @Sendable () async -> Void

    /// How long a command waits for another process that holds a SQLite store before it fails with
    /// ``StorageError/locked(path:)`` (exit status 5): a write of another pantry (milliseconds) is waited out, a
    /// store held longer (an import, a sync, a `sqlite3` shell) is reported promptly, as the JSON store reports
    /// its held folder at once.
    static let lockWait: TimeInterval = 2

    /// Opens the store at `options.location` as `access` allows (see ``PantryAccess``) and, when given, a remote
    /// store to sync with.
    static func open(_ options: StoreOptions, access: PantryAccess, remote remotePath: String? = nil) async throws -> PantryEnvironment {
        try await open(options, access: access, remote: remotePath.map(PantryRemote.store) ?? .none)
    }

    /// Opens the store at `options.location` as `access` allows with a remote to sync with: a second store, or the
    /// sync server.
    ///
    /// The pantry works in the server household it joined before; else it joins the server's household
    /// (`sync --server`) or `$PANTRY_HOUSEHOLD` — refused when it already belongs to another one, or when it
    /// already holds journal entries of its local household (they could never sync into the server's).
    static func open(_ options: StoreOptions, access: PantryAccess, remote: PantryRemote) async throws -> PantryEnvironment {
        try await open(options, access: access) { _ in remote }
    }

    /// Opens the store at `options.location` with the remote `resolve` chooses from the settings saved in the
    /// store (the server `pantry household join` saved), before anything is written.
    ///
    /// `access` says what opening may do (``PantryAccess``): a command that only reads, or changes what a store
    /// holds, needs the store to exist and creates nothing; only ``PantryAccess/household`` makes sure of the
    /// household here (``ensureHousehold()``) — `sync` does it itself, inside its progress line, and the stock
    /// commands once their product is found. A read does not save the household `$PANTRY_HOUSEHOLD` names.
    ///
    /// - Throws: ``PantryError/noStore(_:otherKind:)`` when `access` needs a store and none is there,
    ///   ``PantryError/remoteIsLocalStore(_:)`` for a remote store that is this one, what `resolve` throws, the
    ///   household rules' ``PantryError``s, or a storage error.
    static func open(
        _ options: StoreOptions, access: PantryAccess,
        resolvingRemote resolve: (PantrySettings) async throws -> PantryRemote
    ) async throws -> PantryEnvironment {
        if access.requiresStore {
            try StoreLocation.requireStore(options.store, at: options.location)
        } else {
            try StoreLocation.refuseOtherKind(options.store, at: options.location)
        }
        let (storage, closeStorage, productStore, inventoryStore) = try await openStorage(options.store, at: options.location)
        let household: HouseholdID
        let remote: PantryRemote
        do {
            remote = try await resolve(try await PantrySettings.load(from: storage))
            if case .store(let remotePath) = remote,
                StoreLocation.isOwnStore(remote: remotePath, kind: options.store, location: options.location)
            {
                throw PantryError.remoteIsLocalStore(remotePath)
            }
            let requested = try remote.server?.householdID ?? PantrySettings.environmentHousehold()
            household = try await PantrySettings.household(
                in: storage, journal: inventoryStore, joining: requested, saving: access.writes)
        } catch {
            await closeStorage()
            throw error
        }
        var remoteProducts: (any ProductRemoteGateway)?
        var remoteInventory: (any InventoryRemoteGateway)?
        var remoteNamedEntities: (any NamedEntityRemoteGateway)?
        var closeRemote: @Sendable () async -> Void = {}
        if let server = remote.server {
            let client = HTTPSyncClient(configuration: server)
            remoteProducts = HTTPProductGateway(client: client)
            remoteInventory = HTTPInventoryGateway(client: client)
            remoteNamedEntities = HTTPNamedEntityGateway(client: client)
        }
        if case .store(let remotePath) = remote {
            let url = URL(fileURLWithPath: remotePath)
            let (remoteStorage, close, _, _): OpenedStore
            do {
                (remoteStorage, close, _, _) = try await openStorage(StoreLocation.kind(of: url), at: url)
            } catch {
                await closeStorage()
                throw error
            }
            remoteProducts = StorageProductRemote(storage: remoteStorage)
            remoteInventory = StorageInventoryRemote(storage: remoteStorage)
            closeRemote = close
        }
        let replica = ReplicaID(options.location.standardizedFileURL.path)
        let products = ProductModuleService(
            store: productStore, remote: remoteProducts,
            strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue), replicaID: replica,
            conflictLog: SyncConflictLog(store: storage.userMetadata))
        let inventory = InventoryModuleService(
            store: inventoryStore, remote: remoteInventory, products: CatalogResolver(products: products),
            strategy: InventorySyncStrategy(writePolicy: .localThenEnqueue), replicaID: replica)
        let namedEntities = NamedEntitySync(
            storage: storage, remote: remoteNamedEntities,
            configuration: OutboxSyncConfiguration(writePolicy: .localThenEnqueue))
        let closeBoth: @Sendable () async -> Void = { [closeRemote] in
            // A checkpoint of the household started by this run lands before the store closes, so the next run
            // opens from it instead of folding the journal again.
            await inventory.waitForBackgroundWork()
            await closeStorage()
            await closeRemote()
        }
        let environment = PantryEnvironment(
            storage: storage, products: products, inventory: inventory, journal: inventoryStore, replica: replica,
            namedEntities: namedEntities, household: household,
            remote: remote, close: closeBoth)
        if access == .household {
            do {
                try await environment.ensureHousehold()
            } catch {
                await environment.close()
                throw error
            }
        }
        return environment
    }

    /// Creates the household, its unit and default locations on first use.
    ///
    /// A pantry with a remote (a second store or the server) that does not know its household yet pulls it first:
    /// it joins the household another device created instead of creating one of its own, and books nothing of it.
    /// Offline, or when the remote holds no household yet, it creates the household in this machine's time zone
    /// (`$TZ`, else the system's). That creation is no zone change: when another device created the household too
    /// before they synced, the household keeps the zone of the first creation in journal order, and only
    /// `pantry household timezone ZONE` changes it (see `HouseholdTimeZone`).
    ///
    /// - Returns: the report of that first pull, or `nil` when none ran.
    /// - Throws: an inventory or storage error.
    @discardableResult
    func ensureHousehold() async throws -> InventorySyncReport? {
        var joined: InventorySyncReport?
        if remote.isSet, try await inventory.state(of: household).households[household] == nil {
            joined = try await inventory.syncPending(households: [household])
        }
        if try await inventory.state(of: household).households[household] == nil {
            try await inventory.perform(.createHousehold(name: "Home"), in: household)
        }
        if try await inventory.state(of: household).units[Self.piece] == nil {
            try await inventory.perform(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")), in: household)
        }
        // The default locations go to a household with none: one this pantry just created, or joined without any.
        // A location the household removed (`pantry location remove`) stays removed.
        if try await inventory.state(of: household).locations.isEmpty {
            for (name, freezer) in Self.defaultLocations {
                try await inventory.perform(.defineLocation(LocationDefinition(name: name, isFreezer: freezer)), in: household)
            }
        }
        return joined
    }

    /// The location with this name (case-insensitive), or a typed error listing the known ones.
    func location(named name: String) async throws -> LocationID {
        let state = try await inventory.state(of: household)
        if let match = state.location(named: name) { return match.id }
        let known = state.locations.values.map(\.name).sorted().joined(separator: ", ")
        throw PantryError.unknownLocation(name, known: known)
    }

    /// The product for a barcode or id typed by the user.
    func product(_ text: String) async throws -> Product {
        let lookup: ProductLookup = GTIN.isValid(text) ? .barcode(text) : .productID(try ProductID(text))
        guard let product = try await products.retrieveProduct(by: lookup) else { throw PantryError.unknownProduct(text) }
        return product
    }

    typealias OpenedStore = (
        storage: any StorageProvider, close: @Sendable () async -> Void,
        products: any ProductStore, inventory: any InventoryJournalStore
    )

    /// Opens a store: a JSON folder, or a SQLite file (`<folder>/pantry.sqlite` unless the path ends in `.sqlite`).
    static func openStorage(_ kind: StoreKind, at url: URL) async throws -> OpenedStore {
        switch kind {
        case .json:
            let storage = try await JSONFileStorage(root: url, migrations: JSONStoreMigrations.all)
            return (storage, { await storage.close() }, StorageProductStore(storage: storage), StorageInventoryStore(storage: storage))
        case .sqlite:
            let storage = try SQLiteStorage(path: storePath(kind, at: url).path, busyTimeout: lockWait)
            return (storage, { try? storage.close() }, SQLiteProductStore(storage: storage), SQLiteInventoryStore(storage: storage))
        }
    }
}

/// Resolves inventory product references with the product catalog (existence, migrated ids).
struct CatalogResolver: ProductReferenceResolver {
    let products: ProductModuleService

    func resolve(_ reference: ProductReference) async throws -> ProductReferenceResolution {
        guard let id = ProductID(rawValue: reference.rawValue),
            let product = try await products.retrieveProduct(by: .productID(id))
        else { return .unknown }
        return .exists(canonical: ProductReference(rawValue: product.productID.rawValue) ?? reference)
    }
}

/// What pantry reports as one clear line.
enum PantryError: Error, CustomStringConvertible {
    case unknownProduct(String)
    case unknownLocation(String, known: String)
    case invalidArgument(String)
    /// The inventory refused a command: the kit's error, and its sentence with products, locations and units named
    /// (see ``PantryEnvironment/sentence(for:)``).
    case inventory(InventoryError, sentence: String)
    /// An import rejected records (all of them when `rejected == processed`).
    case importRejected(rejected: Int, processed: Int)
    /// `sync --remote` named the local store itself.
    case remoteIsLocalStore(String)
    /// The pantry joined another server household than the one asked for.
    case otherHousehold(joined: String, requested: String)
    /// A pantry that holds journal entries of its local household cannot join a server household.
    case localHouseholdInUse(requested: String, entries: Int)
    /// The sync server refused this device (revoked or unknown token); pending changes are kept.
    case unauthorized(String, pending: Int)
    /// A sync left changes unsent or a pull failed: how many changes still wait, and the first reason given.
    case syncIncomplete(unsent: Int, reason: String?)
    /// The server address does not answer like the sync server (a wrong path, a web page, a redirect, TLS, a host
    /// that does not resolve): no change was charged an attempt; how many wait.
    case misconfiguredServer(String, pending: Int)
    /// `sync` was given both a store and a server, or neither, or server settings that cannot be used.
    case syncTarget(String)
    /// The sync server refused this device (revoked or unknown token, erased household) outside a sync: the whole
    /// line to print.
    case refused(String)
    /// The sync server could not be used (unreachable, timed out, an error answer): what was asked, and why.
    case server(String)
    /// `wipe` was not confirmed (no `--yes`, and no terminal to ask on, or another answer than `yes`).
    case notConfirmed(String)
    /// What the pantry processes of one store share beside it (the Open Food Facts read window and scan locks)
    /// could not be used: the whole line to print.
    case sharedState(String)
    /// A command that reads, changes what a store holds, or maintains it (`backup`, `check`, `wipe`) found no
    /// store at the path (nothing was created); `otherKind` when a store of the other kind is there.
    case noStore(String, otherKind: StoreKind? = nil)
    /// A command that may create a store was pointed at a folder that holds a store of the other kind: nothing was
    /// created beside it.
    case otherStoreKind(String, kind: StoreKind)
    /// Records could not be read (each named before on standard error): `check` found problems, or a listing
    /// left out damaged records.
    case damagedStore(problems: Int)

    var description: String {
        switch self {
        case .unknownProduct(let text): "no product \(text) in the catalog (import it or add it first)"
        case .unknownLocation(let name, let known):
            "no location \(name); known locations: \(known.isEmpty ? "none" : known) (`pantry location add NAME` adds one)"
        case .invalidArgument(let reason): reason
        case .inventory(_, let sentence): sentence
        case .importRejected(let rejected, let processed):
            rejected == processed
                ? "every one of the \(processed) records was rejected; nothing was imported"
                : "\(rejected) of \(processed) records were rejected (the others were imported)"
        case .noStore(let path, let otherKind?):
            "no pantry store at \(path); a \(otherKind == .json ? "JSON" : "SQLite") store is there: "
                + (otherKind == .json ? "add --store json" : "leave out --store json")
        case .otherStoreKind(let path, let kind):
            "\(path) holds a \(kind == .json ? "JSON" : "SQLite") store: "
                + (kind == .json ? "add --store json to use it" : "leave out --store json to use it")
                + ", or give another --path (nothing was created)"
        case .noStore(let path, nil):
            "no pantry store at \(path); check --path (or $PANTRY_HOME) and --store: only a command that writes, such "
                + "as `pantry product add`, creates a store"
        case .damagedStore(let problems):
            "the store is damaged: \(problems) problem\(problems == 1 ? "" : "s") found (listed above; `pantry check` "
                + "verifies the whole store)"
        case .otherHousehold(let joined, let requested):
            "this pantry belongs to household \(joined); it cannot sync household \(requested) (use another --path)"
        case .localHouseholdInUse(let requested, let entries):
            "this pantry already holds \(entries) journal entr\(entries == 1 ? "y" : "ies") of its local household, which "
                + "cannot sync into household \(requested): join before the first booking (stock, a shopping-list item, "
                + "a time zone), or on a new pantry (another --path)"
        case .unauthorized(let reason, let pending) where reason.contains(HTTPFailureClassifier.householdErasedReason):
            // No token can be issued for an erased household: the changes cannot wait for one.
            "the household was erased on the server (\(reason)): no token of it will work again, so "
                + (pending == 0
                    ? "this pantry cannot sync it; "
                    : "\(pending) waiting change\(pending == 1 ? "" : "s") of this pantry can never sync; ")
                + "`pantry wipe --yes` removes this copy, and a new pantry can join another household"
        case .unauthorized(let reason, let pending):
            "the server refused this device (\(reason)); \(pending) change\(pending == 1 ? "" : "s") kept for the next sync"
        case .syncIncomplete(let unsent, let reason):
            "the sync did not complete" + (reason.map { " (\($0))" } ?? "") + ": "
                + (unsent == 0
                    ? "no change waits"
                    : "\(unsent) change\(unsent == 1 ? "" : "s") kept for the next sync (`pantry status` lists them)")
        case .misconfiguredServer(let reason, let pending):
            "\(reason). No change was charged for it: \(pending) change\(pending == 1 ? "" : "s") kept for the next "
                + "sync (give the right --server, or `pantry household join` again)"
        case .syncTarget(let reason), .server(let reason), .notConfirmed(let reason), .refused(let reason), .sharedState(let reason):
            reason
        case .remoteIsLocalStore(let path):
            "the remote \(path) is this pantry's own store: syncing with itself would mark every change synced "
                + "without it reaching another device (nothing was changed)"
        }
    }

    /// The exit status a script sees.
    var exitStatus: PantryExitStatus {
        switch self {
        case .importRejected(let rejected, let processed): rejected == processed ? .badInput : .partialImport
        case .damagedStore: .damagedStore
        case .unauthorized, .refused: .unauthorized
        case .remoteIsLocalStore: .usage
        case .syncIncomplete: .syncIncomplete
        case .misconfiguredServer: .misconfiguredServer
        case .server, .sharedState: .failure
        default: .badInput
        }
    }
}

import ArgumentParser
import Foundation
import HTTPSync
import InventoryModule
import InventorySync
import ProductModule

/// `pantry sync`: through the InventoryKit sync server (`--server`, the `PANTRY_*` variables, or the server saved
/// by `pantry household join`), or with a second store acting as the remote (`--remote`).
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Sync through the sync server, or with a second store acting as the remote.",
        discussion: """
            Without options, sync uses the server, token and household saved by `pantry household join`. \
            --server (or $PANTRY_SERVER), --token ($PANTRY_TOKEN) and --household ($PANTRY_HOUSEHOLD) override \
            them one by one; the saved token is only sent to the saved server. A pantry joins the server's \
            household on its first sync and works in it from then on. Sync pushes every waiting change now, \
            whatever the retry delay of an earlier failure. A device the server refuses (revoked token, erased \
            household) exits with status 6; an address that does not answer like the sync server (a wrong path, a \
            web page, a redirect, a TLS failure) exits with status 8 and charges no change; a sync that leaves changes unsent (the server unreachable or failing, \
            quarantined changes) or whose pull failed exits with status 7. Both keep every pending change. On a \
            terminal, a long sync shows its progress on standard error.
            """)
    @OptionGroup var options: StoreOptions
    @Option(help: "The shared store (a .sqlite file or a JSON folder).") var remote: String?
    @OptionGroup var server: ServerOptions

    func run() async throws {
        let variables = ProcessInfo.processInfo.environment
        // Before anything is opened: a remote that is this pantry's store, in any spelling, changes nothing.
        if let remote, StoreLocation.isOwnStore(remote: remote, kind: options.store, location: options.location) {
            throw PantryError.remoteIsLocalStore(remote)
        }
        let environment = try await PantryEnvironment.open(options, access: .create) { saved in
            try syncTarget(variables, saved: saved)
        }
        let started = Date()
        let products: ProductSyncReport
        var inventory: InventorySyncReport
        let decided: [SyncConflictRecord]
        var categories: NamedEntitySyncReport?
        do {
            let progress = await SyncProgress.start(
                products: environment.products, inventory: environment.inventory, enabled: !options.json)
            // A pantry that does not know its household yet joins the remote's before it would create one.
            let joined = try await environment.ensureHousehold()
            // A sync someone asked for: every waiting change is pushed now, not only those whose retry is due.
            products = try await environment.products.syncPending(trigger: .explicit)
            inventory = try await environment.inventory.syncPending(households: [environment.household], trigger: .explicit)
            if let joined { inventory = inventory.following(joined) }
            if environment.remote.server != nil { categories = try await environment.namedEntities.sync(trigger: .explicit) }
            await progress.finish()
            decided = try await environment.products.conflictLog.records(since: started).reversed()
            if PantryLastSync.succeeded(products), PantryLastSync.succeeded(inventory), categories.map(PantryLastSync.succeeded) ?? true {
                try await PantryLastSync(
                    at: Date(), remote: environment.remote.name, products: PantryLastSync.Counts(products),
                    inventory: PantryLastSync.Counts(inventory)
                ).save(in: environment.storage)
            }
        } catch {
            await environment.close()
            throw error
        }
        await environment.close()
        let isServer = environment.remote.server != nil
        let stops = [products.stoppedBy, inventory.stoppedBy, categories?.stoppedBy].compactMap { $0 }
        let refusal = stops.first { $0.category == .unauthorized }
        let misconfiguration = stops.first { $0.category == .configuration }
        let unsent = products.remaining + inventory.remaining + (categories?.remaining ?? 0)
        let complete = products.isComplete && inventory.isComplete && (categories?.isComplete ?? true)
        if options.json {
            struct Report: JSONObjectOutput {
                var products: SyncModuleSummary
                var inventory: SyncModuleSummary
                var categories: SyncModuleSummary?
                /// The fields this sync's conflicts decided: what was kept, what was set aside, and who wrote each.
                var decisions: [ConflictLine]
                var household: String?
                var unauthorized: Bool?
                /// Why the server's address does not answer like the sync server (exit status 8).
                var misconfigured: String?
                /// Whether every change reached the remote and every pull succeeded (else exit status 7, or 6).
                var complete: Bool
            }
            try Output.json(Report(
                products: SyncModuleSummary(products), inventory: SyncModuleSummary(inventory),
                categories: categories.map(SyncModuleSummary.init), decisions: decided.map(ConflictLine.init),
                household: isServer ? environment.household.rawValue : nil,
                unauthorized: isServer ? refusal != nil : nil,
                misconfigured: misconfiguration?.description, complete: complete))
        } else if refusal == nil && misconfiguration == nil {
            // A refused device gets its one error line only: the modules' reports would only repeat the refusal.
            print("products: \(products)")
            for record in decided { print("  \(ConflictLine(record).text)") }
            print("inventory: \(inventory)")
            if let categories { print("categories: \(categories)") }
        }
        if case .unauthorized(let reason)? = refusal {
            throw PantryError.unauthorized(reason, pending: unsent)
        }
        if let misconfiguration {
            throw PantryError.misconfiguredServer(misconfiguration.description, pending: unsent)
        }
        if !complete {
            let reason = [products.incompleteReason, inventory.incompleteReason, categories?.incompleteReason].lazy
                .compactMap { $0 }.first
            throw PantryError.syncIncomplete(unsent: unsent, reason: reason)
        }
    }

    /// The remote named by `--remote`, else the server of the options, the `PANTRY_*` variables and the saved
    /// settings.
    ///
    /// - Throws: ``PantryError/syncTarget(_:)`` when both or neither are named, or a setting is unusable.
    func syncTarget(_ variables: [String: String], saved: PantrySettings) throws -> PantryRemote {
        if let remote {
            guard server.server == nil else { throw PantryError.syncTarget("sync takes --remote or --server, not both") }
            return .store(remote)
        }
        guard let configuration = try server.configuration(variables, saved: saved) else {
            throw PantryError.syncTarget(
                "sync needs --server URL (or $PANTRY_SERVER, or a server saved by `pantry household join`), or --remote PATH")
        }
        return .server(configuration)
    }
}

extension SyncReport {
    /// Whether the pass reached the remote, pushed every change and pulled every scope.
    fileprivate var isComplete: Bool { PantryLastSync.succeeded(self) && remaining == 0 }

    /// Why the pass did not complete, when the remote said why: offline, the error that stopped it, a failed pull.
    fileprivate var incompleteReason: String? {
        if !wasOnline { return RemoteSyncError.offline.description }
        if let stoppedBy { return stoppedBy.description }
        return pullFailures.values.first.map { "a pull failed: \($0)" }
    }

    /// This pass's report with the counts of an `earlier` pass of the same command added (a pantry's join pull
    /// before its sync): what was pushed, pulled, failed, quarantined and resolved in both. The rest is this pass's:
    /// it pulled the same household again, so its pull failures are the ones that still stand.
    fileprivate func following(_ earlier: SyncReport) -> SyncReport {
        var report = self
        report.pushed += earlier.pushed
        report.pulled += earlier.pulled
        report.failed += earlier.failed
        report.quarantined += earlier.quarantined
        report.conflicts += earlier.conflicts
        return report
    }
}

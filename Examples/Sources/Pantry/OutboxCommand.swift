import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductModule

/// `pantry outbox list|requeue|discard`: the changes of this pantry that have not reached the remote yet — those
/// waiting and those quarantined after the server refused them — each with its own id, and what to do with them.
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "List the changes waiting to sync or quarantined; requeue or discard quarantined ones.",
        discussion: """
            A change is quarantined only when the server refused it on its merits (or it failed too often); an \
            address that is not the sync server charges nothing. `requeue` gives quarantined changes a fresh set of \
            attempts for the next `pantry sync`; `discard` drops them for good (it asks first, or takes --yes).
            """,
        subcommands: [List.self, Requeue.self, Discard.self], defaultSubcommand: List.self)

    /// `pantry outbox list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the waiting and quarantined changes of every module, each with its id.")
        @OptionGroup var options: StoreOptions

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .read)
            let changes: [OutboxChange]
            do {
                changes = try await OutboxChange.all(in: environment)
            } catch {
                await environment.close()
                throw error
            }
            await environment.close()
            if options.json { return try Output.json(["changes": changes]) }
            guard !changes.isEmpty else { return print("no change waits: everything reached the remote") }
            Output.table(
                ["ID", "MODULE", "CHANGE", "STATE", "ATTEMPTS", "LAST ERROR"],
                changes.map { [$0.id, $0.module, $0.change, $0.state, String($0.attempts), $0.lastError ?? ""] })
        }
    }

    /// `pantry outbox requeue ID… | --all`.
    struct Requeue: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give quarantined changes a fresh set of attempts; the next `pantry sync` pushes them.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The ids of quarantined changes (`pantry outbox` lists them).") var ids: [String] = []
        @Flag(help: "Requeue every quarantined change.") var all = false

        func validate() throws {
            guard all != !ids.isEmpty else { throw ValidationError("requeue takes ids of quarantined changes, or --all") }
        }

        func run() async throws {
            let chosen = try OutboxChange.operationIDs(ids)
            let environment = try await PantryEnvironment.open(options, access: .update)
            let requeued: Int
            do {
                try await OutboxChange.requireQuarantined(chosen, in: environment)
                let selection = all ? nil : chosen
                requeued = try await environment.products.requeueQuarantined(selection)
                    + environment.inventory.requeueQuarantined(selection)
                    + environment.namedEntities.requeue(selection).count
            } catch {
                await environment.close()
                throw error
            }
            await environment.close()
            if options.json { return try Output.json(["requeued": requeued]) }
            print("requeued \(requeued) change\(requeued == 1 ? "" : "s"): `pantry sync` pushes \(requeued == 1 ? "it" : "them")")
        }
    }

    /// `pantry outbox discard ID… [--yes]`.
    struct Discard: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Drop quarantined changes for good: they never reach the other devices.",
            discussion: """
                Asks for confirmation on a terminal; elsewhere --yes is required. The local state keeps what the \
                change did (undo a journal entry's transaction to take it back).
                """)
        @OptionGroup var options: StoreOptions
        @Argument(help: "The ids of quarantined changes (`pantry outbox` lists them).") var ids: [String]
        @Flag(help: "Do not ask for confirmation.") var yes = false

        func run() async throws {
            let chosen = try OutboxChange.operationIDs(ids)
            let environment = try await PantryEnvironment.open(options, access: .update)
            let discarded: Int
            do {
                try await OutboxChange.requireQuarantined(chosen, in: environment)
                let what = "\(chosen.count) quarantined change\(chosen.count == 1 ? "" : "s")"
                try Confirmation.require(
                    yes, question: "Discard \(what) for good? They never reach the other devices.",
                    unconfirmed: "discard would drop \(what); pass --yes to confirm (standard input is not a terminal, nothing was dropped)",
                    declined: "discard was not confirmed; nothing was dropped")
                let reason = "discarded by `pantry outbox discard`"
                discarded = try await environment.products.discardQuarantined(chosen, reason: reason)
                    + environment.inventory.discardQuarantined(chosen, reason: reason)
                    + environment.namedEntities.discard(chosen, reason: reason).count
            } catch {
                await environment.close()
                throw error
            }
            await environment.close()
            if options.json { return try Output.json(["discarded": discarded]) }
            print("discarded \(discarded) change\(discarded == 1 ? "" : "s")")
        }
    }
}

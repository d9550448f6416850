import ArgumentParser
import Foundation
import InventorySync
import ProductModule

/// `pantry conflicts`: the fields this pantry's syncs decided when two devices changed one product, newest first.
struct ConflictsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conflicts",
        abstract: "List the fields recent syncs decided between two devices' changes: what was kept and what was set aside.",
        discussion: """
            When two devices change one product before syncing, every field either changed is kept; a field both \
            changed goes to the later change, and the other value is listed here with the device that wrote it. \
            The pantry keeps the latest 1,000 decisions.
            """)
    @OptionGroup var options: StoreOptions
    @Option(help: "How many decisions to list, newest first.") var limit = 50

    func validate() throws {
        guard (1...1_000).contains(limit) else { throw ValidationError("--limit takes 1 through 1000") }
    }

    func run() async throws {
        let environment = try await PantryEnvironment.open(options, access: .read)
        let records: [SyncConflictRecord]
        do {
            records = try await environment.products.conflictLog.recent(limit: limit)
        } catch {
            await environment.close()
            throw error
        }
        await environment.close()
        let lines = records.map(ConflictLine.init)
        if options.json { return try Output.json(["conflicts": lines]) }
        guard !lines.isEmpty else { return print("no conflicts: no sync had to choose between two devices' changes") }
        for line in lines { print("\(line.decidedAt)  \(line.text)") }
    }
}

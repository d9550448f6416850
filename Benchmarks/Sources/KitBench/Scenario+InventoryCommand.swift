import Foundation
import InventoryKit
import InventoryModule

// MARK: - Inventory at scale: single commands

extension Scenario {
    /// The median of single commands (purchases and consumptions, one `perform` each) on the open large household,
    /// against the same commands decided raw: `InventoryCommandHandler.decide` on an in-memory state, one
    /// single-row insert transaction per command, `InventoryState.apply`.
    static let inventoryCommand = Scenario(
        name: "inventory.command",
        summary: "median of 200 single perform calls (purchase/consume) on the open 100k-entry household vs decide + one-row insert + apply on an in-memory state",
        target: 3,
        timed: Timed(
            ours: "the median of 200 single perform calls, each timed alone, on the open 100k household",
            baseline: "the median of 200 x decide + one-row insert transaction + apply on an in-memory state")
    ) { fixtures in
        let name = "inventory.command"
        let sizes = fixtures.configuration.inventoryScale
        let template = try await InventoryHistoryTemplates.shared.template(sizes.large, fixtures: fixtures)
        let checks = InventoryScaleChecks()
        // The command median at every size, through the service and raw: the cost against history size.
        let templates = try await InventoryScaleCosts.templates(fixtures)
        var states: [Int: Data] = [:]
        for sized in templates { states[sized.entryCount] = try RecordCoding.encode(sized.state) }
        guard let stateData = states[template.entryCount] else { throw BenchmarkError.setup("no state of the large household") }
        let bySize = try await InventoryScaleCosts.measure("command median", templates) { sized in
            try await InventoryCommandProbe.service(sized, count: sizes.commands, fixtures: fixtures).median
        } floor: { sized in
            guard let data = states[sized.entryCount] else { throw BenchmarkError.setup("no state of \(sized.entryCount)") }
            return try await InventoryCommandProbe.raw(sized, stateData: data, count: sizes.commands, fixtures: fixtures).median
        }
        return ScenarioRun(
            ours: {
                let run = try await InventoryCommandProbe.service(template, count: sizes.commands, fixtures: fixtures)
                ScaleLog.write("     ours at \(template.entryCount): \(run.summary)")
                await checks.record(try Scenario.describe(run), side: .ours)
                return run.median
            },
            baseline: {
                let run = try await InventoryCommandProbe.raw(
                    template, stateData: stateData, count: sizes.commands, fixtures: fixtures)
                ScaleLog.write("     baseline at \(template.entryCount): \(run.summary)")
                await checks.record(try Scenario.describe(run), side: .baseline)
                return run.median
            },
            verify: { try await checks.verify(name, compareSides: true) },
            finish: { ScaleLog.write("   \(PeakMemory.summary)") },
            bySize: bySize)
    }

    /// How single commands grow with the journal: the command median on the large household (ours) against the
    /// one on the small household (baseline), both through the service. Every size, against its floor, is in
    /// `inventory.command`'s `by_size`.
    static let inventoryCommandGrowth = Scenario(
        name: "inventory.command-growth",
        summary: "median single perform on the 100k-entry household vs on the 1k-entry household (how a command grows with the journal)",
        target: 1.5,
        timed: Timed(
            ours: "the command median at 100k",
            baseline: "the command median at 1k")
    ) { fixtures in
        let name = "inventory.command-growth"
        let sizes = fixtures.configuration.inventoryScale
        let large = try await InventoryHistoryTemplates.shared.template(sizes.large, fixtures: fixtures)
        let small = try await InventoryHistoryTemplates.shared.template(sizes.small, fixtures: fixtures)
        let checks = InventoryScaleChecks()
        return ScenarioRun(
            ours: {
                let run = try await InventoryCommandProbe.service(large, count: sizes.commands, fixtures: fixtures)
                ScaleLog.write("     at \(large.entryCount): \(run.summary)")
                if run.entries.count != sizes.commands { await checks.fail("\(run.entries.count) entries booked at \(large.entryCount)") }
                return run.median
            },
            baseline: {
                let run = try await InventoryCommandProbe.service(small, count: sizes.commands, fixtures: fixtures)
                ScaleLog.write("     at \(small.entryCount): \(run.summary)")
                if run.entries.count != sizes.commands { await checks.fail("\(run.entries.count) entries booked at \(small.entryCount)") }
                return run.median
            },
            verify: { try await checks.verify(name, compareSides: false) })
    }

    /// A run's entries and resulting stock, for comparing the two sides.
    private static func describe(_ run: InventoryCommandProbe.Run) throws -> String {
        "\(try JournalDigest(run.entries)); \(run.stockDigest)"
    }
}

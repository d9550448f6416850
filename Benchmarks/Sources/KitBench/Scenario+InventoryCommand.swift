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
        let stateData = try RecordCoding.encode(template.state)
        let checks = InventoryScaleChecks()
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
            finish: { ScaleLog.write("   \(PeakMemory.summary)") })
    }

    /// How single commands grow with the journal: the command median on the large household (ours) against the
    /// one on the small household (baseline), both through the service. The middle size is measured too, for the
    /// log.
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
        let middle = try await InventoryHistoryTemplates.shared.template(sizes.middle, fixtures: fixtures)
        let middleRun = try await InventoryCommandProbe.service(middle, count: sizes.commands, fixtures: fixtures)
        ScaleLog.write("   commands at \(middle.entryCount) entries: \(middleRun.summary)")
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

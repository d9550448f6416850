import Foundation
import InventoryKit
import InventoryModule

// MARK: - Inventory at scale: opening a household

extension Scenario {
    /// A cold open of the large household (a new `SQLiteStorage`, `SQLiteInventoryStore` and
    /// `InventoryModuleService`, then `state(of:)`: the newest checkpoint decoded and the entries after it folded)
    /// against the bare minimum of that: one `SELECT` of the newest checkpoint's `state` blob and its decoding.
    static let inventoryOpen = Scenario(
        name: "inventory.open",
        summary: "cold open of the 100k-entry household (SQLiteStorage + SQLiteInventoryStore + InventoryModuleService, state(of:)) vs SELECT of the newest checkpoint blob + InventoryCheckpoint.state()",
        target: 2,
        timed: Timed(
            ours: "new SQLiteStorage + SQLiteInventoryStore + service, state(of:) of the 100k household",
            baseline: "open the file, SELECT the newest checkpoint blob, InventoryCheckpoint.state()")
    ) { fixtures in
        let name = "inventory.open"
        let sizes = fixtures.configuration.inventoryScale
        let template = try await InventoryHistoryTemplates.shared.template(sizes.large, fixtures: fixtures)
        // One copy for the scenario: opening writes the WAL and shared-memory files next to it.
        let path = try await fixtures.copy(template.path, as: "inventory-open.sqlite")
        let bytes = try InventoryOpenProbe.checkpointBytes(path)
        ScaleLog.write("   \(template.entryCount) entries; newest checkpoint after entry \(template.newestCheckpoint.entryCount), "
            + "state blob \(bytes / 1_024) KiB; \(template.checkpointCount) checkpoints")
        let checks = InventoryScaleChecks()
        // The open at every size, through the service and raw: the cost against history size.
        let templates = try await InventoryScaleCosts.templates(fixtures)
        var paths = [template.entryCount: path]
        for other in templates where paths[other.entryCount] == nil {
            paths[other.entryCount] = try await fixtures.copy(other.path, as: "inventory-open-\(other.entryCount).sqlite")
        }
        let copies = paths
        func copy(of sized: InventoryHistoryTemplate) throws -> String {
            guard let copy = copies[sized.entryCount] else { throw BenchmarkError.setup("no copy of the \(sized.entryCount) household") }
            return copy
        }
        let bySize = try await InventoryScaleCosts.measure("open", templates) { sized in
            let (seconds, state) = try await InventoryOpenProbe.service(try copy(of: sized))
            if state != sized.state { await checks.fail("the \(sized.entryCount) household opened with another state") }
            return seconds
        } floor: { sized in
            try InventoryOpenProbe.raw(try copy(of: sized), mark: sized.newestCheckpoint).seconds
        }
        return ScenarioRun(
            ours: {
                let (seconds, state) = try await InventoryOpenProbe.service(path)
                if state != template.state { await checks.fail("the opened state differs from the projected journal") }
                return seconds
            },
            baseline: {
                let (seconds, state) = try InventoryOpenProbe.raw(path, mark: template.newestCheckpoint)
                if state.appliedEntryIDs.count != template.newestCheckpoint.entryCount
                    || state.lastAppliedOrderKey != template.newestCheckpoint.orderKey
                {
                    await checks.fail("the raw checkpoint is not the newest mark")
                }
                return seconds
            },
            verify: { try await checks.verify(name, compareSides: false) },
            finish: {
                ScaleLog.write("   \(PeakMemory.summary)")
                for copy in copies.values { fixtures.removeDatabase(copy) }
            },
            bySize: bySize)
    }

    /// How the cold open grows with the journal: the open of the large household (ours) against the open of the
    /// small one (baseline), both through the service. Every size, against its floor, is in `inventory.open`'s
    /// `by_size`.
    static let inventoryOpenGrowth = Scenario(
        name: "inventory.open-growth",
        summary: "cold open through the service: 100k-entry household vs 1k-entry household (how open time grows with the journal)",
        target: 3,
        timed: Timed(
            ours: "the service's open of the 100k household",
            baseline: "the same open of the 1k household")
    ) { fixtures in
        let name = "inventory.open-growth"
        let sizes = fixtures.configuration.inventoryScale
        let large = try await InventoryHistoryTemplates.shared.template(sizes.large, fixtures: fixtures)
        let small = try await InventoryHistoryTemplates.shared.template(sizes.small, fixtures: fixtures)
        let largePath = try await fixtures.copy(large.path, as: "inventory-open-large.sqlite")
        let smallPath = try await fixtures.copy(small.path, as: "inventory-open-small.sqlite")
        let checks = InventoryScaleChecks()
        return ScenarioRun(
            ours: {
                let (seconds, state) = try await InventoryOpenProbe.service(largePath)
                if state != large.state { await checks.fail("the large household opened with another state") }
                return seconds
            },
            baseline: {
                let (seconds, state) = try await InventoryOpenProbe.service(smallPath)
                if state != small.state { await checks.fail("the small household opened with another state") }
                return seconds
            },
            verify: { try await checks.verify(name, compareSides: false) },
            finish: {
                for path in [largePath, smallPath] { fixtures.removeDatabase(path) }
            })
    }
}

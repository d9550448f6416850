import Foundation

/// The cost of an inventory path against the journal's length: the kit's path and its floor on the household of
/// every size of the run (1k, 10k and 100k entries in a full run), for `by_size` in the JSON and the chart of cost
/// against history size (`kitbench chart`).
enum InventoryScaleCosts {
    /// How often each side is measured at each size; the median is kept.
    static let repetitions = 3

    /// The run's household templates, smallest first.
    static func templates(_ fixtures: BenchFixtures) async throws -> [InventoryHistoryTemplate] {
        var templates: [InventoryHistoryTemplate] = []
        for size in fixtures.configuration.inventoryScale.all {
            templates.append(try await InventoryHistoryTemplates.shared.template(size, fixtures: fixtures))
        }
        return templates
    }

    /// Measures `kit` and `floor` on each template ``repetitions`` times, alternating which goes first, logs each
    /// size's medians as "`family` at N entries" and returns them.
    static func measure(
        _ family: String, _ templates: [InventoryHistoryTemplate],
        kit: (InventoryHistoryTemplate) async throws -> Double, floor: (InventoryHistoryTemplate) async throws -> Double
    ) async throws -> [SizeCost] {
        var costs: [SizeCost] = []
        for template in templates {
            var kitTimes: [Double] = []
            var floorTimes: [Double] = []
            for repetition in 0..<repetitions {
                if repetition % 2 == 0 {
                    kitTimes.append(try await kit(template))
                    floorTimes.append(try await floor(template))
                } else {
                    floorTimes.append(try await floor(template))
                    kitTimes.append(try await kit(template))
                }
            }
            let cost = SizeCost(
                entries: template.entryCount, kitSeconds: ScenarioRunner.median(kitTimes),
                floorSeconds: ScenarioRunner.median(floorTimes))
            ScaleLog.write("   \(family) at \(cost.entries) entries: kit \(Report.formatSeconds(cost.kitSeconds)), "
                + "floor \(Report.formatSeconds(cost.floorSeconds)) (medians of \(repetitions))")
            costs.append(cost)
        }
        return costs
    }
}

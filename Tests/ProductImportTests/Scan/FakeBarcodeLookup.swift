import Foundation
import InventoryKit
import ProductImport

/// A lookup answering from recorded fixtures (or a fixed result), counting its calls; slow enough that concurrent
/// scans overlap.
actor FakeBarcodeLookup: BarcodeLookup {
    private var answers: [String: BarcodeLookupResult] = [:]
    private(set) var calls: [String] = []

    /// Answers `code` with the recorded fixture of the same code.
    func serveFixture(_ code: String) throws {
        let body = try ImportFixtures.openFoodFacts(code)
        let gtin = try GTIN(code)
        let imported = try OpenFoodFactsNormalizer().normalize(body, context: ImportFixtures.context()).get()
        answers[code] = .found(LookedUpRecord(barcode: gtin, provider: .openFoodFacts, imported: imported, body: body, source: "fake://\(code)"))
    }

    /// Answers `code` with `result`.
    func answer(_ code: String, with result: BarcodeLookupResult) {
        answers[code] = result
    }

    nonisolated func lookUp(_ barcode: GTIN) async -> BarcodeLookupResult {
        await record(barcode)
        try? await Task.sleep(nanoseconds: 20_000_000)
        return await answers[barcode.rawValue] ?? .notFound(barcode)
    }

    private func record(_ barcode: GTIN) { calls.append(barcode.rawValue) }
}

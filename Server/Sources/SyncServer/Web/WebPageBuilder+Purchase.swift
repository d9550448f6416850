import Foundation
import InventoryKit
import InventoryModule
import ProductModule

extension WebPageBuilder {
    /// The purchase page: the products of the household's catalog matching `query` (a title or a barcode), each
    /// with a form whose unit, location and due date start from the product's settings; for a barcode the catalog
    /// never held, the product Open Food Facts has (``catalogOrLookup(_:query:catalog:)``), or the sentence saying
    /// why there is none.
    func purchase(_ session: MemberSession, query: String = "", error: String? = nil) async throws -> PurchasePage {
        let view = try await folded(session.householdID)
        let state = view.state
        let household = session.householdID
        let catalog = try await service.mapStoreErrors { try await store.products(of: household, matching: query) }
        let (found, offered, note) = try await catalogOrLookup(household, query: query, catalog: catalog)
        let today = state.today(in: InventoryModule.HouseholdID(household.rawValue), at: now())
        let locations = state.locations.values.sorted { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) }
        let units = state.units.values.sorted { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) }
        let base = WebPaths.household(household)
        let result = { (id: String, title: String, brand: String?, fromOpenFoodFacts: Bool) in
            let settings = ProductReference(rawValue: id).flatMap { state.productSettings[$0] }
            let unit = settings?.stockUnit ?? (units.count == 1 ? units.first?.id : nil)
            let location = settings?.defaultLocation
            var due = ""
            if case .days(let days)? = settings?.defaultDueDays { due = today.adding(days: days).description }
            return PurchasePage.Result(
                productId: id, title: title, barcode: GTIN(rawValue: id)?.rawValue, brand: brand,
                fromOpenFoodFacts: fromOpenFoodFacts, submission: UUID().uuidString.lowercased(), amount: "1",
                units: units.map { WebProductPage.Option(value: $0.id.rawValue, label: $0.name, selected: $0.id == unit) },
                locations: locations.map {
                    WebProductPage.Option(value: $0.id.rawValue, label: $0.name, selected: $0.id == location)
                },
                dueDate: due)
        }
        return PurchasePage(
            chrome: WebChrome(
                page: .purchase, title: "Record a purchase", session: session, view: view,
                householdName: try await householdName(session, view), error: error),
            searchPath: "\(base)/purchase", recordPath: "\(base)/purchases", query: query,
            searched: !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            results: found.map { result($0.id, $0.title, nil, false) }
                + (offered.map { [result($0.productID.rawValue, Self.title(of: $0), $0.brand, true)] } ?? []),
            lookupNote: note)
    }

    /// The catalog's products for `query`, and for a barcode (in any spelling the kit's `GTIN` reads) that the
    /// catalog does not show: the catalog's product of the barcode's canonical id, else — when the household never
    /// held that id — the product Open Food Facts has, or the sentence saying why there is none. A product the
    /// household deleted is not offered again from Open Food Facts (a device adds it back if wanted).
    func catalogOrLookup(
        _ household: HouseholdID, query: String, catalog: [(id: String, title: String)]
    ) async throws -> (catalog: [(id: String, title: String)], offered: Product?, note: String?) {
        guard let barcode = try? GTIN(query) else { return (catalog, nil, nil) }
        let id = ProductID.barcode(barcode).rawValue
        guard !catalog.contains(where: { $0.id == id }) else { return (catalog, nil, nil) }
        switch try await service.mapStoreErrors({ try await store.catalogPresence(of: household, id: id) }) {
        case .live:
            // Typed in another spelling (a UPC-A without its leading zero, spaces): the canonical id's product.
            let canonical = try await service.mapStoreErrors { try await store.products(of: household, matching: id) }
            return (catalog + canonical.filter { $0.id == id }, nil, nil)
        case .removed:
            return (catalog, nil, Self.removedSentence)
        case .absent:
            guard let lookup else { return (catalog, nil, nil) }
            let answer = await lookup.lookUp(barcode)
            if case .found(let product) = answer { return (catalog, product, nil) }
            return (catalog, nil, answer.sentence)
        }
    }

    /// The title a product found elsewhere is shown under: its own, else its barcode.
    static func title(of product: Product) -> String {
        product.title.flatMap { $0.isEmpty ? nil : $0 } ?? product.productID.rawValue
    }

    /// What the page says of a barcode the household deleted from its catalog.
    static let removedSentence = "This product was removed from the household's catalog; a device can add it again."
}

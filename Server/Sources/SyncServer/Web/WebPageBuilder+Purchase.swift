import Foundation
import InventoryModule

extension WebPageBuilder {
    /// The purchase page: the products of the household's catalog matching `query` (a title or a barcode), each
    /// with a form whose unit, location and due date start from the product's settings.
    func purchase(_ session: MemberSession, query: String = "", error: String? = nil) async throws -> PurchasePage {
        let view = try await folded(session.householdID)
        let state = view.state
        let household = session.householdID
        let found = try await service.mapStoreErrors { try await store.products(of: household, matching: query) }
        let today = state.today(in: InventoryModule.HouseholdID(household.rawValue), at: now())
        let locations = state.locations.values.sorted { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) }
        let units = state.units.values.sorted { ($0.name, $0.id.rawValue) < ($1.name, $1.id.rawValue) }
        let base = WebPaths.household(household)
        return PurchasePage(
            chrome: WebChrome(
                page: .purchase, title: "Record a purchase", session: session, view: view,
                householdName: try await householdName(session, view), error: error),
            searchPath: "\(base)/purchase", recordPath: "\(base)/purchases", query: query,
            searched: !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            results: found.map { product in
                let settings = ProductReference(rawValue: product.id).flatMap { state.productSettings[$0] }
                let unit = settings?.stockUnit ?? (units.count == 1 ? units.first?.id : nil)
                let location = settings?.defaultLocation
                var due = ""
                if case .days(let days)? = settings?.defaultDueDays { due = today.adding(days: days).description }
                return PurchasePage.Result(
                    productId: product.id, title: product.title, submission: UUID().uuidString.lowercased(), amount: "1",
                    units: units.map { WebProductPage.Option(value: $0.id.rawValue, label: $0.name, selected: $0.id == unit) },
                    locations: locations.map {
                        WebProductPage.Option(value: $0.id.rawValue, label: $0.name, selected: $0.id == location)
                    },
                    dueDate: due)
            })
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryModule
import SyncWire

/// The Grocy API's work: who a key is, a household's reading in Grocy's shapes, and its commands booked as the
/// kit's own (through ``WebCommandService``, as the web app's are).
struct GrocyService: Sendable {
    /// What a reading names products of.
    enum ProductScope: Sendable {
        /// Products the household holds stock of.
        case stocked
        /// Every product: the household's records and every product its state names.
        case all
        /// These products.
        case only([ProductReference])
    }

    let source: any HouseholdViewSource
    let store: PostgresSyncStore
    let service: SyncService
    let commands: WebCommandService
    let ids: GrocyIDTable
    let marks = GrocyWriteMarks()
    var now: @Sendable () -> Date = { Date() }

    /// The device of the request's `GROCY-API-KEY` header (or, as Grocy also accepts, its query parameter).
    /// - Throws: ``GrocyRefusal/unauthorized`` for a missing, unknown or revoked key; the failure limiter of the
    ///   `/v1` API counts it.
    func authenticate(_ request: Request, peer: String) async throws -> GrocyKey {
        let text = request.headers[.grocyAPIKey]
            ?? request.uri.queryParameters.get("GROCY-API-KEY")
        do {
            let device = try await service.authenticate(text.map { BearerToken(rawValue: $0) }, peer: peer)
            return GrocyKey(householdID: device.householdID, deviceID: device.deviceID)
        } catch let error as APIError where error.code == .unauthorized {
            throw GrocyRefusal.unauthorized
        }
    }

    /// The household folded at least through this process's last write to it, with the ids of everything the
    /// products of `scope` name.
    func reading(of household: HouseholdID, products scope: ProductScope) async throws -> GrocyReading {
        let view = try await service.mapStoreErrors {
            try await source.view(of: household, atLeast: marks.seq(of: household))
        }
        let state = view.state
        let facts: [String: GrocyProductFacts]
        var wanted: Set<String>
        switch scope {
        case .stocked:
            wanted = Set(state.stockByProduct().map(\.productID.rawValue))
            facts = try await store.grocyProductFacts(of: household, ids: Array(wanted))
        case .only(let products):
            wanted = Set(products.map(\.rawValue))
            facts = try await store.grocyProductFacts(of: household, ids: Array(wanted))
        case .all:
            facts = try await store.grocyProductFacts(of: household, ids: nil)
            wanted = Set(facts.keys).union(Self.referencedProducts(in: state).map(\.rawValue))
        }
        let kitHousehold = InventoryModule.HouseholdID(household.rawValue)
        return GrocyReading(
            household: household, state: state, clock: GrocyClock(timeZone: state.timeZone(of: kitHousehold)),
            created: state.households[kitHousehold]?.createdAt ?? view.foldedAt, foldedAt: view.foldedAt, facts: facts,
            productIDs: try await ids.ids(of: .product, wanted, in: household),
            unitIDs: try await ids.ids(
                of: .unit, state.units.keys.map(\.rawValue) + [GrocyReading.fallbackUnit.rawValue], in: household),
            locationIDs: try await ids.ids(of: .location, state.locations.keys.map(\.rawValue), in: household))
    }

    /// Every product the state names: its lots', settings', shopping items' and over-draws'.
    static func referencedProducts(in state: InventoryState) -> Set<ProductReference> {
        Set(state.lots.values.map(\.productID)).union(state.productSettings.keys)
            .union(state.shoppingListItems.values.compactMap(\.productID))
    }

    /// The product an integer id names.
    /// - Throws: ``GrocyRefusal/unknownID(kind:id:)`` when it names no product of the household.
    func product(_ id: Int32, of household: HouseholdID) async throws -> ProductReference {
        guard let key = try await ids.key(of: .product, id: id, in: household), let product = ProductReference(rawValue: key)
        else { throw GrocyRefusal.unknownID(kind: "product", id: "\(id)") }
        return product
    }

    /// The product a path's `productId` names: an integer id.
    func product(path text: String, of household: HouseholdID) async throws -> ProductReference {
        guard let id = Int32(text) else { throw GrocyRefusal.badRequest("The product id must be a whole number.") }
        return try await product(id, of: household)
    }

    /// The product a barcode names: the household's product of that normalized barcode, or one listing it among
    /// its related barcodes, or a product the household's stock names by it.
    /// - Throws: ``GrocyRefusal/badRequest(_:)`` as Grocy does for a barcode no product has.
    func product(barcode text: String, of household: HouseholdID) async throws -> ProductReference {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var candidates = [trimmed]
        if let normalized = try? GTIN.normalize(trimmed), normalized != trimmed { candidates.insert(normalized, at: 0) }
        for candidate in candidates {
            if let id = try await service.mapStoreErrors({ try await store.grocyProduct(of: household, barcode: candidate) }),
                let product = ProductReference(rawValue: id)
            {
                return product
            }
        }
        let view = try await service.mapStoreErrors {
            try await source.view(of: household, atLeast: marks.seq(of: household))
        }
        for candidate in candidates {
            if let product = ProductReference(rawValue: candidate),
                Self.referencedProducts(in: view.state).contains(product)
            {
                return product
            }
        }
        throw GrocyRefusal.badRequest("No product with barcode \(trimmed) exists in this household.")
    }
}

import Foundation
import Hummingbird
import InventoryKit
import InventoryModule
import NIOCore

extension SyncRoutes {
    /// `GET households/:id/views/{stock,due,below-minimum,shopping-list,overdraws}`: the household as the server's replica
    /// folded it, for a device's bearer token. `?atLeast=SEQ` waits (bounded) until the replica has folded that
    /// far, so a device that just pushed reads its own writes; `views/due` takes `?days=N` (0…365, default 5).
    func addViews(to group: RouterGroup<Context>) {
        let views = replication.views
        group.get("households/:id/views/stock") { request, context in
            let household = try await authorizedHousehold(request, context)
            return try Self.json(await views.stock(of: household, atLeast: try Self.atLeast(request)))
        }
        group.get("households/:id/views/due") { request, context in
            let household = try await authorizedHousehold(request, context)
            var days = InventoryState.defaultDueSoonDays
            if let text = request.uri.queryParameters.get("days") {
                guard let value = Int(text), (0...365).contains(value) else {
                    throw APIError.invalidField("days", "days must be an integer from 0 to 365.")
                }
                days = value
            }
            return try Self.json(await views.due(of: household, days: days, atLeast: try Self.atLeast(request)))
        }
        group.get("households/:id/views/below-minimum") { request, context in
            let household = try await authorizedHousehold(request, context)
            return try Self.json(await views.belowMinimum(of: household, atLeast: try Self.atLeast(request)))
        }
        group.get("households/:id/views/shopping-list") { request, context in
            let household = try await authorizedHousehold(request, context)
            return try Self.json(await views.shoppingList(of: household, atLeast: try Self.atLeast(request)))
        }
        group.get("households/:id/views/overdraws") { request, context in
            let household = try await authorizedHousehold(request, context)
            return try Self.json(await views.overdraws(of: household, atLeast: try Self.atLeast(request)))
        }
    }

    /// The `atLeast` query parameter: a non-negative `seq`, or `nil` when absent.
    static func atLeast(_ request: Request) throws -> Int64? {
        guard let text = request.uri.queryParameters.get("atLeast") else { return nil }
        guard let value = Int64(text), value >= 0 else {
            throw APIError.invalidField("atLeast", "atLeast must be a non-negative integer.")
        }
        return value
    }

    /// A `200` JSON response in the kit's encoding (`RecordCoding`: every digit of a `Decimal`, ISO 8601 dates).
    static func json(_ value: some Encodable) throws -> Response {
        ByteBuffer(bytes: try RecordCoding.encode(value)).jsonResponse()
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import InventoryKit
import InventoryModule
import NIOCore
import SyncWire

/// The part of Grocy's REST API that Home Assistant's Grocy integration and the Python Grocy clients use, under
/// `/api`, so a household's existing tools connect (the subset and how it differs from Grocy are in
/// `Resources/grocy-openapi.json`, served at `GET /api/openapi.json`, and in the Server README).
///
/// The key is a device token of the household, sent as `GROCY-API-KEY`; reads answer from the household's replica,
/// writes book the kit's own commands through ``WebCommandService`` as the replica `grocy:<device id>`. An
/// `X-Request-ID` or `Idempotency-Key` header makes a write's retries book once. Anything outside the subset
/// answers 400 `{"error_message": "not supported by InventoryKit"}`.
struct GrocyRoutes<Context: RemoteAddressRequestContext>: Sendable {
    let grocy: GrocyService

    /// The largest request body the API reads.
    static var maxBodyBytes: Int { 64 * 1024 }

    /// Adds the routes to `router` under `/api`.
    func add(to router: Router<Context>) {
        let group = router.group("api").add(middleware: GrocyErrorMiddleware())
        group.get("openapi.json") { _, _ in GrocyOpenAPIDocument.response() }
        var api = Routes(group: group)
        addSystem(to: &api)
        addStock(to: &api)
        addObjects(to: &api)
        addShoppingList(to: &api)
        // Every other method of a path the subset answers, and every other path, is outside the subset.
        let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .patch]
        var unsupported = api.methods.flatMap { path, answered in
            methods.filter { !answered.contains($0) }.map { (RouterPath(path), $0) }
        }
        unsupported += methods.flatMap { method in [(RouterPath(""), method), (RouterPath("**"), method)] }
        // A device whose server address was given with `/api` appended asks for `/api/v1/…`: Grocy has no such
        // path, so it answers as any unknown path does (404 in the `/v1` envelope), and the device says the address
        // does not lead to a sync server rather than that its token was refused.
        for method in methods {
            router.on("api/v1/**", method: method) { _, _ -> Response in throw HTTPError(.notFound) }
        }
        for (path, method) in unsupported {
            group.on(path, method: method) { request, context -> Response in
                _ = try await key(request, context)
                throw GrocyRefusal.notSupported
            }
        }
    }

    private func addSystem(to api: inout Routes) {
        api.on(.get, "system/info") { request, context in
            _ = try await key(request, context)
            return try json(grocy.info(client: request.headers[.userAgent]))
        }
        api.on(.get, "system/config") { request, context in
            try json(try await grocy.config(of: try await key(request, context).householdID))
        }
        api.on(.get, "system/time") { request, context in
            let offset = Int(request.uri.queryParameters.get("offset") ?? "0") ?? 0
            return try json(try await grocy.time(of: try await key(request, context).householdID, offset: offset))
        }
        api.on(.get, "system/db-changed-time") { request, context in
            try json(try await grocy.changedTime(of: try await key(request, context).householdID))
        }
        api.on(.get, "user/settings/:key") { request, context in
            _ = try await key(request, context)
            return try json(try grocy.userSetting(context.parameters.get("key") ?? ""))
        }
    }

    private func addStock(to api: inout Routes) {
        api.on(.get, "stock") { request, context in
            try json(try await grocy.stock(of: try await key(request, context).householdID))
        }
        api.on(.get, "stock/volatile") { request, context in
            let household = try await key(request, context).householdID
            let days = request.uri.queryParameters.get("due_soon_days").flatMap { Int($0) } ?? 5
            guard (0...3_650).contains(days) else { throw GrocyRefusal.badRequest("due_soon_days must be 0 to 3650.") }
            return try json(try await grocy.volatile(of: household, days: days))
        }
        api.on(.get, "stock/products/by-barcode/:barcode") { request, context in
            let household = try await key(request, context).householdID
            let product = try await grocy.product(barcode: try parameter("barcode", context), of: household)
            return try json(try await grocy.details(of: product, in: household))
        }
        api.on(.get, "stock/products/:productId") { request, context in
            let household = try await key(request, context).householdID
            let product = try await grocy.product(path: try parameter("productId", context), of: household)
            return try json(try await grocy.details(of: product, in: household))
        }
        for write in GrocyService.StockWrite.allCases {
            api.on(.post, "stock/products/:productId/\(write.rawValue)") { request, context in
                let key = try await key(request, context)
                let product = try await grocy.product(path: try parameter("productId", context), of: key.householdID)
                return try await stockWrite(write, product: product, request, key: key)
            }
            api.on(.post, "stock/products/by-barcode/:barcode/\(write.rawValue)") { request, context in
                let key = try await key(request, context)
                let product = try await grocy.product(barcode: try parameter("barcode", context), of: key.householdID)
                return try await stockWrite(write, product: product, request, key: key)
            }
        }
        api.on(.get, "stock/transactions/:transactionId") { request, context in
            let household = try await key(request, context).householdID
            return try json(try await grocy.stockLog(of: try transaction(context), in: household))
        }
        api.on(.post, "stock/transactions/:transactionId/undo") { request, context in
            let key = try await key(request, context)
            try await grocy.undo(try transaction(context), key: key, submission: submission(request, key))
            return Response(status: .noContent)
        }
    }

    private func addObjects(to api: inout Routes) {
        api.on(.get, "objects/:entity") { request, context in
            let household = try await key(request, context).householdID
            let query = request.uri.queryParameters
            if query.get("order") != nil { throw GrocyRefusal.badRequest("InventoryKit does not answer order.") }
            let filters = try GrocyQueryFilter.filters(inQuery: request.uri.query)
            var rows = try await grocy.objects(try entity(context), of: household, filters: filters)
            let offset = query.get("offset").flatMap { Int($0) } ?? 0
            rows = Array(rows.dropFirst(max(0, offset)))
            if let limit = query.get("limit").flatMap({ Int($0) }) { rows = Array(rows.prefix(max(0, limit))) }
            return try json(JSONValue.array(rows))
        }
        api.on(.get, "objects/:entity/:objectId") { request, context in
            let household = try await key(request, context).householdID
            return try json(try await grocy.object(try entity(context), id: try objectID(context), of: household))
        }
        api.on(.put, "objects/:entity/:objectId") { request, context in
            let key = try await key(request, context)
            guard try entity(context) == .shoppingList else { throw GrocyRefusal.notSupported }
            try await grocy.updateShoppingListItem(
                try objectID(context), body: try await body(request), key: key, submission: submission(request, key))
            return Response(status: .noContent)
        }
        api.on(.delete, "objects/:entity/:objectId") { request, context in
            let key = try await key(request, context)
            guard try entity(context) == .shoppingList else { throw GrocyRefusal.notSupported }
            try await grocy.deleteShoppingListItem(try objectID(context), key: key, submission: submission(request, key))
            return Response(status: .noContent)
        }
    }

    private func addShoppingList(to api: inout Routes) {
        api.on(.post, "stock/shoppinglist/add-product") { request, context in
            let key = try await key(request, context)
            try await grocy.addToShoppingList(body: try await body(request), key: key, submission: submission(request, key))
            return Response(status: .noContent)
        }
        api.on(.post, "stock/shoppinglist/remove-product") { request, context in
            let key = try await key(request, context)
            try await grocy.removeFromShoppingList(
                body: try await body(request), key: key, submission: submission(request, key))
            return Response(status: .noContent)
        }
        api.on(.post, "stock/shoppinglist/clear") { request, context in
            let key = try await key(request, context)
            try await grocy.clearShoppingList(body: try await body(request), key: key, submission: submission(request, key))
            return Response(status: .noContent)
        }
        api.on(.post, "stock/shoppinglist/add-missing-products") { request, context in
            let key = try await key(request, context)
            try await grocy.addMissingProducts(body: try await body(request), key: key, submission: submission(request, key))
            return Response(status: .noContent)
        }
    }

    /// The routes of the subset, with the methods each path answers.
    private struct Routes {
        let group: RouterGroup<Context>
        var methods: [String: Set<HTTPRequest.Method>] = [:]

        /// Answers `method` on `path` with `handler`.
        mutating func on(
            _ method: HTTPRequest.Method, _ path: String,
            _ handler: @escaping @Sendable (Request, Context) async throws -> Response
        ) {
            group.on(RouterPath(path), method: method, use: handler)
            methods[path, default: []].insert(method)
        }
    }

    private func stockWrite(
        _ write: GrocyService.StockWrite, product: ProductReference, _ request: Request, key: GrocyKey
    ) async throws -> Response {
        let rows = try await grocy.write(
            write, product: product, body: try await body(request), key: key, submission: submission(request, key))
        return try json(rows)
    }

    private func key(_ request: Request, _ context: Context) async throws -> GrocyKey {
        let key = try await grocy.authenticate(request, peer: context.remoteAddress?.ipAddress ?? "unknown")
        RequestScope.current?.identify(household: key.householdID, device: key.deviceID)
        return key
    }

    /// The write's idempotency: the `X-Request-ID` or `Idempotency-Key` header hashed with the key's device, the
    /// method and the path (so two tools, or two calls, that happen to send the same id do not meet), else a fresh
    /// UUID (a retry without it books again, as on Grocy).
    private func submission(_ request: Request, _ key: GrocyKey) -> UUID {
        let header = request.headers[.idempotencyKey] ?? request.headers[RequestID.headerName]
        guard let header, !header.isEmpty else { return UUID() }
        return InventoryIDGenerator.uuidV5(
            namespace: key.deviceID.rawValue, name: "grocy-request \(request.method) \(request.uri.path)\n\(header)")
    }

    private func body(_ request: Request) async throws -> GrocyBody {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: Self.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw GrocyRefusal.badRequest("The request body exceeds \(Self.maxBodyBytes) bytes.")
        }
        return try GrocyBody(Data(buffer.readableBytesView))
    }

    private func parameter(_ name: String, _ context: Context) throws -> String {
        guard let decoded = (context.parameters.get(name) ?? "").removingPercentEncoding else {
            throw GrocyRefusal.badRequest("The path segment \(name) is not valid percent-encoded UTF-8.")
        }
        return decoded
    }

    private func transaction(_ context: Context) throws -> TransactionID {
        let text = try parameter("transactionId", context)
        guard let uuid = UUID(uuidString: text) else {
            throw GrocyRefusal.unknownID(kind: "transaction", id: text)
        }
        return TransactionID(rawValue: uuid)
    }

    private func entity(_ context: Context) throws -> GrocyService.ObjectEntity {
        guard let entity = GrocyService.ObjectEntity(rawValue: try parameter("entity", context)) else {
            throw GrocyRefusal.notSupported
        }
        return entity
    }

    private func objectID(_ context: Context) throws -> Int32 {
        let text = try parameter("objectId", context)
        guard let id = Int32(text) else { throw GrocyRefusal.badRequest("The object id must be a whole number.") }
        return id
    }

    private func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}

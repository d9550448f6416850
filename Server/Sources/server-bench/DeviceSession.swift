import Foundation
import InventoryKit
import InventoryModule
import SyncServer
import SyncWire
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A device reading from the server as an app does, through `URLSession` (keep-alive connections, bodies
/// collected by Foundation): the bootstrap's snapshot and state bytes, and the full pull it replaces.
///
/// The HTTP/1.1 test client of ``DeviceConnection`` copies the whole body collected so far for every part of a
/// response that arrives, which makes a body of megabytes cost quadratic time: fine for pushes, not for reading a
/// checkpoint.
struct DeviceSession: Sendable {
    let session: URLSession
    let base: String
    let household: SyncServer.HouseholdID
    let token: BearerToken

    init(port: Int, household: SyncServer.HouseholdID, token: BearerToken, timeout: TimeInterval = 300) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 1
        configuration.timeoutIntervalForRequest = timeout
        session = URLSession(configuration: configuration)
        base = "http://127.0.0.1:\(port)"
        self.household = household
        self.token = token
    }

    /// `GET snapshot` (with `products=false` unless `products`), decoded.
    func snapshot(products: Bool = false, atLeast: Int64? = nil) async throws -> Snapshot {
        let query = [products ? nil : "products=false", atLeast.map { "atLeast=\($0)" }].compactMap { $0 }
        let body = try await get(
            "/v1/households/\(household)/snapshot" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")))
        return try JSONDecoder().decode(Snapshot.self, from: body)
    }

    /// The body of a `GET` that must answer `200`: with the device's bearer token, or as a browser with a
    /// `Cookie` header when `cookie` is given; `headers` are added (a Grocy client's `GROCY-API-KEY`).
    func get(_ path: String, cookie: String? = nil, headers: [String: String] = [:]) async throws -> Data {
        let (status, body) = try await send(path, cookie: cookie, headers: headers)
        guard status == 200 else {
            throw BenchFailure("GET \(path) answered \(status): \(String(decoding: body.prefix(300), as: UTF8.self))")
        }
        return body
    }

    /// One request, whatever it answers: `GET`, or `POST` of a JSON `body`; with the device's bearer token, or as a
    /// browser with a `Cookie` header when `cookie` is given; `headers` are added. Throws only what the transport
    /// throws.
    /// - Returns: the status and the body.
    func send(
        _ path: String, body: Data? = nil, cookie: String? = nil, headers: [String: String] = [:]
    ) async throws -> (status: Int, body: Data) {
        guard let url = URL(string: base + path) else { throw BenchFailure("not a URL: \(base + path)") }
        var request = URLRequest(url: url)
        if let cookie {
            request.setValue(cookie, forHTTPHeaderField: "Cookie")
        } else {
            request.setValue("Bearer \(token.rawValue)", forHTTPHeaderField: "Authorization")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let body {
            request.httpMethod = "POST"
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (answer, response) = try await session.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, answer)
    }

    /// Every journal entry of the log, pulled in pages of `limit` (`changes?kinds=journal`) and decoded as the
    /// kit's HTTP gateway decodes a page (`RecordCoding`, straight into the kit's type).
    func pullJournal(limit: Int) async throws -> [InventoryJournalEntry] {
        var cursor: Int64 = 0
        var entries: [InventoryJournalEntry] = []
        while true {
            let body = try await get("/v1/households/\(household)/changes?after=\(cursor)&limit=\(limit)&kinds=journal")
            let page = try RecordCoding.decode(PulledPage<JournalChange>.self, from: body)
            entries += page.changes.map(\.payload)
            cursor = page.cursor
            if !page.hasMore { return entries }
        }
    }

    /// Ends the session's connections.
    func close() {
        session.finishTasksAndInvalidate()
    }
}

/// A journal change of a page, the entry decoded.
private struct JournalChange: Decodable {
    let seq: Int64
    let payload: InventoryJournalEntry
}

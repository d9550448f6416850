import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryKit
import InventoryModule
import NIOCore
import SyncServer

extension DeviceConnection {
    /// `GET snapshot` (with `products=false` unless `products`), decoded.
    func snapshot(products: Bool = false) async throws -> SnapshotResponse {
        let path = "/v1/households/\(household)/snapshot" + (products ? "" : "?products=false")
        let body = try await get(path)
        return try JSONDecoder().decode(SnapshotResponse.self, from: body)
    }

    /// The body of a `GET` that must answer `200`.
    func get(_ path: String) async throws -> Data {
        let response = try await client.execute(.init(path, method: .get, headers: readHeaders))
        let bytes = response.body.map { Data($0.readableBytesView) } ?? Data()
        guard response.head.status == .ok else {
            throw BenchFailure("GET \(path) answered \(response.head.status): \(String(decoding: bytes.prefix(300), as: UTF8.self))")
        }
        return bytes
    }

    /// Every journal entry of the log, pulled in pages of `limit` (`changes?kinds=journal`) and decoded as the
    /// kit's HTTP gateway decodes a page (`RecordCoding`, straight into the kit's type).
    func pullJournal(limit: Int) async throws -> [InventoryJournalEntry] {
        var cursor: Int64 = 0
        var entries: [InventoryJournalEntry] = []
        while true {
            let body = try await get("/v1/households/\(household)/changes?after=\(cursor)&limit=\(limit)&kinds=journal")
            let page = try RecordCoding.decode(JournalPage.self, from: body)
            entries += page.changes.map(\.payload)
            cursor = page.cursor
            if !page.hasMore { return entries }
        }
    }

    private var readHeaders: HTTPFields {
        [.authorization: "Bearer \(token.rawValue)", .connection: "keep-alive"]
    }
}

/// A page of journal changes, the entries decoded.
private struct JournalPage: Decodable {
    struct Change: Decodable {
        let seq: Int64
        let payload: InventoryJournalEntry
    }

    let changes: [Change]
    let cursor: Int64
    let hasMore: Bool
}

import Foundation
import InventoryKit
import InventorySync
import SyncWire
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPSyncClient {
    /// One page of the household's changes of `Payload`'s kind after `cursor` (`GET …/changes?after&limit&kinds`).
    ///
    /// - Throws: ``RemoteSyncError`` (`resyncRequired` when the server cannot serve the cursor any more).
    func changes<Payload: KindPayload>(of payload: Payload.Type, after cursor: Int64?, limit: Int) async throws
        -> ChangesResponse<Payload>
    {
        let query = [
            URLQueryItem(name: "after", value: String(max(0, cursor ?? 0))),
            URLQueryItem(name: "limit", value: String(max(1, min(limit, configuration.maximumPageSize)))),
            URLQueryItem(name: "kinds", value: Payload.changeKind.rawValue),
        ]
        let answer = try await get(["changes"], query: query)
        do {
            return try RecordCoding.decode(ChangesResponse<Payload>.self, from: answer.body)
        } catch {
            throw RemoteSyncError.transient("the server's page of changes cannot be read: \(RecordCoding.describe(error))")
        }
    }
}

import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import SyncWire

extension HTTPInventoryGateway {
    /// The household's saved state from the server: `GET …/snapshot?atLeast&products=false`, then its bytes from
    /// `GET …/snapshot/{seq}/state`. `nil` when the server has none (`404`: an empty journal, or a server without
    /// snapshots) or serves a format this client does not read; the engine then pulls every entry. When the saved
    /// state was replaced between the two requests (`404` on the bytes), the pair is asked once more.
    ///
    /// - Throws: ``RemoteSyncError`` (`permanent` for a household this gateway does not serve).
    public func snapshot(of household: HouseholdID, atLeast seq: Int64?) async throws -> InventorySnapshot? {
        guard household == client.configuration.householdID else {
            throw RemoteSyncError.permanent("this server syncs household \(client.configuration.householdID), not \(household)")
        }
        for _ in 0..<2 {
            var query = [URLQueryItem(name: "products", value: "false")]
            if let seq { query.append(URLQueryItem(name: "atLeast", value: String(seq))) }
            let answer = try await client.get(["snapshot"], query: query, accepting: [404])
            guard answer.status != 404 else { return nil }
            let snapshot: Snapshot
            let mark: InventoryCheckpointMark
            do {
                snapshot = try JSONDecoder().decode(Snapshot.self, from: answer.body)
                mark = try RecordCoding.decode(InventoryCheckpointMark.self, from: Data(snapshot.mark.text.utf8))
            } catch {
                throw RemoteSyncError.transient("the server's snapshot cannot be read: \(RecordCoding.describe(error))")
            }
            guard snapshot.format == Snapshot.checkpointFormat, mark.householdID == household else { return nil }
            let state = try await client.get(["snapshot", String(snapshot.seq), "state"], accepting: [404])
            guard state.status != 404 else { continue }
            guard Int64(state.body.count) == snapshot.stateBytes else {
                throw RemoteSyncError.transient(
                    "the snapshot's state arrived with \(state.body.count) of its \(snapshot.stateBytes) bytes")
            }
            return InventorySnapshot(seq: snapshot.seq, checkpoint: InventoryCheckpoint(mark: mark, stateData: state.body))
        }
        throw RemoteSyncError.transient("the server replaced its snapshot twice while it was being read")
    }
}

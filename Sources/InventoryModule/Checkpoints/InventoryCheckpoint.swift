import Foundation
import InventoryKit

/// A household's projected ``InventoryState`` saved with the journal position it covers, so opening the household
/// decodes the state and folds only the entries after it instead of the whole journal.
///
/// The service writes checkpoints every ``InventoryCheckpointPolicy/interval`` entries and drops, in the same
/// commit as the entries, every checkpoint a late entry or an undo reaches back into; a store keeps what it is
/// given. The state travels encoded (``stateData``), so a store saves bytes and never needs to know the state's
/// shape: a compact binary form whose history (entry ids, transaction effects, consumption records) is sealed —
/// opening reads it without decoding it, so an open costs what the live stock costs, not what the history does.
/// Checkpoints stored as JSON (`RecordCoding`) by earlier versions still decode.
public struct InventoryCheckpoint: Sendable {
    /// Which checkpoint this is.
    public var mark: InventoryCheckpointMark
    /// The encoded state: the binary checkpoint form, or `RecordCoding`'s JSON for checkpoints of earlier versions.
    public var stateData: Data

    /// Creates a checkpoint from a mark and the encoded state, as a store reads it back.
    public init(mark: InventoryCheckpointMark, stateData: Data) {
        self.mark = mark
        self.stateData = stateData
    }

    /// Encodes a household's state, or `nil` for a state that has folded nothing (nothing to save).
    ///
    /// - Throws: `StorageError.encodingFailed(collection:id:reason:)` when the state does not encode.
    public init?(state: InventoryState, of household: HouseholdID) throws(StorageError) {
        guard let key = state.lastAppliedOrderKey else { return nil }
        mark = InventoryCheckpointMark(householdID: household, orderKey: key, entryCount: state.entryLog.count)
        do {
            stateData = try InventoryCheckpointFormat.encode(state)
        } catch {
            throw .encodingFailed(
                collection: Self.collection, id: RecordID(key.entryID), reason: RecordCoding.describe(error))
        }
    }

    /// The canonical bytes of a state: equal states give equal bytes however they were reached — folded whole,
    /// continued from a checkpoint, opened with a sealed history — so two replicas (two devices, a device and a
    /// server) can compare what they folded byte for byte. The checkpoint form with its history written afresh
    /// rather than copied; slower to write than ``init(state:of:)``, which copies what it can.
    ///
    /// - Throws: `StorageError.encodingFailed(collection:id:reason:)` when the state does not encode.
    public static func canonicalBytes(of state: InventoryState) throws(StorageError) -> Data {
        do {
            return try InventoryCheckpointFormat.encode(state, canonical: true)
        } catch {
            throw .encodingFailed(
                collection: collection, id: RecordID(state.lastAppliedOrderKey?.entryID ?? UUID()),
                reason: RecordCoding.describe(error))
        }
    }

    /// The decoded state.
    ///
    /// - Throws: `StorageError.corruptRecord(collection:id:reason:)` when the bytes do not decode.
    public func state() throws(StorageError) -> InventoryState {
        do {
            if InventoryCheckpointFormat.matches(stateData) { return try InventoryCheckpointFormat.decode(stateData) }
            return try RecordCoding.decode(InventoryState.self, from: stateData)
        } catch {
            throw .corruptRecord(
                collection: Self.collection, id: RecordID(mark.orderKey.entryID), reason: RecordCoding.describe(error))
        }
    }

    /// The collection name errors about checkpoints use (and ``StorageInventoryStore`` stores them in).
    public static let collection: RecordCollection = "inventory-checkpoints"
}

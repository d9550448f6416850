import Foundation
import InventoryKit
import InventoryModule
import InventorySync

/// The first five bytes of the kit's binary checkpoint (`InventoryCheckpoint.stateData`): the magic `IKCP` and the
/// format version byte (`docs/checkpoint-format.md`).
///
/// The kit keeps its format version to itself, so the server reads it from bytes: from a stored checkpoint's
/// header, and, for the version the kit writes now, from the header of a checkpoint it encodes once.
struct CheckpointHeader: Sendable, Equatable {
    /// The magic bytes every binary checkpoint starts with.
    static let magic: [UInt8] = Array("IKCP".utf8)
    /// How many bytes the header has: the magic and the version byte.
    static let length = 5

    /// The format version the header names.
    let version: Int

    /// The header of `bytes`, or `nil` when they are not the binary form (a JSON checkpoint of an early kit starts
    /// with `{`) or are too short.
    init?(_ bytes: some Collection<UInt8>) {
        guard bytes.count >= Self.length, bytes.prefix(Self.magic.count).elementsEqual(Self.magic) else { return nil }
        version = Int(bytes[bytes.index(bytes.startIndex, offsetBy: Self.magic.count)])
    }

    /// The header as bytes: the magic and the version.
    var bytes: [UInt8] { Self.magic + [UInt8(truncatingIfNeeded: version)] }

    /// The header of the checkpoints the kit writes now, read from a checkpoint of a one-entry household; `nil`
    /// only if the kit can no longer encode one, or writes another form.
    static let current: CheckpointHeader? = {
        let id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
        let household = InventoryModule.HouseholdID(id)
        let entry = InventoryJournalEntry(
            id: id, householdID: household, transactionID: TransactionID(id), correlationID: CorrelationID(id),
            recordedAt: Date(timeIntervalSinceReferenceDate: 0), replicaID: ReplicaID("server-format-probe"),
            operation: .createHousehold(name: "Probe"))
        let state = InventoryProjector.project([entry])
        guard let checkpoint = try? InventoryCheckpoint(state: state, of: household) else { return nil }
        return CheckpointHeader(checkpoint.stateData)
    }()
}

import Foundation
import InventoryKitTesting
import InventoryModule
import InventorySync

extension InventoryJournalEntry {
    /// A journal entry of `household` doing `operation`, for test data. Unless given, the entry has a new random id,
    /// is its own transaction and correlation (both the entry's id), has no idempotency key, and was recorded by
    /// replica `tests` at `Date.fixtureEpoch`.
    ///
    /// ```swift
    /// let entry = InventoryJournalEntry.fixture(.removeLocation(pantry), in: home, recordedAt: .fixtureEpoch + 60)
    /// ```
    public static func fixture(
        _ operation: InventoryOperation, in household: HouseholdID, id: UUID = UUID(),
        transactionID: TransactionID? = nil, correlationID: CorrelationID? = nil, idempotencyKey: IdempotencyKey? = nil,
        recordedAt: Date = .fixtureEpoch, replica: ReplicaID = "tests"
    ) -> InventoryJournalEntry {
        InventoryJournalEntry(
            id: id, householdID: household, transactionID: transactionID ?? TransactionID(id),
            correlationID: correlationID ?? CorrelationID(id), idempotencyKey: idempotencyKey, recordedAt: recordedAt,
            replicaID: replica, operation: operation)
    }

    /// Journal entry number `number` of `household`, for test data: the household's creation, named
    /// `Household <number>` (an entry that needs no other), with id `UUID(fixtureNumber: number)`, recorded by
    /// `replica` `number` seconds after `Date.fixtureEpoch` unless `recordedAt` says otherwise.
    ///
    /// ```swift
    /// let journal = (1...5).map { InventoryJournalEntry.fixture(number: $0, in: home) }
    /// ```
    public static func fixture(
        number: Int, in household: HouseholdID, recordedAt: Date? = nil, replica: ReplicaID = "tests"
    ) -> InventoryJournalEntry {
        fixture(
            .createHousehold(name: "Household \(number)"), in: household, id: UUID(fixtureNumber: number),
            recordedAt: recordedAt ?? Date.fixtureEpoch.addingTimeInterval(Double(number)), replica: replica)
    }
}

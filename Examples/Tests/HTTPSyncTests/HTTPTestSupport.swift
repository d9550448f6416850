import Foundation
import HTTPSync
import InventoryModule
import InventorySync
import ProductModule
import Testing

/// Factories for the gateway tests.
enum HTTPTestSupport {
    /// A client of `device` in `household` on the test server (no waiting on `Retry-After`).
    static func client(_ server: SyncServerFixture, _ household: ServerHousehold, device: Int = 0) throws -> HTTPSyncClient {
        var configuration = try HTTPSyncConfiguration(server: server.url, household: household.id, token: household.devices[device].token)
        configuration.requestTimeout = 10
        configuration.sleep = .immediate
        return HTTPSyncClient(configuration: configuration)
    }

    /// A barcode-less product new on this replica, and the change that creates it.
    static func newProduct(_ title: String, replica: String = "test-device") throws -> ProductChange {
        let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let product = try Product.new(barcode: nil, title: title, id: UUID(), now: now)
        return ProductChange(
            productID: product.productID, product: product,
            stamp: SyncStamp(updatedAt: now, version: product.version, replicaID: ReplicaID(replica)), baseStamp: nil)
    }

    /// A journal entry of `household`.
    static func entry(_ household: HouseholdID, _ operation: InventoryOperation, at seconds: Double = 800_000_000) -> InventoryJournalEntry {
        InventoryJournalEntry(
            id: UUID(), householdID: household, transactionID: TransactionID(rawValue: UUID()),
            correlationID: CorrelationID(rawValue: UUID()), recordedAt: Date(timeIntervalSinceReferenceDate: seconds),
            replicaID: ReplicaID("test-device"), operation: operation)
    }

    /// A loopback address nobody listens on (port 1, tcpmux, is never served on a test machine): a stopped server.
    static func stoppedServer() throws -> URL {
        try #require(URL(string: "http://127.0.0.1:1"))
    }
}

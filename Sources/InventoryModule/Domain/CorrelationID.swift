import Foundation

/// A caller-supplied id that groups related commands, e.g. every booking of one shopping trip.
public struct CorrelationID: InventoryUUIDID {
    /// The kind named by parsing errors: ``InventoryIDKind/correlation``.
    public static let kind = InventoryIDKind.correlation

    /// The id's UUID.
    public let rawValue: UUID

    /// Wraps a UUID.
    public init(rawValue: UUID) {
        self.rawValue = rawValue
    }
}

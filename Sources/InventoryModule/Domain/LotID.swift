import Foundation
import InventoryKit

/// The identity of a stock lot (a batch of one product at one location).
///
/// New lots get the id the command chose (from the context's UUID source); a lot split off another gets
/// `uuidV5(namespace: entry id, name: "split-<n>")` (`split(entry:index:)`), so every replica names it alike.
public struct LotID: InventoryStringID {
    /// The kind named by validation errors: ``InventoryIDKind/lot``.
    public static let kind = InventoryIDKind.lot

    /// The id's text.
    public let rawValue: String

    /// Creates a validated id, or `nil` when the text is empty, longer than 256 UTF-8 bytes or holds a control
    /// character.
    public init?(rawValue: String) {
        guard InventoryIDRules.problem(with: rawValue, kind: Self.kind) == nil else { return nil }
        self.rawValue = rawValue
    }

    /// Creates the id whose text is the lowercase form of `uuid`.
    public init(_ uuid: UUID) {
        self.rawValue = UUIDText.lowercase(uuid)
    }

    /// The id of the `index`-th lot (from 1) split off by the journal entry `entry`:
    /// `InventoryIDGenerator.uuidV5(namespace: entry, name: "split-<index>")`.
    package static func split(entry: UUID, index: Int) -> LotID {
        LotID(InventoryIDGenerator.uuidV5(namespace: entry, name: "split-\(index)"))
    }
}

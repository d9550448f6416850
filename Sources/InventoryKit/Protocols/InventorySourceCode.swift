import Foundation

/// Where a product's source code lives and under what terms, stored in a client-owned type.
///
/// Source code information is a value component of a product with no identity of its own, so the protocol
/// refines neither `Identifiable` nor `Codable`; plain structs can add `Codable` for free.
///
/// Every requirement is a mutable property so ``InventoryConfigurator`` can populate it; an implementer stores
/// each value and returns exactly what was last set.
public protocol InventorySourceCode: Sendable {
    /// The repository or archive location.
    var url: URL? { get set }
    /// Free-form notes (language, build instructions, provenance).
    var notes: String? { get set }
    /// When the source code was opened or released to the public.
    var dateOpened: Date? { get set }
    /// The license, preferably as an SPDX identifier such as `"MIT"` or `"GPL-2.0-only"`.
    var license: String? { get set }
}

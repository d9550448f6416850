import Foundation

/// The configurator most clients use: it applies every patch as it is, with the nil-keeps rule.
///
/// ```swift
/// let configurator = DefaultInventoryConfigurator()
/// configurator.configure(&product, title: "Lode Runner", platform: "Apple II")
/// ```
public struct DefaultInventoryConfigurator: InventoryConfigurator {
    /// Creates the default configurator.
    public init() {}
}

import Foundation

/// The values to write into an ``InventorySourceCode`` instance; `nil` keeps the existing value.
public struct InventorySourceCodePatch: Sendable, Hashable {
    /// The new repository location, or `nil` to keep it.
    public var url: URL?
    /// The new notes, or `nil` to keep them.
    public var notes: String?
    /// The new opening date, or `nil` to keep it.
    public var dateOpened: Date?
    /// The new license, or `nil` to keep it.
    public var license: String?

    /// Creates a patch; every omitted value keeps the instance's current value.
    public init(url: URL? = nil, notes: String? = nil, dateOpened: Date? = nil, license: String? = nil) {
        self.url = url
        self.notes = notes
        self.dateOpened = dateOpened
        self.license = license
    }

    /// Writes every non-`nil` value into `instance` and leaves the others untouched.
    public func apply<T: InventorySourceCode>(to instance: inout T) {
        if let url { instance.url = url }
        if let notes { instance.notes = notes }
        if let dateOpened { instance.dateOpened = dateOpened }
        if let license { instance.license = license }
    }
}

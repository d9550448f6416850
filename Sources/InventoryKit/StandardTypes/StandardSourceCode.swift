import Foundation

/// A ready-made ``InventorySourceCode`` value, for clients that do not need their own type.
public struct StandardSourceCode: InventorySourceCode, Codable, Hashable {
    /// The repository or archive location.
    public var url: URL?
    /// Free-form notes.
    public var notes: String?
    /// When the source was opened.
    public var dateOpened: Date?
    /// The license.
    public var license: String?

    /// Creates source code information; every value defaults to `nil`.
    public init(url: URL? = nil, notes: String? = nil, dateOpened: Date? = nil, license: String? = nil) {
        self.url = url
        self.notes = notes
        self.dateOpened = dateOpened
        self.license = license
    }
}

import Foundation

/// The values to write into an ``InventoryContact`` instance; `nil` keeps the existing value.
public struct InventoryContactPatch: Sendable, Hashable {
    /// The new name, or `nil` to keep it.
    public var name: String?
    /// The new title, or `nil` to keep it.
    public var title: String?
    /// The new e-mail address, or `nil` to keep it.
    public var email: String?
    /// The new phone number, or `nil` to keep it.
    public var phone: String?
    /// The new notes, or `nil` to keep them.
    public var notes: String?
    /// The new social media handles (replacing the old list), or `nil` to keep them.
    public var socialMedia: [InventorySocialHandle]?

    /// Creates a patch; every omitted value keeps the instance's current value.
    public init(
        name: String? = nil, title: String? = nil, email: String? = nil, phone: String? = nil,
        notes: String? = nil, socialMedia: [InventorySocialHandle]? = nil
    ) {
        self.name = name
        self.title = title
        self.email = email
        self.phone = phone
        self.notes = notes
        self.socialMedia = socialMedia
    }

    /// Writes every non-`nil` value into `instance` and leaves the others untouched.
    public func apply<T: InventoryContact>(to instance: inout T) {
        if let name { instance.name = name }
        if let title { instance.title = title }
        if let email { instance.email = email }
        if let phone { instance.phone = phone }
        if let notes { instance.notes = notes }
        if let socialMedia { instance.socialMedia = socialMedia }
    }
}

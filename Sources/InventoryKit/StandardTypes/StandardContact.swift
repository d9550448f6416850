import Foundation

/// A ready-made ``InventoryContact`` value, for clients that do not need their own type.
public struct StandardContact: InventoryContact, Codable, Hashable {
    /// The contact's identifier.
    public var id: UUID
    /// The display name.
    public var name: String
    /// The title or role.
    public var title: String?
    /// The e-mail address.
    public var email: String?
    /// The phone number.
    public var phone: String?
    /// Free-form notes.
    public var notes: String?
    /// Social media handles.
    public var socialMedia: [InventorySocialHandle]

    /// Creates a contact.
    public init(
        id: UUID = UUID(), name: String = "", title: String? = nil, email: String? = nil, phone: String? = nil,
        notes: String? = nil, socialMedia: [InventorySocialHandle] = []
    ) {
        self.id = id
        self.name = name
        self.title = title
        self.email = email
        self.phone = phone
        self.notes = notes
        self.socialMedia = socialMedia
    }
}

import Foundation

/// A UUID namespace for name-based (version 5) identifiers, as used by ``InventoryIDGenerator``.
///
/// The same name in two namespaces gives two unrelated ids, so every kind of entity gets its own namespace:
///
/// ```swift
/// let apple = InventoryIDGenerator.generate(for: .manufacturer, name: "Apple Computer")
/// // f21e6e0c-de96-52f9-86e3-7c122cff3a48, on every device, in every version of the kit
/// ```
///
/// The namespace UUIDs are part of the kit's public contract: changing one would change every id derived from
/// it. A namespace is encoded (`Codable`) as its UUID string.
public struct InventoryNamespace: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The namespace's UUID.
    public let rawValue: UUID

    /// Wraps a UUID as a namespace.
    public init(rawValue: UUID) {
        self.rawValue = rawValue
    }

    /// Wraps a UUID as a namespace, e.g. one that an app derives for its own kind of entity.
    ///
    /// ```swift
    /// extension InventoryNamespace {
    ///     static let recipe = InventoryNamespace(
    ///         InventoryIDGenerator.uuidV5(namespace: InventoryNamespace.url.rawValue, name: "https://example.com/ns/recipe")
    ///     )
    /// }
    /// ```
    public init(_ uuid: UUID) {
        self.rawValue = uuid
    }

    /// Builds a namespace from a UUID literal written as its 16 bytes, so that no parsing can fail.
    private init(bytes: uuid_t) {
        self.rawValue = UUID(uuid: bytes)
    }

    /// Decodes a namespace from a single UUID string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.rawValue = try container.decode(UUID.self)
    }

    /// Encodes the namespace as a single UUID string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The namespace's UUID in the canonical lowercase form, e.g. `d784a0c0-6d43-4e4b-90f7-1b0a88765432`.
    public var description: String {
        UUIDText.lowercase(rawValue)
    }

    // MARK: - Kit namespaces shared with the existing public kit

    /// Manufacturers and brands: `d784a0c0-6d43-4e4b-90f7-1b0a88765432`.
    public static let manufacturer = InventoryNamespace(
        bytes: (0xD7, 0x84, 0xA0, 0xC0, 0x6D, 0x43, 0x4E, 0x4B, 0x90, 0xF7, 0x1B, 0x0A, 0x88, 0x76, 0x54, 0x32)
    )

    /// Products: `e595b1d1-7e54-4f5c-81e8-2c1b99876543`.
    public static let product = InventoryNamespace(
        bytes: (0xE5, 0x95, 0xB1, 0xD1, 0x7E, 0x54, 0x4F, 0x5C, 0x81, 0xE8, 0x2C, 0x1B, 0x99, 0x87, 0x65, 0x43)
    )

    /// People (owners, household members, contacts): `f6a6c2e2-8f65-4d6d-92f9-3d2c00987654`.
    public static let person = InventoryNamespace(
        bytes: (0xF6, 0xA6, 0xC2, 0xE2, 0x8F, 0x65, 0x4D, 0x6D, 0x92, 0xF9, 0x3D, 0x2C, 0x00, 0x98, 0x76, 0x54)
    )

    /// Libraries (collections that group an inventory): `a1b2c3d4-e5f6-4a5b-8c7d-9e8f77665544`.
    public static let library = InventoryNamespace(
        bytes: (0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6, 0x4A, 0x5B, 0x8C, 0x7D, 0x9E, 0x8F, 0x77, 0x66, 0x55, 0x44)
    )

    /// Platforms (operating systems, consoles, ecosystems): `b2c3d4e5-f6a7-4b6c-9d8e-0f9a88776655`.
    public static let platform = InventoryNamespace(
        bytes: (0xB2, 0xC3, 0xD4, 0xE5, 0xF6, 0xA7, 0x4B, 0x6C, 0x9D, 0x8E, 0x0F, 0x9A, 0x88, 0x77, 0x66, 0x55)
    )

    // MARK: - RFC 9562 §6.6 predefined namespaces

    /// Fully qualified domain names (RFC 9562 `NameSpace_DNS`): `6ba7b810-9dad-11d1-80b4-00c04fd430c8`.
    public static let dns = InventoryNamespace(
        bytes: (0x6B, 0xA7, 0xB8, 0x10, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8)
    )

    /// URLs (RFC 9562 `NameSpace_URL`): `6ba7b811-9dad-11d1-80b4-00c04fd430c8`.
    public static let url = InventoryNamespace(
        bytes: (0x6B, 0xA7, 0xB8, 0x11, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8)
    )

    /// ISO object identifiers (RFC 9562 `NameSpace_OID`): `6ba7b812-9dad-11d1-80b4-00c04fd430c8`.
    public static let oid = InventoryNamespace(
        bytes: (0x6B, 0xA7, 0xB8, 0x12, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8)
    )

    /// X.500 distinguished names (RFC 9562 `NameSpace_X500`): `6ba7b814-9dad-11d1-80b4-00c04fd430c8`.
    public static let x500 = InventoryNamespace(
        bytes: (0x6B, 0xA7, 0xB8, 0x14, 0x9D, 0xAD, 0x11, 0xD1, 0x80, 0xB4, 0x00, 0xC0, 0x4F, 0xD4, 0x30, 0xC8)
    )

    // MARK: - Kit namespaces for semantic-unique entities
    //
    // Each is the version 5 UUID of the URL "https://inventorykit.dev/namespaces/<name>" in the RFC 9562 URL
    // namespace, e.g. in Python: uuid.uuid5(uuid.NAMESPACE_URL, "https://inventorykit.dev/namespaces/category").
    // They are computed once, on first use; tests pin the resulting values.

    /// Categories, derived as `uuidV5(namespace: .url, name: "https://inventorykit.dev/namespaces/category")`:
    /// `03aefac9-d84a-54a8-bd4c-f1231fd483ca`.
    public static let category = derived("category")

    /// Storage locations, derived as
    /// `uuidV5(namespace: .url, name: "https://inventorykit.dev/namespaces/storageLocation")`:
    /// `2758a805-cff2-5a11-a3c6-eef53f9b3d8e`.
    public static let storageLocation = derived("storageLocation")

    /// Units of measure, derived as `uuidV5(namespace: .url, name: "https://inventorykit.dev/namespaces/unit")`:
    /// `436dcc8c-de76-58a0-98fc-54fd08543e2f`.
    public static let unit = derived("unit")

    /// Tags, derived as `uuidV5(namespace: .url, name: "https://inventorykit.dev/namespaces/tag")`:
    /// `e3f268a0-8271-5e72-a686-6e38f32663aa`.
    public static let tag = derived("tag")

    /// Households, derived as `uuidV5(namespace: .url, name: "https://inventorykit.dev/namespaces/household")`:
    /// `79b27862-f56a-5507-b1e0-bd31c6615a71`.
    public static let household = derived("household")

    /// The prefix of the URLs from which the kit's semantic-entity namespaces are derived.
    static let derivationURLPrefix = "https://inventorykit.dev/namespaces/"

    /// Derives a kit namespace as the version 5 UUID of `derivationURLPrefix + name` in the URL namespace.
    private static func derived(_ name: String) -> InventoryNamespace {
        InventoryNamespace(InventoryIDGenerator.uuidV5(namespace: url.rawValue, name: derivationURLPrefix + name))
    }
}

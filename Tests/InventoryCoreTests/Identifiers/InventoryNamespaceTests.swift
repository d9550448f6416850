import Foundation
import InventoryKit
import Testing

@Suite("InventoryNamespace")
struct InventoryNamespaceTests {
    /// Every public namespace with the UUID it must keep forever.
    static let pinned: [(label: String, namespace: InventoryNamespace, uuid: String)] = [
        ("manufacturer", .manufacturer, "d784a0c0-6d43-4e4b-90f7-1b0a88765432"),
        ("product", .product, "e595b1d1-7e54-4f5c-81e8-2c1b99876543"),
        ("person", .person, "f6a6c2e2-8f65-4d6d-92f9-3d2c00987654"),
        ("library", .library, "a1b2c3d4-e5f6-4a5b-8c7d-9e8f77665544"),
        ("platform", .platform, "b2c3d4e5-f6a7-4b6c-9d8e-0f9a88776655"),
        ("dns", .dns, "6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
        ("url", .url, "6ba7b811-9dad-11d1-80b4-00c04fd430c8"),
        ("oid", .oid, "6ba7b812-9dad-11d1-80b4-00c04fd430c8"),
        ("x500", .x500, "6ba7b814-9dad-11d1-80b4-00c04fd430c8"),
        ("category", .category, "03aefac9-d84a-54a8-bd4c-f1231fd483ca"),
        ("storageLocation", .storageLocation, "2758a805-cff2-5a11-a3c6-eef53f9b3d8e"),
        ("unit", .unit, "436dcc8c-de76-58a0-98fc-54fd08543e2f"),
        ("tag", .tag, "e3f268a0-8271-5e72-a686-6e38f32663aa"),
        ("household", .household, "79b27862-f56a-5507-b1e0-bd31c6615a71"),
    ]

    @Test("keeps every namespace's published UUID", arguments: pinned.indices)
    func pinnedUUIDs(index: Int) {
        let (label, namespace, uuid) = Self.pinned[index]
        #expect(namespace.rawValue.uuidString.lowercased() == uuid, "InventoryNamespace.\(label)")
        #expect(namespace.description == uuid, "InventoryNamespace.\(label)")
    }

    @Test(
        "derives each semantic-entity namespace from its URL in the RFC 9562 URL namespace",
        arguments: [
            ("category", InventoryNamespace.category),
            ("storageLocation", .storageLocation),
            ("unit", .unit),
            ("tag", .tag),
            ("household", .household),
        ]
    )
    func derivedNamespaces(name: String, namespace: InventoryNamespace) {
        let url = "https://inventorykit.dev/namespaces/" + name
        let derived = InventoryIDGenerator.uuidV5(namespace: InventoryNamespace.url.rawValue, name: url)
        #expect(namespace.rawValue == derived)
    }

    @Test("gives every kind of entity its own namespace")
    func namespacesAreDistinct() {
        let all = Set(Self.pinned.map(\.namespace))
        #expect(all.count == Self.pinned.count)
    }

    @Test("wraps any UUID the same way through both initializers")
    func initializersAgree() throws {
        let uuid = try #require(UUID(uuidString: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"))
        #expect(InventoryNamespace(uuid) == InventoryNamespace(rawValue: uuid))
        #expect(InventoryNamespace(uuid).rawValue == uuid)
        #expect(InventoryNamespace(rawValue: InventoryNamespace.product.rawValue) == .product)
    }

    @Test("encodes as a bare UUID string and decodes back to the same namespace")
    func codableRoundTrip() throws {
        let data = try JSONEncoder().encode([InventoryNamespace.manufacturer, .category])
        let json = try #require(String(data: data, encoding: .utf8))
        let expected = #"["d784a0c0-6d43-4e4b-90f7-1b0a88765432","03aefac9-d84a-54a8-bd4c-f1231fd483ca"]"#
        #expect(json.lowercased() == expected)
        let decoded = try JSONDecoder().decode([InventoryNamespace].self, from: data)
        #expect(decoded == [.manufacturer, .category])
    }

    @Test("rejects a JSON value that is not a UUID string")
    func decodingRejectsGarbage() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(InventoryNamespace.self, from: Data(#""not-a-uuid""#.utf8))
        }
    }
}

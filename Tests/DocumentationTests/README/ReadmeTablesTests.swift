import Foundation
import InventoryKit
import Testing

@Suite("README tables: products and namespaces as the package defines them")
struct ReadmeTablesTests {
    static let namespaces: [(String, InventoryNamespace)] = [
        ("manufacturer", .manufacturer), ("product", .product), ("person", .person), ("library", .library),
        ("platform", .platform), ("category", .category), ("storageLocation", .storageLocation), ("unit", .unit),
        ("tag", .tag), ("household", .household), ("dns", .dns), ("url", .url), ("oid", .oid), ("x500", .x500),
    ]

    static func text(_ path: String) throws -> String {
        let catalog = try SnippetCatalog.current()
        return try String(contentsOf: catalog.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The library products `Package.swift` declares.
    static func libraryProducts() throws -> [String] {
        let manifest = try text("Package.swift")
        return manifest.components(separatedBy: ".library(name: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
    }

    @Test("the README's namespace table lists every namespace with its UUID")
    func namespaceTable() throws {
        let readme = try Self.text("README.md")
        for (name, namespace) in Self.namespaces {
            let row = "| `InventoryNamespace.\(name)` | `\(namespace)` |"
            #expect(readme.contains(row), "README.md lacks the row \(row)")
        }
    }

    @Test("the DocC article Integrating InventoryKit lists the kit's own namespaces with their UUIDs")
    func doccNamespaceTable() throws {
        let article = try Self.text("Sources/InventoryKit/InventoryKit.docc/IntegratingInventoryKit.md")
        for (name, namespace) in Self.namespaces.prefix(10) {
            let row = "| ``InventoryNamespace/\(name)`` | `\(namespace)` |"
            #expect(article.contains(row), "IntegratingInventoryKit.md lacks the row \(row)")
        }
    }

    @Test("the README's product table and the install manifest name every library product")
    func productLists() throws {
        let products = try Self.libraryProducts()
        #expect(products.count == 10)
        let readme = try Self.text("README.md")
        let manifest = try Self.text("Tests/DocumentationTests/Fixtures/ClientApp/Package.swift")
        for product in products {
            #expect(readme.contains("| `\(product)` |"), "README.md's product table lacks \(product)")
            #expect(manifest.contains(".product(name: \"\(product)\", package: \"InventoryKit\")"), "the install manifest lacks \(product)")
        }
    }
}

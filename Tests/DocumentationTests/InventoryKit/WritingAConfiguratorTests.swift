import Foundation
import InventoryKit
import Testing

// snippet: custom-configurator
/// Trims product titles and records every title it changes. Every other kind of instance (manufacturers,
/// addresses, contacts, system requirements, source code) keeps the default: `patch.apply(to:)`.
struct AuditingConfigurator: InventoryConfigurator {
    let log: AuditLog

    func configure<T: InventoryProduct>(_ instance: inout T, with patch: InventoryProductPatch<T>) {
        var patch = patch
        patch.title = patch.title?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let title = patch.title, title != instance.title { log.record("title: \(title)") }
        patch.apply(to: &instance)   // what the default does: write every non-nil value, keep the rest
    }
}

/// The configurator is `Sendable` and called synchronously: keep its state behind a lock.
final class AuditLog: @unchecked Sendable {
    // @unchecked Sendable: `entries` is only touched under `lock`.
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}
// end snippet

@Suite("A custom configurator (DocC: Writing a configurator)")
struct WritingAConfiguratorTests {
    @Test("overriding the product requirement covers every convenience call; other kinds keep the default")
    func overrideOneRequirement() throws {
        // snippet: custom-configurator-use
        let log = AuditLog()
        let configurator = AuditingConfigurator(log: log)
        var item = try GroceryItem(barcode: "4006381333931")
        configurator.configure(&item, title: "  Whole milk ")   // the convenience call builds a patch …
        configurator.configure(&item, with: InventoryProductPatch(genre: "dairy"))   // … or pass one yourself
        var brand = Brand(id: InventoryIDGenerator.generate(for: .manufacturer, semanticName: "Acme"))
        configurator.configure(&brand, name: "Acme")            // default requirement: plain assignment
        // end snippet
        #expect(item.title == "Whole milk")
        #expect(item.genre == "dairy")
        #expect(brand.name == "Acme")
        #expect(log.all == ["title: Whole milk"])
    }
}

import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

/// A configurator that counts calls, to prove the named-argument API routes through the overridable requirement.
final class CountingConfigurator: InventoryConfigurator, @unchecked Sendable {
    // Only mutated from the test's single task; the lock keeps the type honest under strict concurrency.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    var calls: [String: Int] { lock.withLock { counts } }

    private func count(_ name: String) { lock.withLock { counts[name, default: 0] += 1 } }

    func configure<T: InventorySystemRequirements>(_ instance: inout T, with patch: InventorySystemRequirementsPatch) {
        count("requirements")
        patch.apply(to: &instance)
    }
    func configure<T: InventoryAddress>(_ instance: inout T, with patch: InventoryAddressPatch) {
        count("address")
        patch.apply(to: &instance)
    }
    func configure<T: InventoryContact>(_ instance: inout T, with patch: InventoryContactPatch) {
        count("contact")
        patch.apply(to: &instance)
    }
    func configure<T: InventorySourceCode>(_ instance: inout T, with patch: InventorySourceCodePatch) {
        count("sourceCode")
        patch.apply(to: &instance)
    }
    func configure<T: InventoryManufacturer>(_ instance: inout T, with patch: InventoryManufacturerPatch<T>) {
        count("manufacturer")
        patch.apply(to: &instance)
    }
    func configure<T: InventoryProduct>(_ instance: inout T, with patch: InventoryProductPatch<T>) {
        count("product")
        // A client override may add behaviour: here it stamps the product.
        patch.apply(to: &instance)
        instance.metadata["configuredBy"] = "counting"
    }
}

@Suite("InventoryConfigurator: nil keeps, non-nil overwrites")
struct InventoryConfiguratorTests {
    let configurator = DefaultInventoryConfigurator()

    @Test("system requirements: every field is written, and nil arguments keep each field")
    func systemRequirements() {
        var blank = SampleRequirements()
        configurator.configure(
            &blank, minMemory: 1, recommendedMemory: 2, cpuFamily: "6502", minCpuSpeedMHz: 1, video: "v", audio: "a",
            osName: "DOS", minOsVersion: "3.3", minStorage: 4, notes: "n")
        let full = SampleRequirements(
            minMemory: 1, recommendedMemory: 2, cpuFamily: "6502", minCpuSpeedMHz: 1, video: "v", audio: "a",
            osName: "DOS", minOsVersion: "3.3", minStorage: 4, notes: "n")
        #expect(blank == full)
        var kept = full
        configurator.configure(&kept)
        configurator.configure(&kept, with: InventorySystemRequirementsPatch())
        #expect(kept == full)
        var one = full
        configurator.configure(&one, cpuFamily: "68000")
        var expected = full
        expected.cpuFamily = "68000"
        #expect(one == expected)
        configurator.configure(&one, with: InventorySystemRequirementsPatch(minMemory: 64, notes: "new"))
        expected.minMemory = 64
        expected.notes = "new"
        #expect(one == expected)
    }

    @Test("address: optional lines and image ids are written, nil arguments keep them")
    func address() {
        let image = UUID()
        var address = SampleAddress()
        let id = address.id
        configurator.configure(
            &address, label: "HQ", address: "1 Infinite Loop", address2: "Bldg 1", city: "Cupertino", region: "CA",
            postalCode: "95014", country: "US", notes: "n", imageIDs: [image])
        let full = SampleAddress(
            id: id, label: "HQ", address: "1 Infinite Loop", address2: "Bldg 1", city: "Cupertino", region: "CA",
            postalCode: "95014", country: "US", notes: "n", imageIDs: [image])
        #expect(address == full)
        configurator.configure(&address)
        #expect(address == full)
        configurator.configure(&address, city: "Palo Alto")
        var expected = full
        expected.city = "Palo Alto"
        #expect(address == expected)
        configurator.configure(&address, with: InventoryAddressPatch(imageIDs: []))
        expected.imageIDs = []
        #expect(address == expected)
    }

    @Test("contact: every field is written, nil arguments keep them")
    func contact() {
        let handle = InventorySocialHandle(platform: "mastodon", handle: "@woz")
        var contact = SampleContact()
        let id = contact.id
        configurator.configure(
            &contact, name: "Steve Wozniak", title: "Co-founder", email: "woz@example.com", phone: "+1",
            notes: "n", socialMedia: [handle])
        let full = SampleContact(
            id: id, name: "Steve Wozniak", title: "Co-founder", email: "woz@example.com", phone: "+1", notes: "n",
            socialMedia: [handle])
        #expect(contact == full)
        configurator.configure(&contact)
        #expect(contact == full)
        configurator.configure(&contact, title: "Engineer")
        var expected = full
        expected.title = "Engineer"
        #expect(contact == expected)
    }

    @Test("source code: every field is written, nil arguments keep them")
    func sourceCode() throws {
        let url = try #require(URL(string: "https://example.com/repo.git"))
        var source = SampleSourceCode()
        configurator.configure(&source, url: url, notes: "6502 asm", dateOpened: Date.fixtureEpoch, license: "MIT")
        let full = SampleSourceCode(url: url, notes: "6502 asm", dateOpened: Date.fixtureEpoch, license: "MIT")
        #expect(source == full)
        configurator.configure(&source)
        #expect(source == full)
        configurator.configure(&source, license: "GPL-2.0-only")
        var expected = full
        expected.license = "GPL-2.0-only"
        #expect(source == expected)
    }

    @Test("manufacturer: nested client addresses and people are written, nil arguments keep every field")
    func manufacturer() throws {
        let website = try #require(URL(string: "https://apple.com"))
        let address = SampleAddress(city: "Cupertino")
        let person = SampleContact(name: "Steve Jobs")
        var maker = SampleManufacturer()
        let id = maker.id
        configurator.configure(
            &maker, slug: "apple-computer", name: "Apple Computer", aliases: ["Apple"], summary: "s",
            metadata: ["founded": "1976"], addresses: [address], email: "info@apple.com", website: website,
            associatedPeople: [person])
        let full = SampleManufacturer(
            id: id, slug: "apple-computer", name: "Apple Computer", aliases: ["Apple"], summary: "s",
            metadata: ["founded": "1976"], addresses: [address], email: "info@apple.com", website: website,
            associatedPeople: [person])
        #expect(maker == full)
        configurator.configure(&maker)
        configurator.configure(&maker, with: InventoryManufacturerPatch<SampleManufacturer>())
        #expect(maker == full)
        configurator.configure(&maker, aliases: ["Apple", "Apple Inc."])
        var expected = full
        expected.aliases = ["Apple", "Apple Inc."]
        #expect(maker == expected)
    }

    @Test("product: all twenty fields are written, nil arguments keep every field")
    func product() throws {
        let barcode = try ProductIdentifier.gtin("0 12345 67890 5")
        let maker = SampleManufacturer(name: "Brøderbund")
        let requirements = SampleRequirements(minMemory: 48 * 1024, cpuFamily: "6502")
        let source = SampleSourceCode(license: "MIT")
        let asset = UUID()
        var product = SampleProduct()
        let id = product.id
        configurator.configure(
            &product, sku: "SKU-1", identifiers: [barcode], title: "Lode Runner", summary: "s", productType: "software",
            classification: "game", genre: "puzzle", manufacturer: maker, publisher: "Brøderbund", developer: "Doug Smith",
            creator: "Doug Smith", releaseDate: .fixtureEpoch, productionDate: .fixtureEpoch, platform: "Apple II",
            systemRequirements: requirements, productVersion: "1.0", sourceCode: source, relatedAssetIDs: [asset],
            references: ["mobygames": "lode-runner"], metadata: ["box": "yes"])
        let full = SampleProduct(
            id: id, sku: "SKU-1", identifiers: [barcode], title: "Lode Runner", summary: "s", productType: "software",
            classification: "game", genre: "puzzle", manufacturer: maker, publisher: "Brøderbund", developer: "Doug Smith",
            creator: "Doug Smith", releaseDate: .fixtureEpoch, productionDate: .fixtureEpoch, platform: "Apple II",
            systemRequirements: requirements, productVersion: "1.0", sourceCode: source, relatedAssetIDs: [asset],
            references: ["mobygames": "lode-runner"], metadata: ["box": "yes"])
        #expect(product == full)
        configurator.configure(&product)
        configurator.configure(&product, with: InventoryProductPatch<SampleProduct>())
        #expect(product == full)
        configurator.configure(&product, title: "Lode Runner (1983)", platform: nil)
        var expected = full
        expected.title = "Lode Runner (1983)"
        #expect(product == expected)
    }

    @Test("the named-argument API goes through the overridable requirement of a custom configurator")
    func customConfiguratorSeesEveryCall() {
        let counting = CountingConfigurator()
        var requirements = SampleRequirements()
        var address = SampleAddress()
        var contact = SampleContact()
        var source = SampleSourceCode()
        var maker = SampleManufacturer()
        var product = SampleProduct()
        counting.configure(&requirements, osName: "DOS")
        counting.configure(&address, city: "Oslo")
        counting.configure(&contact, name: "Ada")
        counting.configure(&source, license: "MIT")
        counting.configure(&maker, name: "Acme")
        counting.configure(&product, title: "Widget")
        #expect(counting.calls == [
            "requirements": 1, "address": 1, "contact": 1, "sourceCode": 1, "manufacturer": 1, "product": 1,
        ])
        #expect(product.metadata["configuredBy"] == "counting")
        #expect(requirements.osName == "DOS" && address.city == "Oslo" && contact.name == "Ada")
        #expect(source.license == "MIT" && maker.name == "Acme" && product.title == "Widget")
    }

    @Test("the default configurator is reachable as .default")
    func defaultConfigurator() {
        func fill(_ configurator: some InventoryConfigurator) -> SampleProduct {
            var product = SampleProduct()
            configurator.configure(&product, title: "Milk")
            return product
        }
        #expect(fill(.default).title == "Milk")
    }
}

// Compile-only: adopts every public protocol with the bare minimum, in the three shapes clients use — a plain
// struct, a class-based model object and a wrapper around a storage record. An API break fails this build.
// Nothing here runs; the test at the end only keeps the types referenced.

import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

// MARK: - Plain structs

private struct MinimalRequirements: InventorySystemRequirements {
    var minMemory: Int64?
    var recommendedMemory: Int64?
    var cpuFamily: String?
    var minCpuSpeedMHz: Int?
    var video: String?
    var audio: String?
    var osName: String?
    var minOsVersion: String?
    var minStorage: Int64?
    var notes: String?
}

private struct MinimalAddress: InventoryAddress {
    var id: UUID
    var label: String?
    var address: String?
    var address2: String?
    var city: String?
    var region: String?
    var postalCode: String?
    var country: String?
    var notes: String?
    var imageIDs: [UUID]
}

private struct MinimalContact: InventoryContact {
    var id: UUID
    var name: String
    var title: String?
    var email: String?
    var phone: String?
    var notes: String?
    var socialMedia: [InventorySocialHandle]
}

private struct MinimalSourceCode: InventorySourceCode {
    var url: URL?
    var notes: String?
    var dateOpened: Date?
    var license: String?
}

private struct MinimalManufacturer: InventoryManufacturer {
    var id: UUID
    var slug: String
    var name: String
    var aliases: [String]
    var summary: String?
    var metadata: [String: String]
    var addresses: [MinimalAddress]
    var email: String?
    var website: URL?
    var associatedPeople: [MinimalContact]
}

/// A product identified by a string (a normalized GTIN), not a UUID.
private struct MinimalProduct: InventoryProduct {
    var id: String
    var sku: String?
    var identifiers: [ProductIdentifier]
    var title: String?
    var summary: String?
    var productType: String?
    var classification: String?
    var genre: String?
    var manufacturer: MinimalManufacturer?
    var publisher: String?
    var developer: String?
    var creator: String?
    var releaseDate: Date?
    var productionDate: Date?
    var platform: String?
    var systemRequirements: MinimalRequirements?
    var productVersion: String?
    var sourceCode: MinimalSourceCode?
    var relatedAssetIDs: [UUID]
    var references: [String: String]
    var metadata: [String: String]
}

// MARK: - A class-based model object

/// A model object as persistence frameworks make them: a final class, its state behind a lock so it can be
/// `Sendable` honestly.
private final class ModelContact: InventoryContact, @unchecked Sendable {
    // @unchecked: every stored property is read and written only under `lock`.
    private let lock = NSLock()
    private var state: (id: UUID, name: String, title: String?, email: String?, phone: String?, notes: String?,
                        social: [InventorySocialHandle])

    init(id: UUID, name: String) {
        state = (id, name, nil, nil, nil, nil, [])
    }

    var id: UUID {
        get { lock.withLock { state.id } }
        set { lock.withLock { state.id = newValue } }
    }
    var name: String {
        get { lock.withLock { state.name } }
        set { lock.withLock { state.name = newValue } }
    }
    var title: String? {
        get { lock.withLock { state.title } }
        set { lock.withLock { state.title = newValue } }
    }
    var email: String? {
        get { lock.withLock { state.email } }
        set { lock.withLock { state.email = newValue } }
    }
    var phone: String? {
        get { lock.withLock { state.phone } }
        set { lock.withLock { state.phone = newValue } }
    }
    var notes: String? {
        get { lock.withLock { state.notes } }
        set { lock.withLock { state.notes = newValue } }
    }
    var socialMedia: [InventorySocialHandle] {
        get { lock.withLock { state.social } }
        set { lock.withLock { state.social = newValue } }
    }
}

// MARK: - A record wrapper

/// A wrapper around a storage row (here a dictionary, as a CloudKit record or SQL row would be).
private struct RowBackedSourceCode: InventorySourceCode {
    var row: [String: String] = [:]

    var url: URL? {
        get { row["url"].flatMap(URL.init(string:)) }
        set { row["url"] = newValue?.absoluteString }
    }
    var notes: String? {
        get { row["notes"] }
        set { row["notes"] = newValue }
    }
    var dateOpened: Date? {
        get { row["dateOpened"].flatMap(Double.init).map(Date.init(timeIntervalSinceReferenceDate:)) }
        set { row["dateOpened"] = newValue.map { String($0.timeIntervalSinceReferenceDate) } }
    }
    var license: String? {
        get { row["license"] }
        set { row["license"] = newValue }
    }
}

// MARK: - Ports

private struct MinimalConfigurator: InventoryConfigurator {}

private struct MinimalRecord: StorableRecord {
    static let collection: RecordCollection = "minimal"
    var recordID: RecordID { RecordID(UUID()) }
}

private struct MinimalMetadataStore: MetadataStore {
    var scope: StorageScope { .user }
    func record(_ id: RecordID, in collection: RecordCollection) async throws -> StoredRecord? { nil }
    func query(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord> {
        RecordPage(records: [], nextCursor: nil)
    }
    func apply(_ writes: [RecordWrite]) async throws {}
}

private struct MinimalDataStore: DataStore {
    var scope: StorageScope { .user }
    func write(_ data: Data, to id: RecordID) async throws {}
    func read(_ id: RecordID) async throws -> Data? { nil }
    func delete(_ id: RecordID) async throws -> Bool { false }
    func list(after: RecordID?, limit: Int) async throws -> [RecordID] { [] }
}

private struct MinimalProvider: StorageProvider {
    var userMetadata: any MetadataStore { MinimalMetadataStore() }
    var domainMetadata: any MetadataStore { MinimalMetadataStore() }
    var userData: any DataStore { MinimalDataStore() }
    var domainData: any DataStore { MinimalDataStore() }
    func commit(_ batch: StorageBatch) async throws {}
}

@Suite("Compilation: every public protocol can be adopted with the bare minimum")
struct CompilationProtocolTests {
    @Test("the minimal adoptions are usable with the configurator")
    func minimalAdoptions() {
        let configurator = MinimalConfigurator()
        var contact = ModelContact(id: UUID(), name: "Ada")
        configurator.configure(&contact, title: "Engineer")
        var source = RowBackedSourceCode()
        configurator.configure(&source, license: "MIT")
        #expect(contact.title == "Engineer")
        #expect(source.row["license"] == "MIT")
        _ = (MinimalProvider(), MinimalRecord.collection, MinimalProduct.self, MinimalRecord.self)
    }
}

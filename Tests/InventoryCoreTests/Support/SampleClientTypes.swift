import Foundation
import InventoryKit

// Plain-struct client types used across the core tests: what most clients write.

struct SampleRequirements: InventorySystemRequirements, Codable, Equatable {
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

struct SampleAddress: InventoryAddress, Codable, Equatable {
    var id = UUID()
    var label: String?
    var address: String?
    var address2: String?
    var city: String?
    var region: String?
    var postalCode: String?
    var country: String?
    var notes: String?
    var imageIDs: [UUID] = []
}

struct SampleContact: InventoryContact, Codable, Equatable {
    var id = UUID()
    var name = ""
    var title: String?
    var email: String?
    var phone: String?
    var notes: String?
    var socialMedia: [InventorySocialHandle] = []
}

struct SampleSourceCode: InventorySourceCode, Codable, Equatable {
    var url: URL?
    var notes: String?
    var dateOpened: Date?
    var license: String?
}

struct SampleManufacturer: InventoryManufacturer, Codable, Equatable {
    var id = UUID()
    var slug = ""
    var name = ""
    var aliases: [String] = []
    var summary: String?
    var metadata: [String: String] = [:]
    var addresses: [SampleAddress] = []
    var email: String?
    var website: URL?
    var associatedPeople: [SampleContact] = []
}

struct SampleProduct: InventoryProduct, Codable, Equatable {
    var id = UUID()
    var sku: String?
    var identifiers: [ProductIdentifier] = []
    var title: String?
    var summary: String?
    var productType: String?
    var classification: String?
    var genre: String?
    var manufacturer: SampleManufacturer?
    var publisher: String?
    var developer: String?
    var creator: String?
    var releaseDate: Date?
    var productionDate: Date?
    var platform: String?
    var systemRequirements: SampleRequirements?
    var productVersion: String?
    var sourceCode: SampleSourceCode?
    var relatedAssetIDs: [UUID] = []
    var references: [String: String] = [:]
    var metadata: [String: String] = [:]
}

extension SampleProduct: StorableRecord {
    static let collection: RecordCollection = "sample-products"
    var recordID: RecordID { RecordID(id) }
    var indexedFields: [String: FieldValue] {
        var fields: [String: FieldValue] = [:]
        if let title { fields["title"] = .string(title) }
        if let platform { fields["platform"] = .string(platform) }
        if let releaseDate { fields["releaseDate"] = .date(releaseDate) }
        return fields
    }
}

/// A fixed reference date for deterministic tests.
let referenceDate = Date(timeIntervalSinceReferenceDate: 800_000_000)

import Foundation
import InventoryKit

// A client's own storage types, written as plain structs the way most clients write them, for the kit's own tests
// (`package`: they are no part of the testing product's public API). Products and manufacturers are storable
// records; the walkthrough of a client defining its own types is ClientIntegrationScenarioTests.

/// A client's system requirements.
package struct SampleRequirements: InventorySystemRequirements, Codable, Equatable {
    package var minMemory: Int64?
    package var recommendedMemory: Int64?
    package var cpuFamily: String?
    package var minCpuSpeedMHz: Int?
    package var video: String?
    package var audio: String?
    package var osName: String?
    package var minOsVersion: String?
    package var minStorage: Int64?
    package var notes: String?

    package init(
        minMemory: Int64? = nil, recommendedMemory: Int64? = nil, cpuFamily: String? = nil, minCpuSpeedMHz: Int? = nil,
        video: String? = nil, audio: String? = nil, osName: String? = nil, minOsVersion: String? = nil,
        minStorage: Int64? = nil, notes: String? = nil
    ) {
        self.minMemory = minMemory
        self.recommendedMemory = recommendedMemory
        self.cpuFamily = cpuFamily
        self.minCpuSpeedMHz = minCpuSpeedMHz
        self.video = video
        self.audio = audio
        self.osName = osName
        self.minOsVersion = minOsVersion
        self.minStorage = minStorage
        self.notes = notes
    }
}

/// A client's address.
package struct SampleAddress: InventoryAddress, Codable, Equatable {
    package var id: UUID
    package var label: String?
    package var address: String?
    package var address2: String?
    package var city: String?
    package var region: String?
    package var postalCode: String?
    package var country: String?
    package var notes: String?
    package var imageIDs: [UUID]

    package init(
        id: UUID = UUID(), label: String? = nil, address: String? = nil, address2: String? = nil, city: String? = nil,
        region: String? = nil, postalCode: String? = nil, country: String? = nil, notes: String? = nil,
        imageIDs: [UUID] = []
    ) {
        self.id = id
        self.label = label
        self.address = address
        self.address2 = address2
        self.city = city
        self.region = region
        self.postalCode = postalCode
        self.country = country
        self.notes = notes
        self.imageIDs = imageIDs
    }
}

/// A client's contact person.
package struct SampleContact: InventoryContact, Codable, Equatable {
    package var id: UUID
    package var name: String
    package var title: String?
    package var email: String?
    package var phone: String?
    package var notes: String?
    package var socialMedia: [InventorySocialHandle]

    package init(
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

/// A client's source code reference.
package struct SampleSourceCode: InventorySourceCode, Codable, Equatable {
    package var url: URL?
    package var notes: String?
    package var dateOpened: Date?
    package var license: String?

    package init(url: URL? = nil, notes: String? = nil, dateOpened: Date? = nil, license: String? = nil) {
        self.url = url
        self.notes = notes
        self.dateOpened = dateOpened
        self.license = license
    }
}

/// A client's manufacturer, stored in its own collection.
package struct SampleManufacturer: InventoryManufacturer, StorableRecord, Equatable {
    package static let collection: RecordCollection = "sample-manufacturers"

    package var id: UUID
    package var slug: String
    package var name: String
    package var aliases: [String]
    package var summary: String?
    package var metadata: [String: String]
    package var addresses: [SampleAddress]
    package var email: String?
    package var website: URL?
    package var associatedPeople: [SampleContact]

    package init(
        id: UUID = UUID(), slug: String = "", name: String = "", aliases: [String] = [], summary: String? = nil,
        metadata: [String: String] = [:], addresses: [SampleAddress] = [], email: String? = nil, website: URL? = nil,
        associatedPeople: [SampleContact] = []
    ) {
        self.id = id
        self.slug = slug
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.metadata = metadata
        self.addresses = addresses
        self.email = email
        self.website = website
        self.associatedPeople = associatedPeople
    }

    package var recordID: RecordID { RecordID(id) }
}

/// A client's product, stored in its own collection and queryable by title, platform and release date.
package struct SampleProduct: InventoryProduct, StorableRecord, Equatable {
    package static let collection: RecordCollection = "sample-products"

    package var id: UUID
    package var sku: String?
    package var identifiers: [ProductIdentifier]
    package var title: String?
    package var summary: String?
    package var productType: String?
    package var classification: String?
    package var genre: String?
    package var manufacturer: SampleManufacturer?
    package var publisher: String?
    package var developer: String?
    package var creator: String?
    package var releaseDate: Date?
    package var productionDate: Date?
    package var platform: String?
    package var systemRequirements: SampleRequirements?
    package var productVersion: String?
    package var sourceCode: SampleSourceCode?
    package var relatedAssetIDs: [UUID]
    package var references: [String: String]
    package var metadata: [String: String]

    package init(
        id: UUID = UUID(), sku: String? = nil, identifiers: [ProductIdentifier] = [], title: String? = nil,
        summary: String? = nil, productType: String? = nil, classification: String? = nil, genre: String? = nil,
        manufacturer: SampleManufacturer? = nil, publisher: String? = nil, developer: String? = nil,
        creator: String? = nil, releaseDate: Date? = nil, productionDate: Date? = nil, platform: String? = nil,
        systemRequirements: SampleRequirements? = nil, productVersion: String? = nil,
        sourceCode: SampleSourceCode? = nil, relatedAssetIDs: [UUID] = [], references: [String: String] = [:],
        metadata: [String: String] = [:]
    ) {
        self.id = id
        self.sku = sku
        self.identifiers = identifiers
        self.title = title
        self.summary = summary
        self.productType = productType
        self.classification = classification
        self.genre = genre
        self.manufacturer = manufacturer
        self.publisher = publisher
        self.developer = developer
        self.creator = creator
        self.releaseDate = releaseDate
        self.productionDate = productionDate
        self.platform = platform
        self.systemRequirements = systemRequirements
        self.productVersion = productVersion
        self.sourceCode = sourceCode
        self.relatedAssetIDs = relatedAssetIDs
        self.references = references
        self.metadata = metadata
    }

    package var recordID: RecordID { RecordID(id) }

    package var indexedFields: [String: FieldValue] {
        var fields: [String: FieldValue] = [:]
        if let title { fields["title"] = .string(title) }
        if let platform { fields["platform"] = .string(platform) }
        if let releaseDate { fields["releaseDate"] = .date(releaseDate) }
        return fields
    }
}

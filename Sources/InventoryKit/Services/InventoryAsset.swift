import Foundation

/// The metadata record of a file or blob saved through ``StorageService``: what it is, whom it belongs to and
/// a checksum that proves the bytes read back are the bytes written.
public struct InventoryAsset: StorableRecord, Hashable {
    /// The collection asset records live in, in the metadata store of their scope.
    public static let collection: RecordCollection = "inventory-assets"

    /// The asset's identifier; the blob is stored under the same id.
    public var id: UUID
    /// Whether the asset is the user's private file or shared reference data.
    public var scope: StorageScope
    /// What the asset is.
    public var kind: InventoryAssetKind
    /// The MIME type, such as `"image/jpeg"`.
    public var contentType: String?
    /// The original file name.
    public var filename: String?
    /// The id of the record the asset belongs to (a product, a manufacturer), if any.
    public var ownerID: String?
    /// The blob's size in bytes.
    public var byteCount: Int
    /// The blob's SHA-1 digest, as lowercase hex.
    public var sha1: String
    /// When the asset was saved.
    public var createdAt: Date

    /// Creates an asset record.
    public init(
        id: UUID, scope: StorageScope, kind: InventoryAssetKind, contentType: String? = nil, filename: String? = nil,
        ownerID: String? = nil, byteCount: Int, sha1: String, createdAt: Date
    ) {
        self.id = id
        self.scope = scope
        self.kind = kind
        self.contentType = contentType
        self.filename = filename
        self.ownerID = ownerID
        self.byteCount = byteCount
        self.sha1 = sha1
        self.createdAt = createdAt
    }

    /// The record's key: the asset id.
    public var recordID: RecordID { RecordID(id) }

    /// Indexed by owner and kind, so the assets of a product can be listed.
    public var indexedFields: [String: FieldValue] {
        var fields: [String: FieldValue] = ["kind": .string(kind.rawValue), "createdAt": .date(createdAt)]
        if let ownerID { fields["ownerID"] = .string(ownerID) }
        return fields
    }
}

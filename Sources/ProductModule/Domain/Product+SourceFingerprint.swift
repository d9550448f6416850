import Foundation

extension Product {
    /// The attribute holding the source fingerprint and the version it was written at (`"<version>:<fingerprint>"`).
    /// Treat it as reserved.
    public static let sourceFingerprintAttributeKey = "inventorykit.source-fingerprint"

    /// The fingerprint of the provider record this version of the product was written from, or `nil`.
    ///
    /// An importer records the fingerprint (a digest of the raw record and the normalization settings) with the
    /// version its write creates; any later write — a person's edit, another provider's merge, a synced change —
    /// makes a new version, and the fingerprint no longer counts. So a product that still has a fingerprint is
    /// exactly what importing that record produced, and importing the same record again can be skipped.
    public var sourceFingerprint: String? {
        guard let value = attributes[Self.sourceFingerprintAttributeKey],
            let separator = value.firstIndex(of: ":"), Int(value[..<separator]) == version
        else { return nil }
        let fingerprint = value[value.index(after: separator)...]
        return fingerprint.isEmpty ? nil : String(fingerprint)
    }

    /// Records the fingerprint of the provider record the product's next write at `version` comes from.
    public mutating func recordSourceFingerprint(_ fingerprint: String, atVersion version: Int) {
        attributes[Self.sourceFingerprintAttributeKey] = "\(version):\(fingerprint)"
    }
}

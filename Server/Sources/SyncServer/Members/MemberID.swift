import Foundation

/// The identity of a household member: a person who reads and changes the household from a browser.
package struct MemberID: ServerUUIDID {
    /// The underlying UUID.
    package let rawValue: UUID

    /// Wraps a UUID.
    package init(_ rawValue: UUID) { self.rawValue = rawValue }

    /// The replica id the journal entries this member writes on the web carry: `web:<member id>`, so every
    /// device sees who wrote them and can undo them.
    package var replicaName: String { "web:\(description)" }
}

/// Whether a household's catalog holds a product id, as the server's lookup must know before it offers or writes a
/// product found elsewhere.
package enum CatalogPresence: Sendable, Hashable {
    /// The household never held a product of this id: a product found elsewhere may be added as new.
    case absent
    /// The household holds the product: it is the catalog's, nothing is added.
    case live
    /// The household held the product and deleted it (its tombstone syncs): the server does not bring it back on
    /// its own; a device that wants it adds it again.
    case removed
}

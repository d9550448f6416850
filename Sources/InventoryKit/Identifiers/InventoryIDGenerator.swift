import Foundation

/// Deterministic, name-based identifiers: RFC 9562 version 5 UUIDs.
///
/// The same namespace and name give the same id on every device, in every run and in every version of the kit,
/// so independent devices agree on the id of, say, a manufacturer without talking to each other. The ids are
/// byte-compatible with other RFC 9562 implementations such as Python's `uuid.uuid5`.
///
/// There are two ways to name an entity:
///
/// - **Raw names** (``generate(for:name:)``, ``uuidV5(namespace:name:)``) hash the name's UTF-8 bytes exactly as
///   given. `"Apple Computer"` and `"apple computer"` are different names, and so are the precomposed `"é"`
///   (U+00E9) and `"e"` followed by a combining acute accent (U+0301). Use raw names for names that are already
///   canonical (codes, URLs, ids from another system) or when you must match ids minted elsewhere.
/// - **Semantic names** (``generate(for:semanticName:)``, ``generate(for:key:)``) are first normalized by
///   ``SemanticKey/normalize(_:)`` (Unicode NFC, trimmed, inner whitespace collapsed, case folded), so spellings
///   that a person would call the same give the same id. Use them for names that people type.
///
/// ```swift
/// let raw = InventoryIDGenerator.generate(for: .manufacturer, name: "Apple Computer")
/// // f21e6e0c-de96-52f9-86e3-7c122cff3a48
///
/// let a = InventoryIDGenerator.generate(for: .category, semanticName: "Baking Supplies")
/// let b = InventoryIDGenerator.generate(for: .category, semanticName: "  baking   SUPPLIES ")
/// // a == b
/// ```
public enum InventoryIDGenerator {
    /// Returns the RFC 9562 version 5 UUID of `name` in `namespace`, hashing the name's UTF-8 bytes as given.
    ///
    /// The id is the first 16 bytes of SHA-1(namespace bytes ‖ UTF-8 of `name`), with the version set to 5 and the
    /// variant to the RFC 9562 variant (RFC 9562 §5.5). The name is **not** normalized in any way, so the result
    /// equals Python's `uuid.uuid5(namespace, name)`.
    ///
    /// ```swift
    /// let dns = InventoryNamespace.dns.rawValue
    /// InventoryIDGenerator.uuidV5(namespace: dns, name: "www.example.com")
    /// // 2ed6657d-e927-568b-95e1-2665a8aea6a2
    /// ```
    public static func uuidV5(namespace: UUID, name: String) -> UUID {
        var hasher = SHA1()
        feed(namespace, into: &hasher)
        let hashedInPlace: Void? = name.utf8.withContiguousStorageIfAvailable { utf8 in
            hasher.update(UnsafeRawBufferPointer(utf8))
        }
        if hashedInPlace == nil {
            // A bridged, non-UTF-8 string: make a native copy once.
            var native = name
            native.withUTF8 { hasher.update(UnsafeRawBufferPointer($0)) }
        }
        return makeVersion5UUID(hasher.finalize())
    }

    /// Returns the RFC 9562 version 5 UUID of a binary name in `namespace`.
    ///
    /// Use this when the name is not text, e.g. the DER encoding of an object identifier in ``InventoryNamespace/oid``.
    /// Contiguous collections (`[UInt8]`, `Data`, `UnsafeRawBufferPointer`, …) are hashed without copying.
    ///
    /// ```swift
    /// let id = InventoryIDGenerator.uuidV5(namespace: InventoryNamespace.oid.rawValue, bytes: [0x2B, 0x06, 0x01])
    /// ```
    public static func uuidV5(namespace: UUID, bytes: some Sequence<UInt8>) -> UUID {
        var hasher = SHA1()
        feed(namespace, into: &hasher)
        hasher.update(contentsOf: bytes)
        return makeVersion5UUID(hasher.finalize())
    }

    /// Returns the id of the raw `name` in `namespace`: ``uuidV5(namespace:name:)`` with the namespace's UUID.
    ///
    /// The name is hashed exactly as given (no trimming, case folding or Unicode normalization), which keeps ids
    /// compatible with the existing public kit and with any RFC 9562 implementation.
    ///
    /// ```swift
    /// InventoryIDGenerator.generate(for: .manufacturer, name: "Apple Computer")
    /// // f21e6e0c-de96-52f9-86e3-7c122cff3a48
    /// ```
    public static func generate(for namespace: InventoryNamespace, name: String) -> UUID {
        uuidV5(namespace: namespace.rawValue, name: name)
    }

    /// Returns the id of a human-typed name in `namespace`, after normalizing it with ``SemanticKey/normalize(_:)``.
    ///
    /// Spellings with the same semantic key get the same id:
    ///
    /// ```swift
    /// let a = InventoryIDGenerator.generate(for: .manufacturer, semanticName: "Apple Computer")
    /// let b = InventoryIDGenerator.generate(for: .manufacturer, semanticName: " apple   computer ")
    /// let c = InventoryIDGenerator.generate(for: .manufacturer, semanticName: "APPLE COMPUTER")
    /// // a == b, b == c, and all equal generate(for: .manufacturer, name: "apple computer")
    /// ```
    public static func generate(for namespace: InventoryNamespace, semanticName: String) -> UUID {
        uuidV5(namespace: namespace.rawValue, name: SemanticKey.normalize(semanticName))
    }

    /// Returns the id of a semantic key in `namespace`: the version 5 UUID of the key's normalized ``SemanticKey/rawValue``.
    ///
    /// Equal keys give equal ids, and `generate(for: ns, key: SemanticKey(x))` equals
    /// `generate(for: ns, semanticName: x)`.
    public static func generate(for namespace: InventoryNamespace, key: SemanticKey) -> UUID {
        uuidV5(namespace: namespace.rawValue, name: key.rawValue)
    }

    // MARK: - Helpers

    /// Feeds the 16 bytes of `namespace`, in network order, into `hasher`.
    @inline(__always)
    private static func feed(_ namespace: UUID, into hasher: inout SHA1) {
        withUnsafeBytes(of: namespace.uuid) { hasher.update($0) }
    }

    /// Builds a UUID from the first 16 bytes of `digest`, with version 5 (byte 6) and the RFC 9562 variant (byte 8).
    @inline(__always)
    private static func makeVersion5UUID(_ digest: SHA1.Digest) -> UUID {
        let (w0, w1, w2, w3) = (digest.h0, digest.h1, digest.h2, digest.h3)
        return UUID(
            uuid: (
                UInt8(truncatingIfNeeded: w0 &>> 24),
                UInt8(truncatingIfNeeded: w0 &>> 16),
                UInt8(truncatingIfNeeded: w0 &>> 8),
                UInt8(truncatingIfNeeded: w0),
                UInt8(truncatingIfNeeded: w1 &>> 24),
                UInt8(truncatingIfNeeded: w1 &>> 16),
                UInt8(truncatingIfNeeded: w1 &>> 8) & 0x0F | 0x50,
                UInt8(truncatingIfNeeded: w1),
                UInt8(truncatingIfNeeded: w2 &>> 24) & 0x3F | 0x80,
                UInt8(truncatingIfNeeded: w2 &>> 16),
                UInt8(truncatingIfNeeded: w2 &>> 8),
                UInt8(truncatingIfNeeded: w2),
                UInt8(truncatingIfNeeded: w3 &>> 24),
                UInt8(truncatingIfNeeded: w3 &>> 16),
                UInt8(truncatingIfNeeded: w3 &>> 8),
                UInt8(truncatingIfNeeded: w3)
            )
        )
    }
}

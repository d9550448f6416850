import ProductModule

/// An order-sensitive fingerprint of a sequence of products (count and FNV-1a over their ids), so the two sides
/// of a read scenario can be shown to return the same products in the same order.
struct Fingerprint: Sendable, Equatable, CustomStringConvertible {
    private(set) var count = 0
    private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ product: Product) {
        count += 1
        for byte in product.productID.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        hash = (hash ^ 0x0A) &* 0x100_0000_01B3
    }

    var description: String { "\(count) products, fingerprint \(String(hash, radix: 16))" }
}

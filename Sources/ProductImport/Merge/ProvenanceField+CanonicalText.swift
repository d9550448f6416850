import Foundation
import InventoryKit
import ProductModule

extension ProvenanceField {
    /// The separator between the parts of a canonical text (U+001F, the unit separator).
    static let separator = "\u{1F}"

    /// The value as a canonical text, `nil` when empty. Equal values give equal texts on every platform.
    func canonicalText(in product: Product) -> String? {
        guard let slot else { return nil }
        var text = CanonicalTextBuilder()
        return Self.writeCanonicalText(of: slot, in: product, to: &text) ? text.text : nil
    }

    /// The 64-bit FNV-1a of the slot's canonical text as 16 lowercase hex digits, `nil` when empty; the text is
    /// hashed as it is written, never built.
    static func valueHash(of slot: Slot, in product: Product) -> String? {
        var hasher = CanonicalTextHasher()
        return writeCanonicalText(of: slot, in: product, to: &hasher) ? hasher.hexDigits : nil
    }

    /// Every field the merge rules know, with its slot, in ``allKnown``'s order (looked up once, not per product).
    static let knownSlots: [(field: ProvenanceField, slot: Slot)] = allKnown.compactMap { field in
        field.slot.map { (field, $0) }
    }

    /// 64-bit FNV-1a of the UTF-8 bytes, as 16 lowercase hex digits.
    static func fnv1a64(_ text: String) -> String {
        var hasher = CanonicalTextHasher()
        hasher.write(text)
        return hasher.hexDigits
    }

    /// Writes the slot's value as its canonical text (parts joined by ``separator``) to `sink`.
    ///
    /// - Returns: `false`, having written nothing, when the value is empty.
    static func writeCanonicalText(of slot: Slot, in product: Product, to sink: inout some CanonicalTextSink) -> Bool {
        switch slot {
        case .text(let access): return text(access.get(product), to: &sink)
        case .list(let access): return list(access.get(product), to: &sink)
        case .category:
            guard let category = product.category else { return false }
            sink.write(category.main)
            sink.separate()
            sink.write(category.sub ?? "")
        case .packaging:
            guard let packaging = product.packaging else { return false }
            sink.write(packaging.quantity.map { "\($0)" } ?? "")
            sink.separate()
            sink.write(packaging.unit?.name ?? "")
            sink.separate()
            sink.write(packaging.count.map { "\($0)" } ?? "")
            sink.separate()
            sink.write(packaging.displayText ?? "")
        case .manufacturer:
            guard let manufacturer = product.manufacturer else { return false }
            sink.write(manufacturer.name)
            sink.separate()
            sink.write(manufacturer.id.uuidString.lowercased())
        case .images:
            guard !product.images.isEmpty else { return false }
            for (index, image) in product.images.enumerated() {
                if index > 0 { sink.separate() }
                sink.write(image.id)
                sink.separate()
                sink.write(image.kind.rawValue)
                sink.separate()
                sink.write(image.url?.absoluteString ?? "")
                sink.separate()
                sink.write(image.path ?? "")
            }
        case .references:
            guard !product.references.isEmpty else { return false }
            for (index, reference) in product.references.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { sink.separate() }
                sink.write(reference.key)
                sink.write("=")
                sink.write(reference.value)
            }
        case .foodText(let path): return text(product.productDetails?.foodDetails?[keyPath: path], to: &sink)
        case .foodList(let path): return list(product.productDetails?.foodDetails?[keyPath: path] ?? [], to: &sink)
        case .nutrition:
            guard let facts = product.productDetails?.foodDetails?.nutritionPer100gOrMl else { return false }
            let values = [
                facts.energyKcal, facts.proteinG, facts.fatG, facts.saturatedFatG, facts.carbsG, facts.sugarsG,
                facts.fiberG, facts.saltG, facts.sodiumMg,
            ]
            guard values.contains(where: { $0 != nil }) else { return false }
            // Each as `"\(value)"` spells it (`description`), written one by one rather than through a list of texts.
            for (index, value) in values.enumerated() {
                if index > 0 { sink.separate() }
                sink.write(value?.description ?? "")
            }
        case .collectibleText(let path): return text(product.productDetails?.collectibleDetails?[keyPath: path], to: &sink)
        case .collectibleDate(let path):
            guard let date = product.productDetails?.collectibleDetails?[keyPath: path] else { return false }
            sink.write("\(date.timeIntervalSinceReferenceDate)")
        case .systemRequirements:
            guard let requirements = product.productDetails?.collectibleDetails?.systemRequirements else { return false }
            let values: [String?] = [
                requirements.minMemory.map { "\($0)" }, requirements.recommendedMemory.map { "\($0)" },
                requirements.cpuFamily, requirements.minCpuSpeedMHz.map { "\($0)" }, requirements.video,
                requirements.audio, requirements.osName, requirements.minOsVersion,
                requirements.minStorage.map { "\($0)" }, requirements.notes,
            ]
            guard values.contains(where: { $0 != nil }) else { return false }
            parts(values, to: &sink)
        case .sourceCode:
            guard let code = product.productDetails?.collectibleDetails?.sourceCode else { return false }
            let values: [String?] = [
                code.url?.absoluteString, code.notes, code.dateOpened.map { "\($0.timeIntervalSinceReferenceDate)" },
                code.license,
            ]
            guard values.contains(where: { $0 != nil }) else { return false }
            parts(values, to: &sink)
        }
        return true
    }

    private static func text(_ value: String?, to sink: inout some CanonicalTextSink) -> Bool {
        guard let value, !value.isEmpty else { return false }
        sink.write(value)
        return true
    }

    private static func list(_ values: [String], to sink: inout some CanonicalTextSink) -> Bool {
        guard !values.isEmpty else { return false }
        // Written here, not through `parts(_:to:)`: passing `[String]` as `[String?]` copies and casts every item.
        for (index, value) in values.enumerated() {
            if index > 0 { sink.separate() }
            sink.write(value)
        }
        return true
    }

    /// Writes the parts separated, a missing part as an empty one.
    private static func parts(_ values: [String?], to sink: inout some CanonicalTextSink) {
        for (index, value) in values.enumerated() {
            if index > 0 { sink.separate() }
            sink.write(value ?? "")
        }
    }
}

/// Where a canonical text is written: a text, or a hash of it.
protocol CanonicalTextSink {
    /// Appends text.
    mutating func write(_ text: String)
    /// Appends ``ProvenanceField/separator``.
    mutating func separate()
}

/// Builds the canonical text itself.
struct CanonicalTextBuilder: CanonicalTextSink {
    private(set) var text = ""

    mutating func write(_ text: String) {
        self.text += text
    }

    mutating func separate() {
        text += ProvenanceField.separator
    }
}

/// Hashes the canonical text (64-bit FNV-1a of its UTF-8 bytes) as it is written.
struct CanonicalTextHasher: CanonicalTextSink {
    private var hash: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes { add(byte) }
        }
    }

    mutating func separate() {
        add(0x1F)
    }

    private mutating func add(_ byte: UInt8) {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01B3
    }

    /// The hash as 16 lowercase hex digits, written straight into the text's storage.
    var hexDigits: String {
        String(unsafeUninitializedCapacity: 16) { buffer in
            let digits = Self.digits
            var value = hash
            for index in stride(from: 15, through: 0, by: -1) {
                buffer[index] = digits[Int(value & 0xF)]
                value >>= 4
            }
            return 16
        }
    }

    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)
}

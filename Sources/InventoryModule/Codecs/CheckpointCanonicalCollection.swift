import Foundation

/// A collection whose own encoding follows its iteration order — `Dictionary` and `Set`, whose order depends on
/// the process's hash seed and on the history of insertions — written by ``CheckpointValueEncoder`` in the order of
/// its keys instead, so equal states encode to equal bytes.
///
/// The layout is the one the collection's own `encode(to:)` writes (a dictionary with `String` or `Int` keys as a
/// keyed container, any other dictionary as alternating keys and values, a set as its elements), so its own
/// `init(from:)` reads it back.
protocol CheckpointCanonicalCollection {
    /// Writes the collection in the order of its keys.
    func encodeCanonically(to encoder: any Encoder) throws
}

extension Dictionary: CheckpointCanonicalCollection where Key: Comparable & Encodable, Value: Encodable {
    func encodeCanonically(to encoder: any Encoder) throws {
        let entries = sorted { $0.key < $1.key }
        if Key.self == String.self || Key.self == Int.self {
            var container = encoder.container(keyedBy: CheckpointDictionaryKey.self)
            for entry in entries {
                let key = (entry.key as? Int).map(CheckpointDictionaryKey.init) ?? CheckpointDictionaryKey("\(entry.key)")
                try container.encode(entry.value, forKey: key)
            }
        } else if Key.self is any CodingKeyRepresentable.Type {
            // Never the case for the state's keys; the dictionary's own (unordered) form stays correct.
            try encode(to: encoder)
        } else {
            var container = encoder.unkeyedContainer()
            for entry in entries {
                try container.encode(entry.key)
                try container.encode(entry.value)
            }
        }
    }
}

extension Set: CheckpointCanonicalCollection where Element: Comparable & Encodable {
    func encodeCanonically(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in sorted() { try container.encode(element) }
    }
}

/// A key of a dictionary keyed by strings or integers, as `Dictionary`'s own coding key spells it.
struct CheckpointDictionaryKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init(_ int: Int) {
        stringValue = String(int)
        intValue = int
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { self.init(intValue) }
}

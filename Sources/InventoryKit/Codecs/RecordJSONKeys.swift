/// The member names of one kind of JSON object a ``RecordJSONReadable`` reads, matched against a key's bytes
/// without making a `String` of it.
///
/// ```swift
/// enum Field: String, CaseIterable { case main, sub }
/// static let keys = RecordJSONKeys(Field.self)
/// ```
package struct RecordJSONKeys<Key: Sendable>: Sendable {
    private let names: [[UInt8]]
    private let keys: [Key]

    /// The names of a string-backed enumeration: each case's raw value. At most 64 cases.
    package init(_ type: Key.Type) where Key: RawRepresentable<String> & CaseIterable {
        keys = Array(type.allCases)
        names = keys.map { Array($0.rawValue.utf8) }
        precondition(keys.count <= 64, "RecordJSONKeys tracks repeated keys in 64 bits")
    }

    /// The position and key whose name is `bytes`, or `nil` when no name is.
    func match(_ bytes: UnsafeRawBufferPointer) -> (index: Int, key: Key)? {
        for index in names.indices where names[index].count == bytes.count {
            if names[index].withUnsafeBytes({ $0.elementsEqual(bytes) }) { return (index, keys[index]) }
        }
        return nil
    }
}

/// One object or array being read by ``RecordJSONReader``: whether an element was read yet (so the next one
/// needs a comma), and which keys were, so a repeated key hands the bytes to `JSONDecoder`.
package struct RecordJSONContainer {
    /// Whether an element was read.
    private(set) var started = false
    private var seen: UInt64 = 0

    /// A container before its first element.
    package init() {}

    /// Records an element.
    mutating func start() {
        started = true
    }

    /// Records the key at `index`; `false` when it was read before.
    mutating func visit(_ index: Int) -> Bool {
        let bit: UInt64 = 1 << UInt64(index)
        defer { seen |= bit }
        return seen & bit == 0
    }
}

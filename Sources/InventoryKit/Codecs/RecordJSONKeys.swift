/// The member names of one kind of JSON object a ``RecordJSONReadable`` reads, matched against a key's bytes
/// without making a `String` of it. ``RecordJSONReader/nextKey(_:in:)`` answers a key's position in the names.
///
/// Not generic on purpose: a generic key type costs a run-time metadata lookup on every key read, which a profile of
/// product reading showed as a quarter of its time.
///
/// ```swift
/// enum Field: String, CaseIterable { case main, sub }
/// static let keys = RecordJSONKeys(Field.self)
/// static let fields = Field.allCases      // fields[position] is the key read
/// ```
package struct RecordJSONKeys: Sendable {
    private let names: [[UInt8]]

    /// The names of a string-backed enumeration, in the order of `allCases`: each case's raw value. At most 64.
    package init<Key: RawRepresentable<String> & CaseIterable>(_ type: Key.Type) {
        names = type.allCases.map { Array($0.rawValue.utf8) }
        precondition(names.count <= 64, "RecordJSONKeys tracks repeated keys in 64 bits")
    }

    /// The position of the name that is `bytes`, or `nil` when no name is.
    func match(_ bytes: UnsafeRawBufferPointer) -> Int? {
        search: for index in names.indices where names[index].count == bytes.count {
            let name = names[index]
            for offset in name.indices where name[offset] != bytes[offset] { continue search }
            return index
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

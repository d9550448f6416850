import Foundation

/// Encodes any `Encodable` value into the compact binary form of checkpoint states — a faster, smaller stand-in
/// for JSON that ``CheckpointValueDecoder`` reads back to an equal value.
///
/// Every value in a container is framed by a 4-byte little-endian length (`0xFFFF_FFFF` for nil); a keyed
/// container is a run of fields (varint key length, UTF-8 key, framed value), an unkeyed container a run of framed
/// values, and a single value its raw bytes: strings as UTF-8, integers as varints, floating-point numbers as their
/// bits, and UUIDs, dates, decimals and data in the form ``CheckpointByteWriter`` gives them. Frames are written as
/// placeholders and filled in once the value they hold is complete. Dictionaries and sets are written in the order
/// of their keys (``CheckpointCanonicalCollection``), so equal values encode to equal bytes.
enum CheckpointValueEncoder {
    /// The bytes of `value`.
    ///
    /// - Throws: `EncodingError` when the value throws, or writes to a nested container after its parent moved on.
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        let state = EncodingState()
        try state.encodeFramed(value, depth: 0)
        return state.writer.bytes
    }
}

/// The buffer one encoding writes into and the frames still open in it.
private final class EncodingState {
    var writer = CheckpointByteWriter(capacity: 4_096)
    /// Placeholders of frames whose value is not complete yet: the depth of the container that wrote each, and
    /// where its four bytes are.
    private var open: [(depth: Int, offset: Int)] = []

    /// Fills in every open frame written at `depth` or deeper.
    func close(downTo depth: Int) {
        while let last = open.last, last.depth >= depth {
            open.removeLast()
            writer.patchUInt32(UInt32(writer.count - last.offset - 4), at: last.offset)
        }
    }

    /// Opens a frame for a value a container at `depth` writes, after closing what that container wrote before.
    func openFrame(depth: Int) {
        close(downTo: depth)
        open.append((depth, writer.count))
        writer.uint32(0)
    }

    /// Whether the frame of the container at `depth` that started at `offset` is still being written.
    func isOpen(_ offset: Int) -> Bool {
        open.contains { $0.offset == offset }
    }

    /// Writes a nil frame for a container at `depth`.
    func writeNil(depth: Int) {
        close(downTo: depth)
        writer.uint32(UInt32.max)
    }

    /// Writes `value` in a frame of its own, for a container at `depth`.
    func encodeFramed<T: Encodable>(_ value: T, depth: Int) throws {
        openFrame(depth: depth)
        try encodeValue(value, depth: depth + 1)
        close(downTo: depth)
    }

    /// Writes `value`'s bytes (without a frame): the special forms of the primitive types, or its own encoding.
    func encodeValue<T: Encodable>(_ value: T, depth: Int) throws {
        switch value {
        case let optional as any CheckpointOptional:
            if let wrapped = optional.checkpointWrapped {
                writer.byte(1)
                try encodeValue(wrapped, depth: depth)
            } else {
                writer.byte(0)
            }
        case let text as String: writer.append(text)
        case let uuid as UUID: writer.uuid(uuid)
        case let date as Date: writer.date(date)
        case let decimal as Decimal: writer.decimal(decimal)
        case let data as Data: data.withUnsafeBytes { writer.append($0) }
        case let collection as any CheckpointCanonicalCollection:
            try collection.encodeCanonically(to: ValueEncoder(state: self, depth: depth))
        default: try value.encode(to: ValueEncoder(state: self, depth: depth))
        }
    }
}

extension CheckpointByteWriter {
    /// A string's UTF-8, unframed (its frame says how long it is).
    fileprivate mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
}

/// An optional value, which the binary form writes as a tag byte (0 for nil, 1 before the wrapped value), so a
/// nil inside a single value or an unkeyed container stays apart from an empty string.
protocol CheckpointOptional {
    /// The wrapped value, or `nil`.
    var checkpointWrapped: (any Encodable)? { get }
}

extension Optional: CheckpointOptional where Wrapped: Encodable {
    var checkpointWrapped: (any Encodable)? { map { $0 } }
}

/// The `Encoder` of one value at one depth.
private struct ValueEncoder: Encoder {
    let state: EncodingState
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer(state: state, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(state: state, depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(state: state, depth: depth)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: EncodingState
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    private func writeKey(_ key: Key) {
        state.close(downTo: depth)
        var name = key.stringValue
        name.withUTF8 { utf8 in
            state.writer.varint(UInt64(utf8.count))
            state.writer.append(UnsafeRawBufferPointer(utf8))
        }
    }

    mutating func encodeNil(forKey key: Key) throws {
        writeKey(key)
        state.writeNil(depth: depth)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        writeKey(key)
        try state.encodeFramed(value, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        writeKey(key)
        state.openFrame(depth: depth)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(state: state, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        writeKey(key)
        state.openFrame(depth: depth)
        return UnkeyedContainer(state: state, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        state.close(downTo: depth)
        state.writer.varint(5)
        state.writer.append("super")
        state.openFrame(depth: depth)
        return ValueEncoder(state: state, depth: depth + 1)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        writeKey(key)
        state.openFrame(depth: depth)
        return ValueEncoder(state: state, depth: depth + 1)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let state: EncodingState
    let depth: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(state: EncodingState, depth: Int) {
        self.state = state
        self.depth = depth
    }

    mutating func encodeNil() throws {
        count += 1
        state.writeNil(depth: depth)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        count += 1
        try state.encodeFramed(value, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        count += 1
        state.openFrame(depth: depth)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(state: state, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        state.openFrame(depth: depth)
        return UnkeyedContainer(state: state, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        count += 1
        state.openFrame(depth: depth)
        return ValueEncoder(state: state, depth: depth + 1)
    }
}

/// A single value: primitives as raw bytes, anything else through its own encoding at the same depth.
private struct SingleValueContainer: SingleValueEncodingContainer {
    let state: EncodingState
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        // A nil single value is an empty value; the decoder's `decodeNil()` answers true for it.
    }

    mutating func encode(_ value: Bool) throws { state.writer.byte(value ? 1 : 0) }
    mutating func encode(_ value: String) throws { state.writer.append(value) }
    mutating func encode(_ value: Double) throws { state.writer.uint64(value.bitPattern) }
    mutating func encode(_ value: Float) throws { state.writer.uint32(value.bitPattern) }
    mutating func encode(_ value: Int) throws { state.writer.signedVarint(Int64(value)) }
    mutating func encode(_ value: Int8) throws { state.writer.signedVarint(Int64(value)) }
    mutating func encode(_ value: Int16) throws { state.writer.signedVarint(Int64(value)) }
    mutating func encode(_ value: Int32) throws { state.writer.signedVarint(Int64(value)) }
    mutating func encode(_ value: Int64) throws { state.writer.signedVarint(value) }
    mutating func encode(_ value: UInt) throws { state.writer.varint(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { state.writer.varint(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { state.writer.varint(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { state.writer.varint(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { state.writer.varint(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try state.encodeValue(value, depth: depth)
    }
}

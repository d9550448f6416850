import Foundation

/// Decodes what ``CheckpointValueEncoder`` wrote. Every length is checked against the bytes: damaged bytes throw a
/// `DecodingError`, they are never read out of bounds.
enum CheckpointValueDecoder {
    /// The value `bytes` hold.
    ///
    /// - Throws: `DecodingError` when the bytes do not hold a `T`.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        var reader = CheckpointByteReader(bytes)
        let length = try reader.framed()
        guard let length, reader.position + length == bytes.count else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no single framed value"))
        }
        let source = DecodingSource(bytes)
        return try source.decodeValue(T.self, start: reader.position, end: bytes.count)
    }
}

extension CheckpointByteReader {
    /// A frame's length, or `nil` for a nil frame.
    mutating func framed() throws(CheckpointFormatError) -> Int? {
        let length = try uint32()
        if length == UInt32.max { return nil }
        guard Int(length) <= end - position else { throw .truncated }
        return Int(length)
    }
}

/// The bytes one decoding reads (valid while ``CheckpointValueDecoder/decode(_:from:)`` runs).
private struct DecodingSource {
    let base: UnsafeRawBufferPointer

    init(_ base: UnsafeRawBufferPointer) {
        self.base = base
    }

    func reader(_ start: Int, _ end: Int) -> CheckpointByteReader {
        CheckpointByteReader(base, from: start, to: end)
    }

    /// The value in `start..<end`: the special forms of the primitive types, or the type's own decoding.
    func decodeValue<T: Decodable>(_ type: T.Type, start: Int, end: Int) throws -> T {
        var reader = reader(start, end)
        let value: Any
        switch type {
        case let optional as any CheckpointDecodableOptional.Type:
            value = try optional.checkpointDecode(self, start: start, end: end)
            reader.position = end
        case is String.Type: value = try reader.rest()
        case is UUID.Type: value = try reader.uuid()
        case is Date.Type: value = try reader.date()
        case is Decimal.Type: value = try reader.decimal()
        case is Data.Type:
            value = Data(UnsafeRawBufferPointer(rebasing: base[start..<end]))
            reader.position = end
        default: return try T(from: ValueDecoder(source: self, start: start, end: end))
        }
        guard reader.isAtEnd else { throw Self.corrupt("bytes left after a \(T.self)") }
        guard let typed = value as? T else { throw Self.corrupt("a value of another type") }
        return typed
    }

    static func corrupt(_ what: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "checkpoint bytes: \(what)"))
    }
}

extension CheckpointByteReader {
    /// The rest of the bytes as UTF-8 text.
    fileprivate mutating func rest() throws(CheckpointFormatError) -> String {
        let start = try skip(end - position)
        guard let text = String(validating: UnsafeRawBufferPointer(rebasing: base[start..<end]), as: UTF8.self) else {
            throw .malformed("a string that is not UTF-8")
        }
        return text
    }
}

/// An optional type, decoded from the tag byte ``CheckpointOptional`` writes.
private protocol CheckpointDecodableOptional {
    static func checkpointDecode(_ source: DecodingSource, start: Int, end: Int) throws -> Any
}

extension Optional: CheckpointDecodableOptional where Wrapped: Decodable {
    fileprivate static func checkpointDecode(_ source: DecodingSource, start: Int, end: Int) throws -> Any {
        var reader = source.reader(start, end)
        switch try reader.byte() {
        case 0: return Wrapped?.none as Any
        case 1: return Wrapped?.some(try source.decodeValue(Wrapped.self, start: start + 1, end: end)) as Any
        default: throw DecodingSource.corrupt("an optional's tag")
        }
    }
}

/// The `Decoder` of the value in `start..<end` (`start` is -1 for a nil frame).
private struct ValueDecoder: Decoder {
    let source: DecodingSource
    let start: Int
    let end: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard start >= 0 else { throw DecodingSource.corrupt("nil where a keyed container was expected") }
        return KeyedDecodingContainer(try KeyedContainer<Key>(source: source, start: start, end: end))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard start >= 0 else { throw DecodingSource.corrupt("nil where an unkeyed container was expected") }
        return UnkeyedContainer(source: source, position: start, end: end)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(source: source, start: start, end: end)
    }
}

/// A keyed container's fields, read once; lookups try the field after the last one found first, so decoding the
/// fields in the order they were written costs one comparison each.
private final class FieldTable {
    struct Field {
        var keyStart: Int
        var keyCount: Int
        /// -1 for a nil value.
        var valueStart: Int
        var valueEnd: Int
    }

    var fields: [Field] = []
    var next = 0

    init(source: DecodingSource, start: Int, end: Int) throws {
        var reader = source.reader(start, end)
        while !reader.isAtEnd {
            let keyCount = try reader.count()
            let keyStart = try reader.skip(keyCount)
            if let length = try reader.framed() {
                let valueStart = try reader.skip(length)
                fields.append(Field(keyStart: keyStart, keyCount: keyCount, valueStart: valueStart, valueEnd: valueStart + length))
            } else {
                fields.append(Field(keyStart: keyStart, keyCount: keyCount, valueStart: -1, valueEnd: -1))
            }
        }
    }

    func find(_ name: String, in base: UnsafeRawBufferPointer) -> Field? {
        var name = name
        return name.withUTF8 { utf8 -> Field? in
            func matches(_ field: Field) -> Bool {
                guard field.keyCount == utf8.count else { return false }
                guard let key = utf8.baseAddress, let bytes = base.baseAddress else { return utf8.isEmpty }
                return memcmp(bytes + field.keyStart, key, utf8.count) == 0
            }
            if next < fields.count, matches(fields[next]) {
                next += 1
                return fields[next - 1]
            }
            for index in fields.indices where matches(fields[index]) {
                next = index + 1
                return fields[index]
            }
            return nil
        }
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let source: DecodingSource
    let table: FieldTable
    var codingPath: [any CodingKey] { [] }

    init(source: DecodingSource, start: Int, end: Int) throws {
        self.source = source
        table = try FieldTable(source: source, start: start, end: end)
    }

    var allKeys: [Key] {
        table.fields.compactMap { field in
            let bytes = UnsafeRawBufferPointer(rebasing: source.base[field.keyStart..<field.keyStart + field.keyCount])
            return Key(stringValue: String(decoding: bytes, as: UTF8.self))
        }
    }

    func contains(_ key: Key) -> Bool {
        table.find(key.stringValue, in: source.base) != nil
    }

    private func field(_ key: Key) throws -> FieldTable.Field {
        guard let field = table.find(key.stringValue, in: source.base) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "no field \(key.stringValue)"))
        }
        return field
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try field(key).valueStart < 0
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let field = try field(key)
        guard field.valueStart >= 0 else {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: [], debugDescription: "nil for \(key.stringValue)"))
        }
        return try source.decodeValue(T.self, start: field.valueStart, end: field.valueEnd)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let field = table.find(key.stringValue, in: source.base), field.valueStart >= 0 else { return nil }
        return try source.decodeValue(T.self, start: field.valueStart, end: field.valueEnd)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let field = table.find("super", in: source.base) else { throw DecodingSource.corrupt("no super field") }
        return ValueDecoder(source: source, start: field.valueStart, end: field.valueEnd)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder(for: key)
    }

    private func decoder(for key: Key) throws -> ValueDecoder {
        let field = try field(key)
        return ValueDecoder(source: source, start: field.valueStart, end: field.valueEnd)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let source: DecodingSource
    var position: Int
    let end: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int? { nil }
    var isAtEnd: Bool { position >= end }
    private(set) var currentIndex = 0

    init(source: DecodingSource, position: Int, end: Int) {
        self.source = source
        self.position = position
        self.end = end
    }

    /// The next element's range (`start` -1 for nil), moving past it.
    private mutating func next() throws -> (start: Int, end: Int) {
        var reader = source.reader(position, end)
        guard !reader.isAtEnd else { throw DecodingSource.corrupt("an unkeyed container read past its end") }
        let length = try reader.framed()
        let start = length == nil ? -1 : reader.position
        if let length { _ = try reader.skip(length) }
        position = reader.position
        currentIndex += 1
        return (start, start < 0 ? -1 : reader.position)
    }

    mutating func decodeNil() throws -> Bool {
        var reader = source.reader(position, end)
        guard !reader.isAtEnd, try reader.uint32() == UInt32.max else { return false }
        position = reader.position
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let range = try next()
        guard range.start >= 0 else { throw DecodingSource.corrupt("nil where a value was expected") }
        return try source.decodeValue(T.self, start: range.start, end: range.end)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let range = try next()
        return try ValueDecoder(source: source, start: range.start, end: range.end).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let range = try next()
        return try ValueDecoder(source: source, start: range.start, end: range.end).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let range = try next()
        return ValueDecoder(source: source, start: range.start, end: range.end)
    }
}

/// A single value: primitives from their raw bytes, anything else through its own decoding of the same bytes.
private struct SingleValueContainer: SingleValueDecodingContainer {
    let source: DecodingSource
    let start: Int
    let end: Int
    var codingPath: [any CodingKey] { [] }

    private var reader: CheckpointByteReader {
        get throws {
            guard start >= 0 else { throw DecodingSource.corrupt("nil where a value was expected") }
            return source.reader(start, end)
        }
    }

    /// Reads one primitive, which must use up the value's bytes.
    private func read<T>(_ body: (inout CheckpointByteReader) throws -> T) throws -> T {
        var reader = try reader
        let value = try body(&reader)
        guard reader.isAtEnd else { throw DecodingSource.corrupt("bytes left after a \(T.self)") }
        return value
    }

    private func integer<T: FixedWidthInteger & SignedInteger>(_ type: T.Type) throws -> T {
        guard let value = T(exactly: try read { try $0.signedVarint() }) else { throw DecodingSource.corrupt("a \(T.self) out of range") }
        return value
    }

    private func unsigned<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type) throws -> T {
        guard let value = T(exactly: try read { try $0.varint() }) else { throw DecodingSource.corrupt("a \(T.self) out of range") }
        return value
    }

    func decodeNil() -> Bool { start < 0 || start == end }
    func decode(_ type: Bool.Type) throws -> Bool {
        switch try read({ try $0.byte() }) {
        case 0: false
        case 1: true
        default: throw DecodingSource.corrupt("a Bool")
        }
    }
    func decode(_ type: String.Type) throws -> String { try read { try $0.rest() } }
    func decode(_ type: Double.Type) throws -> Double { Double(bitPattern: try read { try $0.uint64() }) }
    func decode(_ type: Float.Type) throws -> Float { Float(bitPattern: try read { try $0.uint32() }) }
    func decode(_ type: Int.Type) throws -> Int { try integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try unsigned(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try unsigned(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try unsigned(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try unsigned(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try unsigned(UInt64.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard start >= 0 else { throw DecodingSource.corrupt("nil where a value was expected") }
        return try source.decodeValue(T.self, start: start, end: end)
    }
}

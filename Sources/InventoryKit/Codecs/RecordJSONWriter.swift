import Foundation

/// Writes JSON byte for byte as ``RecordCoding/encode(_:)`` does, for payloads encoded often enough that
/// `JSONEncoder`'s generic path shows in profiles: compact, keys in UTF-8 byte order, `/` unescaped, numbers
/// spelled as `JSONEncoder` spells them, absent optionals left out.
///
/// The caller writes each object's members in key order (``member(_:)`` checks it in debug builds); a test of
/// every type written this way checks the bytes against ``RecordCoding/encode(_:)``.
///
/// ```swift
/// var writer = RecordJSONWriter()
/// writer.beginObject()
/// writer.member("name"); writer.string("Oat milk")
/// writer.member("size"); try writer.number(1.5)
/// writer.endObject()
/// let bytes = writer.bytes    // {"name":"Oat milk","size":1.5}
/// ```
package struct RecordJSONWriter: Sendable {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []
    /// Per open container: whether a value was written in it.
    private var open: [Bool] = []
    #if DEBUG
    /// Per open container: the last key written (objects), to check the order of keys.
    private var lastKeys: [String?] = []
    #endif

    /// A new writer with room for `capacity` bytes.
    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The bytes as `Data`.
    package var data: Data { Data(bytes) }

    // MARK: - Containers

    /// Opens an object.
    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        openContainer()
    }

    /// Closes the innermost object.
    package mutating func endObject() {
        closeContainer()
        bytes.append(UInt8(ascii: "}"))
    }

    /// Opens an array.
    package mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        openContainer()
    }

    /// Closes the innermost array.
    package mutating func endArray() {
        closeContainer()
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes a member's key; its value comes next. Keys must come in UTF-8 byte order, as sorted keys do.
    package mutating func member(_ key: String) {
        if let index = open.indices.last {
            #if DEBUG
            assert(lastKeys[index].map { $0.utf8.lexicographicallyPrecedes(key.utf8) } ?? true, "keys out of order: \(key)")
            lastKeys[index] = key
            #endif
            if open[index] { bytes.append(UInt8(ascii: ",")) }
            open[index] = true
        }
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Whether a key was just written, so the next value writes no separator.
    private var afterKey = false

    // MARK: - Values

    /// Writes a string, escaped as `JSONEncoder` escapes it (`/` left as it is).
    package mutating func string(_ value: String) {
        separate()
        writeString(value)
    }

    /// Writes a number as `JSONEncoder` spells a `Double`: its `description`, without a trailing `.0`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a value that is not finite, as `RecordCoding` does.
    package mutating func number(_ value: Double) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "Unable to encode Double.\(value) directly in JSON."))
        }
        separate()
        let bits = value.bitPattern
        if let last = lastNumbers.0, last.bits == bits {
            bytes.append(contentsOf: last.text)
            return
        }
        if let last = lastNumbers.1, last.bits == bits {
            bytes.append(contentsOf: last.text)
            lastNumbers = (last, lastNumbers.0)
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
        lastNumbers = ((bits, Array(text.utf8)), lastNumbers.0)
    }

    /// The last two numbers written and their spellings, most recent first: records repeat their dates (created
    /// and updated; each field's provenance its recorded and revised dates), and spelling a `Double` is the
    /// costliest thing this writer does.
    private var lastNumbers: ((bits: UInt64, text: [UInt8])?, (bits: UInt64, text: [UInt8])?) = (nil, nil)

    /// Writes an integer.
    package mutating func number(_ value: Int64) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes a `Decimal` as `JSONEncoder` does: its `description`, every digit, never through `Double`. A NaN,
    /// which has no JSON spelling, goes to `JSONEncoder` itself, so it comes out as there (on Linux as a bare
    /// `NaN`) or fails as there.
    ///
    /// - Throws: the encoder's `EncodingError` for a NaN it refuses.
    package mutating func decimal(_ value: Decimal) throws {
        guard !value.isNaN else { return try foundation(value) }
        raw(value.description.utf8)
    }

    /// Writes a UUID as its `Codable` conformance does: its uppercase `uuidString`.
    package mutating func uuid(_ value: UUID) {
        string(UUIDText.uppercase(value))
    }

    /// Writes a value encoded already (by `RecordCoding` or by another writer), as it is.
    package mutating func raw(_ encoded: some Collection<UInt8>) {
        separate()
        bytes.append(contentsOf: encoded)
    }

    /// Writes a value as `JSONEncoder` encodes it under ``RecordCoding``: for nested values rare enough that
    /// writing them by hand is not worth it.
    ///
    /// - Throws: the encoder's `EncodingError`.
    package mutating func foundation(_ value: some Encodable) throws {
        raw(try RecordCoding.encodeWithFoundation(value))
    }

    /// Writes `true` or `false`.
    package mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Writes a date as ``RecordCoding`` does: seconds since 2001-01-01.
    ///
    /// - Throws: `EncodingError.invalidValue` for a date whose interval is not finite.
    package mutating func date(_ value: Date) throws {
        try number(value.timeIntervalSinceReferenceDate)
    }

    // MARK: - Members and lists

    /// Writes a member whose value is a string.
    package mutating func member(_ key: String, _ value: String) {
        member(key)
        string(value)
    }

    /// Writes a member whose value is a `Decimal`, spelled as ``decimal(_:)`` spells it.
    ///
    /// - Throws: the encoder's `EncodingError` for a NaN it refuses.
    package mutating func member(_ key: String, _ value: Decimal) throws {
        member(key)
        try decimal(value)
    }

    /// Writes a member whose value is an optional string, leaving it out when `nil` (as `encodeIfPresent` does).
    package mutating func optional(_ key: String, _ value: String?) {
        guard let value else { return }
        member(key, value)
    }

    /// Writes a member whose value is an optional number, leaving it out when `nil`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a value that is not finite.
    package mutating func optional(_ key: String, _ value: Double?) throws {
        guard let value else { return }
        member(key)
        try number(value)
    }

    /// Writes a member whose value is an optional `Decimal`, leaving it out when `nil`.
    ///
    /// - Throws: the encoder's `EncodingError` for a NaN it refuses.
    package mutating func optional(_ key: String, _ value: Decimal?) throws {
        guard let value else { return }
        try member(key, value)
    }

    /// Writes a member whose value is an optional date, leaving it out when `nil`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a date whose interval is not finite.
    package mutating func optional(_ key: String, _ value: Date?) throws {
        guard let value else { return }
        member(key)
        try date(value)
    }

    /// Writes a list of strings.
    package mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// Writes a string map as an object with its keys in UTF-8 byte order, as sorted keys write it.
    package mutating func stringMap(_ map: [String: String]) {
        beginObject()
        for (key, value) in map.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            member(key)
            string(value)
        }
        endObject()
    }

    // MARK: - Writing

    /// Writes the comma before a value in an array; a value after a key writes none.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let index = open.indices.last else { return }
        if open[index] { bytes.append(UInt8(ascii: ",")) }
        open[index] = true
    }

    private mutating func openContainer() {
        open.append(false)
        #if DEBUG
        lastKeys.append(nil)
        #endif
    }

    private mutating func closeContainer() {
        open.removeLast()
        #if DEBUG
        lastKeys.removeLast()
        #endif
    }

    private mutating func writeString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { utf8 in
            // Runs that need no escape (most text) are copied whole.
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                appendEscaped(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the escape `JSONEncoder` writes for a quote, a backslash or a control character.
    private mutating func appendEscaped(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

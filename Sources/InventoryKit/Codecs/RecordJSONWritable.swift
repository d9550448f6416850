/// A record that writes its own JSON, byte for byte as `JSONEncoder` would under ``RecordCoding``: its
/// `RecordCoding.encode` skips `JSONEncoder`'s generic path. A conforming type's tests compare the two with
/// `RecordCoding.encodeWithFoundation(_:)`.
///
/// Kept because `JSONEncoder` writes the same bytes several times slower on Linux, on every commit and push
/// (docs/performance.md, "Hand-written codecs").
package protocol RecordJSONWritable: Encodable {
    /// Writes the value.
    ///
    /// - Throws: `EncodingError` where `JSONEncoder` would throw (a number that is not finite).
    func write(to writer: inout RecordJSONWriter) throws
}

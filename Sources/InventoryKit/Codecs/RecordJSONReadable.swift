import Foundation

/// A record that reads its own JSON, to the value `JSONDecoder` decodes under ``RecordCoding``: its
/// `RecordCoding.decode` skips `JSONDecoder`'s generic path. The counterpart of ``RecordJSONWritable``.
///
/// A reader handles the JSON its writer writes and returns `nil` for anything else (a key it does not know, a
/// nested value rare enough to leave to `JSONDecoder`, any malformed or invalid input); ``RecordCoding`` then
/// decodes the same bytes with `JSONDecoder`, which reads them or throws its error. So a reader is only ever a
/// shortcut to `JSONDecoder`'s answer, never a second opinion: a conforming type's tests compare the two.
///
/// Kept because `JSONDecoder` takes several times longer on Linux, on every point read and page of a catalog
/// (docs/performance.md, "Hand-written codecs").
package protocol RecordJSONReadable: Decodable {
    /// Reads a value from `reader`, or returns `nil` (then `JSONDecoder` decodes the bytes).
    static func read(from reader: inout RecordJSONReader) -> Self?
}

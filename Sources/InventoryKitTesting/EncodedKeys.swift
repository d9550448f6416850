import Foundation

/// The object keys of a value's JSON encoding, at every depth: pin them in a test so that renaming a Swift
/// property never renames a key of a stored or transmitted format.
///
/// ```swift
/// #expect(try EncodedKeys.of(entry) == ["id", "householdId", "operation", …])
/// ```
public enum EncodedKeys {
    /// Every object key of `value` encoded with a plain `JSONEncoder`.
    ///
    /// - Throws: the encoder's error.
    public static func of(_ value: some Encodable) throws -> Set<String> {
        var keys: Set<String> = []
        collect(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)), into: &keys)
        return keys
    }

    private static func collect(_ json: Any, into keys: inout Set<String>) {
        if let object = json as? [String: Any] {
            for (key, value) in object {
                keys.insert(key)
                collect(value, into: &keys)
            }
        } else if let array = json as? [Any] {
            for value in array { collect(value, into: &keys) }
        }
    }
}

import Foundation
import SyncWire

/// What `pantry --json` may print at the top level: a value encoded as a JSON object, so ``Output/json(_:)`` can add
/// `version` beside its keys. A list is always a named member of an object (`{"lots": […]}`), never the whole output.
protocol JSONObjectOutput: Encodable {}

extension Dictionary: JSONObjectOutput where Key == String, Value: Encodable {}

/// A command's answer with the vocabulary's `version` (`HouseholdViewVocabulary.version`) beside its own keys.
struct Versioned<Value: JSONObjectOutput>: Encodable {
    /// The answer.
    var value: Value

    private enum Keys: String, CodingKey { case version }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(HouseholdViewVocabulary.version, forKey: .version)
    }
}

/// A key as `pantry --json` writes it: an id is spelled `…Id` and a list of ids `…Ids` whatever the type's own
/// coding key says (the kit's records say `relatedAssetIDs`), so every output names ids one way.
struct OutputKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) {
        if key.hasSuffix("IDs") {
            stringValue = key.dropLast(3) + "Ids"
        } else if key.hasSuffix("ID"), key.count > 2 {
            stringValue = key.dropLast(2) + "Id"
        } else {
            stringValue = key
        }
    }

    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
}

import Foundation

/// The `value` of a `createHousehold` journal entry: the household's name and the zone it was created in.
///
/// Two forms, so journals of every version read the same:
/// - a bare string, the name, for a household created on UTC. Every creation of earlier versions has this form
///   (they booked a creation's zone as a separate `setHouseholdTimeZone` entry), and a creation on UTC keeps
///   writing it, so earlier versions still read such a journal;
/// - `{"name": …, "timeZone": …}` for a household created in another zone. Earlier versions cannot decode it and
///   refuse the journal, as they refuse any operation they do not know, rather than misread it.
struct HouseholdCreationValue: Codable {
    /// The household's name.
    var name: String
    /// The zone the household was created in.
    var timeZone: HouseholdTimeZone

    /// A value.
    init(name: String, timeZone: HouseholdTimeZone) {
        self.name = name
        self.timeZone = timeZone
    }

    private enum CodingKeys: String, CodingKey {
        case name, timeZone
    }

    /// Decodes either form: a string is a name on UTC.
    ///
    /// - Throws: `DecodingError` when the value is neither a string nor an object with a name and a zone.
    init(from decoder: any Decoder) throws {
        if let name = try? decoder.singleValueContainer().decode(String.self) {
            self.init(name: name, timeZone: .utc)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            timeZone: try container.decode(HouseholdTimeZone.self, forKey: .timeZone))
    }

    /// Encodes the string form for a creation on ``HouseholdTimeZone/utc``, the object form otherwise.
    ///
    /// - Throws: the encoder's error.
    func encode(to encoder: any Encoder) throws {
        if timeZone == .utc {
            var container = encoder.singleValueContainer()
            try container.encode(name)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(timeZone, forKey: .timeZone)
    }
}

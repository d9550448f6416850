import InventoryKit

// Part of a journal entry's hand-written JSON (`InventoryJournalEntry+RecordJSON.swift`): the bytes of the
// synthesized `LotDateProvenance` encoding under sorted keys (absent optionals left out).

extension LotDateProvenance {
    /// Writes `{"confidence":…,"kind":…,"rawText":…,"source":…}`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a confidence that is not finite, as `JSONEncoder` does.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        try writer.optional("confidence", confidence)
        writer.member("kind", kind.rawValue)
        writer.optional("rawText", rawText)
        writer.member("source", source.rawValue)
        writer.endObject()
    }
}

extension RecordJSONWriter {
    /// Writes a member whose value is an optional provenance, leaving it out when `nil`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a confidence that is not finite.
    mutating func optional(_ key: String, _ provenance: LotDateProvenance?) throws {
        guard let provenance else { return }
        member(key)
        try provenance.write(to: &self)
    }
}

import Foundation

/// Rules for names typed by people: trimmed, non-empty, at most 256 UTF-8 bytes, no control characters.
enum InventoryText {
    /// The longest name accepted, in UTF-8 bytes.
    static let maximumNameLength = 256
    /// The longest note accepted, in UTF-8 bytes.
    static let maximumNoteLength = 4_096

    /// The trimmed name.
    ///
    /// - Throws: ``InventoryError/invalidName(_:reason:)`` naming the rule `raw` breaks.
    static func name(_ raw: String) throws(InventoryError) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { throw .invalidName(String(raw.prefix(80)), reason: "the name is empty") }
        if trimmed.utf8.count > maximumNameLength {
            throw .invalidName(String(raw.prefix(80)), reason: "the name is longer than \(maximumNameLength) bytes")
        }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidName(String(raw.prefix(80)), reason: "the name contains a control character")
        }
        return trimmed
    }

    /// The note, unchanged.
    ///
    /// - Throws: ``InventoryError/invalidName(_:reason:)`` when the note is longer than 4,096 bytes.
    static func note(_ raw: String) throws(InventoryError) -> String {
        if raw.utf8.count > maximumNoteLength {
            throw .invalidName(String(raw.prefix(80)), reason: "the note is longer than \(maximumNoteLength) bytes")
        }
        return raw
    }
}

/// The rules every string-based inventory id follows: non-empty, at most 256 UTF-8 bytes, no control characters.
enum InventoryIDRules {
    /// The longest id accepted, in UTF-8 bytes.
    static let maximumLength = 256

    /// Why `raw` is not a valid id of `kind`, or `nil` when it is.
    static func problem(with raw: String, kind: InventoryIDKind) -> InventoryIDError? {
        if raw.isEmpty { return .empty(kind) }
        let length = raw.utf8.count
        if length > maximumLength { return .tooLong(kind, byteCount: length) }
        if raw.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .controlCharacter(kind)
        }
        return nil
    }
}

/// The rules every string-based inventory id follows: non-empty, at most 256 UTF-8 bytes, no control characters.
enum InventoryIDRules {
    /// The longest id accepted, in UTF-8 bytes.
    static let maximumLength = 256

    /// Why `raw` is not a valid id of `kind`, or `nil` when it is.
    static func problem(with raw: String, kind: InventoryIDKind) -> InventoryIDError? {
        if raw.isEmpty { return .empty(kind) }
        let length = raw.utf8.count
        if length > maximumLength { return .tooLong(kind, byteCount: length) }
        // ASCII (every id the kit derives) needs no Unicode property lookup: its controls are 0x00–0x1F and 0x7F.
        if raw.utf8.allSatisfy({ $0 < 0x80 }) {
            return raw.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) ? .controlCharacter(kind) : nil
        }
        if raw.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .controlCharacter(kind)
        }
        return nil
    }
}

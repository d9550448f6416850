import Foundation

/// Why a string cannot be used as an inventory identifier; every case names the kind of id that was wrong.
public enum InventoryIDError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    /// The id was empty.
    case empty(InventoryIDKind)
    /// The id was longer than ``InventoryStringID/maximumLength`` UTF-8 bytes.
    case tooLong(InventoryIDKind, byteCount: Int)
    /// The id held a control character (such as a newline or NUL).
    case controlCharacter(InventoryIDKind)
    /// A UUID-based id was given text that is not a UUID (cut to 80 characters).
    case notAUUID(InventoryIDKind, String)

    /// A sentence naming the kind of id and the rule it breaks, e.g. `location id is empty`.
    public var description: String {
        switch self {
        case .empty(let kind): "\(kind) id is empty"
        case .tooLong(let kind, let count):
            "\(kind) id is \(count) bytes long (at most \(InventoryIDRules.maximumLength))"
        case .controlCharacter(let kind): "\(kind) id contains a control character"
        case .notAUUID(let kind, let text): "\(kind) id \(String(reflecting: text)) is not a UUID"
        }
    }

    /// The same sentence as ``description``.
    public var errorDescription: String? { description }
}

/// A type a page of changes reads its payloads into (``ChangesResponse``).
///
/// A page keeps the changes whose kind ``reads(_:)`` accepts and skips the others without decoding their
/// payloads, so a client that pulls one kind stays able to read a page when a server ignores the `kinds` filter
/// or adds a kind the client does not know. ``JSONFragment`` reads every kind as text.
public protocol ChangePayload: Decodable, Sendable {
    /// Whether a page keeps changes of `kind`, decoding their payloads into this type.
    static func reads(_ kind: ChangeKind) -> Bool
}

extension JSONFragment: ChangePayload {
    /// Every kind: a fragment is any payload's text.
    public static func reads(_ kind: ChangeKind) -> Bool { true }
}

import Foundation

/// A condition a write requires of the record's current state, for optimistic concurrency.
///
/// When the condition does not hold, the whole batch is rejected with
/// ``StorageError/preconditionFailed(collection:id:expected:actualRevision:)`` and nothing is written.
public enum RecordPrecondition: Hashable, Sendable, Codable, CustomStringConvertible {
    /// No condition: create or replace.
    case none
    /// The record must not exist (create only).
    case absent
    /// The record must exist (update only).
    case exists
    /// The record must exist at exactly this revision (compare-and-swap).
    case revision(Int)

    /// Whether a record whose current revision is `current` (`nil` when absent) satisfies the condition.
    public func isSatisfied(byCurrentRevision current: Int?) -> Bool {
        switch self {
        case .none: true
        case .absent: current == nil
        case .exists: current != nil
        case .revision(let expected): current == expected
        }
    }

    /// A readable rendering, such as `revision 3`.
    public var description: String {
        switch self {
        case .none: "none"
        case .absent: "absent"
        case .exists: "exists"
        case .revision(let revision): "revision \(revision)"
        }
    }
}

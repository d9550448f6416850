import Foundation
import InventoryKit
import SyncWire

extension PushResult {
    /// The answered operation's id; `nil` when the server echoed something that is not one (no answer: the
    /// engine retries the operation later).
    var operationID: UUID? { UUID(uuidString: opId) }

    /// A conflict's server record as the kit's `T`; `nil` when the answer carries none or one this client cannot
    /// read (no answer: retried later).
    func current<T: Decodable>(as type: T.Type) -> T? {
        guard let current else { return nil }
        return try? RecordCoding.decode(T.self, from: Data(current.text.utf8))
    }
}

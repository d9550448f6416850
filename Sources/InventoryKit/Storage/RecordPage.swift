import Foundation

/// One page of a query's results and the cursor of the next page.
public struct RecordPage<Record: Sendable>: Sendable {
    /// The records of this page, in query order.
    public var records: [Record]
    /// Where the next page starts, or `nil` when this is the last page.
    public var nextCursor: RecordCursor?
    /// Records of the collection the store could not read, so they are in no page. A store reports each where it
    /// would have sorted, or on the first page (a query without a cursor) when it cannot tell where that is —
    /// for a filtered query too, since it cannot tell whether they match.
    public var damaged: [DamagedRecord]

    /// Creates a page.
    public init(records: [Record], nextCursor: RecordCursor?, damaged: [DamagedRecord] = []) {
        self.records = records
        self.nextCursor = nextCursor
        self.damaged = damaged
    }

    /// The page with every record transformed, keeping the cursor and the damaged records.
    public func map<T: Sendable>(_ transform: (Record) throws -> T) rethrows -> RecordPage<T> {
        RecordPage<T>(records: try records.map(transform), nextCursor: nextCursor, damaged: damaged)
    }

    /// The page itself when nothing in it was damaged.
    ///
    /// - Throws: the first damaged record's ``DamagedRecord/error``.
    public func requireUndamaged() throws(StorageError) -> Self {
        if let first = damaged.first { throw first.error }
        return self
    }
}

extension RecordPage: Equatable where Record: Equatable {}

import Foundation

/// One page of a query's results and the cursor of the next page.
public struct RecordPage<Record: Sendable>: Sendable {
    /// The records of this page, in query order.
    public var records: [Record]
    /// Where the next page starts, or `nil` when this is the last page.
    public var nextCursor: RecordCursor?

    /// Creates a page.
    public init(records: [Record], nextCursor: RecordCursor?) {
        self.records = records
        self.nextCursor = nextCursor
    }

    /// The page with every record transformed, keeping the cursor.
    public func map<T: Sendable>(_ transform: (Record) throws -> T) rethrows -> RecordPage<T> {
        RecordPage<T>(records: try records.map(transform), nextCursor: nextCursor)
    }
}

extension RecordPage: Equatable where Record: Equatable {}

/// One data row of a CSV feed with its header, the record ``CSVProductNormalizer`` normalizes.
public struct CSVRecord: Hashable, Sendable {
    /// The 1-based line the row starts on.
    public var line: Int
    /// The feed's header.
    public var header: [String]
    /// The row's fields; a ragged row has more or fewer than the header.
    public var fields: [String]
    /// What parsing noticed about this row (ragged).
    public var issues: [ImportWarning]
    /// Why the row could not be read (see ``CSVRow/rejection``); ``CSVProductNormalizer`` rejects such a record
    /// with this reason.
    public var rejection: ImportRejection?

    /// Creates a record.
    public init(line: Int, header: [String], fields: [String], issues: [ImportWarning] = [], rejection: ImportRejection? = nil) {
        self.line = line
        self.header = header
        self.fields = fields
        self.issues = issues
        self.rejection = rejection
    }

    /// The field under a header name (compared without case, spaces or punctuation), or `nil`.
    public subscript(column: String) -> String? {
        let key = CSVColumnMapping.key(column)
        guard let index = header.firstIndex(where: { CSVColumnMapping.key($0) == key }), index < fields.count else {
            return nil
        }
        return fields[index]
    }
}

/// Why a CSV feed could not be read at all. A file-level error: no record of the feed is imported.
///
/// Problems of single rows (an unclosed quote, a missing barcode) are not file errors: those rows are rejected
/// and the rest of the feed imports.
public enum CSVReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not valid text in the encoding their byte order mark names (UTF-8 without one); `byteOffset`
    /// is the 0-based position of the first bad byte.
    case undecodableText(encoding: String, byteOffset: Int)
    /// The header names none of the columns that identify a product (barcode, title or SKU) under any delimiter
    /// (`,`, `;`, tab); `header` is the header as read.
    case noKnownColumn(header: [String])
    /// The file could not be opened, or reading it failed part way (``CSVRecordReader``).
    case file(ImportFileError)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .undecodableText(let encoding, let offset): "the file is not valid \(encoding) text (byte \(offset))"
        case .noKnownColumn(let header):
            "no known column (barcode, title or SKU) in the header: \(header.map { "\"\($0.prefix(60))\"" }.prefix(40).joined(separator: ", "))"
        case .file(let error): error.description
        }
    }
}

import Foundation

/// The strings a sealed history refers to by number — product, lot, unit and location ids, replica names,
/// operation kinds and reasons — each stored once: a history of 100,000 entries names a few hundred products and
/// tens of thousands of lots, and writing each name once halves the checkpoint.
///
/// The numbering only grows: a checkpoint written from a state opened from another keeps the other's numbers (its
/// sealed bodies are copied as they are) and appends the new strings. A string that is a lowercase UUID (the form
/// of generated lot ids) is stored as its 16 bytes.
struct CheckpointAtoms {
    /// The strings, by number.
    private(set) var strings: [String]
    private var numbers: [String: Int]

    /// The strings of an existing table, numbered as they were.
    init(_ strings: [String] = []) {
        self.strings = strings
        numbers = Dictionary(strings.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The number of `string`, given one when it has none yet.
    mutating func number(_ string: String) -> Int {
        if let known = numbers[string] { return known }
        strings.append(string)
        numbers[string] = strings.count - 1
        return strings.count - 1
    }

    /// Writes the number of `string`.
    mutating func write(_ string: String, to writer: inout CheckpointByteWriter) {
        writer.varint(UInt64(number(string)))
    }

    /// Writes the table: each string as tag 1 and 16 bytes when it is a lowercase UUID, else tag 0 and its text.
    func write(to writer: inout CheckpointByteWriter) {
        for string in strings {
            if string.utf8.count == 36, let uuid = UUID(uuidString: string), uuid.uuidString.lowercased() == string {
                writer.byte(1)
                writer.uuid(uuid)
            } else {
                writer.byte(0)
                writer.string(string)
            }
        }
    }

    /// Reads `count` strings written by ``write(to:)``.
    ///
    /// - Throws: ``CheckpointFormatError`` when they do not decode.
    static func read(_ count: Int, from reader: inout CheckpointByteReader) throws(CheckpointFormatError) -> [String] {
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count {
            switch try reader.byte() {
            case 0: strings.append(try reader.string())
            case 1: strings.append(try reader.uuid().uuidString.lowercased())
            default: throw .malformed("a string tag")
            }
        }
        return strings
    }
}

extension CheckpointByteReader {
    /// A string written by number (``CheckpointAtoms/write(_:to:)``), looked up in `atoms`.
    mutating func atom(_ atoms: [String]) throws(CheckpointFormatError) -> String {
        let number = try varint()
        guard number < UInt64(atoms.count) else { throw .malformed("a string number") }
        return atoms[Int(number)]
    }
}

import Foundation

extension CSVParser {
    /// The text of a feed's bytes, in the encoding their byte order mark names: UTF-8 (`EF BB BF`), UTF-16 LE
    /// (`FF FE`) or UTF-16 BE (`FE FF`); bytes without a mark are read as UTF-8. The mark is not part of the text.
    ///
    /// - Throws: ``CSVReadError/undecodableText(encoding:byteOffset:)`` at the first byte that is not valid text
    ///   in that encoding (a broken UTF-8 sequence, a lone UTF-16 surrogate, an odd trailing byte).
    public static func decode(_ data: Data) throws(CSVReadError) -> String {
        try text(of: data, strict: true)
    }

    /// The text of a feed's bytes as ``decode(_:)`` reads them, with U+FFFD for each invalid sequence.
    static func lenientText(_ data: Data) -> String {
        (try? text(of: data, strict: false)) ?? ""
    }

    private static func text(of data: Data, strict: Bool) throws(CSVReadError) -> String {
        var decoder = CSVTextDecoder(strict: strict)
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(data.count)
        try decoder.decode(data, into: &scalars, isLast: true)
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }
}

import Foundation

/// JSON text the server stored and serves as stored: a change's payload, a product's record, the state a
/// conflict answers with.
///
/// The server writes a payload once, as the kit's canonical encoding of the value it validated
/// (`RecordCoding`), keeps it in PostgreSQL's `jsonb` (whose numbers are `numeric`: every digit kept), and puts
/// its text into responses byte for byte — never through a `Double`, never re-encoded. A Swift client that
/// decodes a response gets the fragment's text back through ``JSONValue``, whose numbers are exact as well.
public struct JSONFragment: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The JSON text.
    public let text: String

    /// Wraps JSON text the caller vouches for (the server's stored text, a client's encoder output); not checked.
    public init(verbatim text: String) {
        self.text = text
    }

    /// The text of a value, compact with sorted keys.
    /// - Throws: `EncodingError` from the encoder.
    public init(_ value: JSONValue) throws {
        self.text = try value.jsonText()
    }

    /// The fragment parsed as any JSON.
    /// - Throws: `DecodingError` when the text is not JSON ``JSONValue`` holds.
    public func value() throws -> JSONValue {
        try JSONValue(jsonText: text)
    }

    /// The JSON text.
    public var description: String { text }

    /// Decodes any JSON value and keeps its compact text.
    /// - Throws: `DecodingError` (see ``JSONValue/init(from:)``).
    public init(from decoder: any Decoder) throws {
        self.text = try JSONValue(from: decoder).jsonText()
    }

    /// Encodes the value the text holds (an encoder cannot take raw text; the server's responses write
    /// ``text`` itself).
    /// - Throws: `EncodingError`, or `DecodingError` when the text is not JSON.
    public func encode(to encoder: any Encoder) throws {
        try value().encode(to: encoder)
    }
}

import Foundation
import Hummingbird
import NIOCore

/// A submitted form (`application/x-www-form-urlencoded`), bounded, with the fields every form carries.
struct WebForm: Sendable {
    /// The longest body a form may send.
    static let maxBodyBytes = 16 * 1024

    /// Why a form was not read.
    enum Problem: Error, Sendable, Equatable {
        case tooLarge
        case malformed
    }

    let fields: [String: String]

    /// Reads and decodes the body of `request`.
    static func read(_ request: Request) async throws(Problem) -> WebForm {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw .tooLarge
        } catch {
            throw .malformed
        }
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else { throw .malformed }
        return try parse(text)
    }

    /// Decodes `name=value&…` (`+` is a space; the first value of a repeated name wins).
    static func parse(_ text: String) throws(Problem) -> WebForm {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else { throw .malformed }
            if fields[name] == nil { fields[name] = value }
        }
        return WebForm(fields: fields)
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    subscript(_ name: String) -> String? { fields[name] }

    /// The form's `submission` field: the UUID that makes its command book once.
    var submission: UUID? { fields["submission"].flatMap(UUID.init(uuidString:)) }

    /// A field's text, trimmed; `nil` when missing or blank.
    func text(_ name: String) -> String? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// An amount as people type it: digits with at most one `.` or `,` (`2`, `0.5`, `1,25`), read as a `Decimal`
    /// from its text (never through `Double`).
    static func amount(_ text: String) -> Decimal? {
        let normalized = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let parts = normalized.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, (1...13).contains(whole.count),
            whole.allSatisfy(\.isASCIIDigit), parts.count == 1 || (1...10).contains(parts[1].count) && parts[1].allSatisfy(\.isASCIIDigit)
        else { return nil }
        return Decimal(string: normalized, locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension Character {
    /// `0`…`9` only.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

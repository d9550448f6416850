import Foundation

extension String {
    /// `replacingOccurrences(of: target, with: replacement)`, answered on the UTF-8 bytes without Foundation when
    /// every occurrence of `target` stands between ASCII bytes (or the ends of the text) — the common case, such as
    /// a `"\r\n"` between words or the estimated sign in `"500 g ℮"`. Any other text goes to Foundation, whose
    /// non-literal search treats a combining mark or joiner next to a match its own way; this does not repeat it.
    ///
    /// Only for a `target` no other text is canonically equivalent to (`"\r\n"`, `"\u{212E}"`): Foundation would
    /// find such an equivalent where the bytes differ.
    func replacingOccurrencesBytewise(of target: StaticString, with replacement: StaticString) -> String {
        if let answer = asciiBoundedReplacement(of: target, with: replacement) { return answer }
        return replacingOccurrences(of: target.description, with: replacement.description)
    }

    /// The replaced text, or `nil` when an occurrence touches a non-ASCII byte (Foundation answers those).
    private func asciiBoundedReplacement(of target: StaticString, with replacement: StaticString) -> String? {
        target.withUTF8Buffer { needle in
            replacement.withUTF8Buffer { substitute in replaced(needle, with: substitute) }
        }
    }

    private func replaced(_ needle: UnsafeBufferPointer<UInt8>, with substitute: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = needle.first else { return nil }
        var text = self
        return text.withUTF8 { bytes -> String? in
            var result: [UInt8] = []
            var copied = 0
            var index = 0
            while index + needle.count <= bytes.count {
                guard bytes[index] == first, needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) else {
                    index += 1
                    continue
                }
                let end = index + needle.count
                if index > 0, bytes[index - 1] >= 0x80 { return nil }
                if end < bytes.count, bytes[end] >= 0x80 { return nil }
                if result.isEmpty { result.reserveCapacity(bytes.count) }
                result.append(contentsOf: bytes[copied..<index])
                result.append(contentsOf: substitute)
                copied = end
                index = end
            }
            guard copied > 0 else { return self }
            result.append(contentsOf: bytes[copied...])
            return String(decoding: result, as: UTF8.self)
        }
    }
}

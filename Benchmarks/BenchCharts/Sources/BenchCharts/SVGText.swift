/// Text made safe to put inside an SVG element or a quoted attribute.
enum SVGText {
    /// `text` with XML's special characters as entities (`&`, `<`, `>`, both quotes), and every character that
    /// could mislead or break the document replaced by U+FFFD: the bidirectional controls (which would reorder
    /// what a reader sees), the C0 controls other than tab, line feed and carriage return, and U+FFFE / U+FFFF
    /// (which XML 1.0 forbids).
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where isReplaced(scalar): result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `scalar` is a bidirectional control, a C0 or C1 control, or a non-character XML forbids.
    private static func isReplaced(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        case 0xFFFE, 0xFFFF: true
        default: false
        }
    }
}

import Foundation

/// The text rules of RFC 5545: TEXT escaping (§3.3.11), content lines ending in CRLF and folded at 75 octets
/// (§3.1), dates and UTC date-times (§3.3.4, §3.3.5).
enum ICalendarText {
    /// `text` as an RFC 5545 TEXT value: backslash, semicolon and comma escaped, line breaks as `\n`, other
    /// control characters dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !previousWasReturn { result += "\\n" }
            case "\t": result += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// One content line: folded so that no line is longer than 75 octets (a continuation starts with a space),
    /// never inside a UTF-8 sequence, and ended by CRLF.
    static func line(_ content: String) -> String {
        var output = ""
        var lineOctets = 0
        for scalar in content.unicodeScalars {
            let octets = String(scalar).utf8.count
            if lineOctets + octets > 75 {
                output += "\r\n "
                lineOctets = 1
            }
            output.unicodeScalars.append(scalar)
            lineOctets += octets
        }
        return output + "\r\n"
    }

    /// `20260311`.
    static func date(_ day: CalendarDay) -> String {
        day.description.replacingOccurrences(of: "-", with: "")
    }

    /// `20260311T010000Z`: the instant in UTC, to the second.
    static func utcDateTime(_ instant: Date) -> String {
        let day = CalendarDay(containing: instant, in: .gmt)
        let seconds = instant.timeIntervalSince1970 - Double(day.daysSinceEpoch) * 86_400
        let whole = seconds.isFinite ? min(max(Int(seconds.rounded(.down)), 0), 86_399) : 0
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return date(day) + "T" + two(whole / 3_600) + two(whole / 60 % 60) + two(whole % 60) + "Z"
    }
}

import Foundation

/// Reads the values collectibles catalogues write as text: byte sizes, clock speeds, release dates, OS names.
enum CollectibleValues {
    /// Bytes of a size such as `"48K"`, `"640 KB"`, `"1.44 MB"`, `"2GB"`, `"128 bytes"`; `nil` without a unit.
    static func bytes(_ text: String) -> Int64? {
        guard let (amount, unit) = amountAndUnit(text) else { return nil }
        let multiplier: Double
        switch unit {
        case "b", "byte", "bytes": multiplier = 1
        case "k", "kb", "kib", "kbyte", "kbytes", "kilobyte", "kilobytes": multiplier = 1_024
        case "m", "mb", "mib", "mbyte", "mbytes", "megabyte", "megabytes": multiplier = 1_048_576
        case "g", "gb", "gib", "gigabyte", "gigabytes": multiplier = 1_073_741_824
        case "t", "tb", "tib", "terabyte", "terabytes": multiplier = 1_099_511_627_776
        default: return nil
        }
        let value = (amount * multiplier).rounded()
        guard value > 0, value < 9.0e18 else { return nil }
        return Int64(value)
    }

    /// Megahertz of a speed such as `"1 MHz"`, `"4.77MHz"` (rounded to 5), `"1.2 GHz"`, `"500 kHz"` (rounded
    /// up to 1); `nil` without a unit.
    static func megahertz(_ text: String) -> Int? {
        guard let (amount, unit) = amountAndUnit(text) else { return nil }
        let value: Double
        switch unit {
        case "mhz": value = amount
        case "ghz": value = amount * 1_000
        case "khz": value = amount / 1_000
        default: return nil
        }
        guard value > 0, value < 1_000_000 else { return nil }
        return max(1, Int(value.rounded()))
    }

    /// The date of `"1983"`, `"1983-06"`, `"1983-06-15"` or an ISO 8601 date-time (its day), at midnight UTC;
    /// years 1900 through 2100.
    static func releaseDate(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let datePart = trimmed.prefix(10)
        let parts = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            parts[0].count == 4, let year = Int(parts[0]), (1900...2100).contains(year)
        else { return nil }
        if trimmed.count > 10 {
            // Only a date-time may follow a full date.
            guard parts.count == 3, trimmed.dropFirst(10).first == "T" || trimmed.dropFirst(10).first == " " else { return nil }
        }
        let month = parts.count > 1 ? Int(parts[1]) ?? 0 : 1
        let day = parts.count > 2 ? Int(parts[2]) ?? 0 : 1
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        return date
    }

    /// An OS text split into name and version: `"MS-DOS 3.3"` → (`"MS-DOS"`, `"3.3"`); without a trailing
    /// version the whole text is the name.
    static func osNameAndVersion(_ text: String) -> (name: String, version: String?) {
        let words = text.split(separator: " ")
        guard words.count > 1, let last = words.last, last.first?.isNumber == true else { return (text, nil) }
        return (words.dropLast().joined(separator: " "), String(last))
    }

    /// A leading number and the lowercased letters after it: `"4.77MHz"` → (4.77, `"mhz"`).
    private static func amountAndUnit(_ text: String) -> (Double, String)? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let numberPart = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        guard !numberPart.isEmpty, let amount = ImportNumber.parse(String(numberPart)) else { return nil }
        let unit = trimmed.dropFirst(numberPart.count).trimmingCharacters(in: .whitespaces).lowercased()
        guard !unit.isEmpty else { return nil }
        return (amount, unit)
    }
}

import Foundation

/// Paths and small formats of the web pages.
enum WebPaths {
    /// The household's pages' common prefix.
    static func household(_ id: HouseholdID) -> String { "/households/\(id)" }

    /// Text percent-encoded as one path segment (`/` and `%` included), as the router hands it back decoded.
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/%?#;")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// The UTC calendar day of an instant, `2026-11-27`.
    static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().dateSeparator(.dash))
    }
}

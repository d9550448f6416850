/// A fault the mirror answers one barcode with (`--fault CODE=KIND`).
struct MirrorFault: Sendable {
    /// What the mirror does instead of answering normally.
    enum Kind: String, Sendable, CaseIterable {
        /// `429 Too Many Requests` with `Retry-After`, every time.
        case rateLimited = "429"
        /// `429` for the first request of the code, the record after.
        case rateLimitedOnce = "429-once"
        /// `503 Service Unavailable`, every time.
        case unavailable = "503"
        /// `503` for the first request of the code, the record after.
        case unavailableOnce = "503-once"
        /// `200` with the first half of the record's JSON: a body cut short.
        case truncated
        /// `200` whose `Content-Length` announces the whole record, then half of it and the connection closed: a
        /// transfer dropped mid-body.
        case dropped
        /// The record, after `--slow-seconds`.
        case slow

        static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
    }

    var code: String
    var kind: Kind

    /// Reads `CODE=KIND`; `nil` when it is not one.
    static func parse(_ text: String) -> MirrorFault? {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, let kind = Kind(rawValue: parts[1]) else { return nil }
        return MirrorFault(code: parts[0], kind: kind)
    }
}

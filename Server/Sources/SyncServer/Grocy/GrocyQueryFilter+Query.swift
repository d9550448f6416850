import Foundation

extension GrocyQueryFilter {
    /// The `query[]` filters of a request's raw query string (`request.uri.query`), read as a form (`+` is a space, keys and values are
    /// percent-decoded), as Grocy's PHP reads it: `requests`, which pygrocy2 and grocy-py call, sends
    /// `query%5B%5D=name%3DLoose+tea`, and Hummingbird's `queryParameters` decodes values but not keys.
    /// - Throws: ``GrocyRefusal/badRequest(_:)`` for a pair that is not valid percent-encoded UTF-8, or a filter
    ///   ``init(_:)`` refuses.
    static func filters(inQuery query: String?) throws(GrocyRefusal) -> [GrocyQueryFilter] {
        guard let query, !query.isEmpty else { return [] }
        var filters: [GrocyQueryFilter] = []
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = try formDecoded(parts[0]), key == "query[]" else { continue }
            filters.append(try GrocyQueryFilter(try formDecoded(parts.count > 1 ? parts[1] : "") ?? ""))
        }
        return filters
    }

    /// One form-encoded key or value, decoded.
    private static func formDecoded(_ text: Substring) throws(GrocyRefusal) -> String? {
        guard let decoded = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
            throw .badRequest("The query string part \(text) is not valid percent-encoded UTF-8.")
        }
        return decoded
    }
}

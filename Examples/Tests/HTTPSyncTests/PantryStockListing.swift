import Foundation
import SyncWire

/// What the tests read of `pantry stock list --json`: the household's `StockView`, as the server's
/// `views/stock` serves it.
enum PantryStockListing {
    /// The view, or `nil` when the output is not one.
    static func view(_ json: String) -> StockView? {
        try? JSONDecoder().decode(StockView.self, from: Data(json.utf8))
    }

    /// Every lot of the view, location by location.
    static func lots(_ json: String) -> [ViewLot] {
        view(json)?.locations.flatMap(\.products).flatMap(\.lots) ?? []
    }

    /// The view as text without `asOf`, the moment it was printed: two devices holding the same state print the same
    /// text. An output that is not a view is returned as it is, so a comparison shows it.
    static func comparable(_ json: String) -> String {
        guard var view = view(json) else { return json }
        view.asOf = WireInstant(Date(timeIntervalSince1970: 0))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return (try? encoder.encode(view)).map { String(decoding: $0, as: UTF8.self) } ?? json
    }
}

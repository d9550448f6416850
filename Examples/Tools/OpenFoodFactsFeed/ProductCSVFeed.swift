import Foundation

/// A generic CSV product feed for scale tests and measurements, made deterministically: row `n` has its own valid
/// GTIN-13 (``OpenFoodFactsFeed/barcode(_:)``), a quoted title holding the delimiter, a brand, a category path, a
/// size, a quoted description with doubled quotes and a line break, and an ingredient list, about 900 bytes in all.
///
/// ```swift
/// let records = try ProductCSVFeed().write(to: url, bytes: 100 << 20)   // about 100 MB, written a chunk at a time
/// ```
public struct ProductCSVFeed: Sendable {
    /// The header row, with its line break.
    public static let header = "barcode,title,brand,category,size,description,ingredients\r\n"

    private static let brands = ["Farmhouse", "Acme", "Happy Hens", "Oat & Co", "Nordic Dairy", "Bäckerei Müller"]
    private static let categories = ["Dairy > Milk", "Beverages > Plant milks", "Bakery > Bread", "Snacks > Crisps"]
    private static let sizes = ["1 l", "500 g", "6 x 330 ml", "250 g", "1,5 kg"]
    private static let ingredients = [
        "water", "oats (10 %)", "rapeseed oil", "calcium carbonate", "sea salt", "vitamins (D2, B12)", "whole milk",
        "wheat flour", "yeast", "sunflower oil", "potatoes", "paprika", "sugar", "natural flavouring", "acidity regulator",
    ]

    /// Creates the feed.
    public init() {}

    /// Row `index`, with its line break.
    public func row(_ index: Int) -> String {
        let list = (0..<36).map { Self.ingredients[(index + $0 * 7) % Self.ingredients.count] }.joined(separator: ", ")
        return "\(OpenFoodFactsFeed.barcode(index)),\"Organic product \(index), \(Self.sizes[index % Self.sizes.count])\","
            + "\(Self.brands[index % Self.brands.count]),\(Self.categories[index % Self.categories.count]),"
            + "\"\(Self.sizes[(index / 3) % Self.sizes.count])\","
            + "\"The \"\"original\"\" recipe, batch \(index).\nKeep cool and dry.\",\"\(list)\"\r\n"
    }

    /// Writes the header then rows `0, 1, 2, …` until the file reaches `bytes`; returns the number of rows.
    ///
    /// - Throws: the file system's error when the file cannot be written.
    @discardableResult
    public func write(to url: URL, bytes: Int) throws -> Int {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var chunk = Array(Self.header.utf8)
        var written = 0
        var rows = 0
        while written + chunk.count < bytes {
            chunk.append(contentsOf: row(rows).utf8)
            rows += 1
            if chunk.count >= 1 << 20 {
                try handle.write(contentsOf: chunk)
                written += chunk.count
                chunk.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: chunk)
        return rows
    }
}

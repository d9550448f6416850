import Foundation
import GRDBSQLite
import InventoryKit
import OpenFoodFactsFeed
import ProductModule

/// The hand-written side of the `catalog.*` page scenarios: the SQL a program without the kit would run on the same
/// file, through the C API, each row decoded with one reused `JSONDecoder`.
enum CatalogQueries {
    /// A category of the catalog as `ProductFilterStrategy.category` takes it.
    struct Category: Sendable {
        let main: String
        let sub: String?
    }

    /// Every (main, sub) category pair the catalog holds, in order.
    static func categories(_ path: String) throws -> [Category] {
        let database = try RawDatabase(path: path)
        let select = try database.prepare(
            "SELECT DISTINCT category_main, category_sub FROM products WHERE category_main IS NOT NULL ORDER BY 1, 2")
        var categories: [Category] = []
        while try select.step() {
            let sub = select.rawValue(1).type == SQLITE_NULL ? nil : select.text(1)
            categories.append(Category(main: select.text(0), sub: sub))
        }
        return categories
    }

    /// The first `pages` keyset pages of `pageSize` of each category, by title then product id (titles are never
    /// NULL in the catalog, so one range is the whole order), each product handed to `body` in order.
    static func categoryPages(
        _ database: RawDatabase, categories: [Category], pageSize: Int, pages: Int, _ body: (Product) -> Void
    ) throws {
        let decoder = JSONDecoder()
        let columns = "SELECT product_id, payload, title_key FROM products"
        let order = "ORDER BY title_key, product_id LIMIT ?5"
        let keyset = "AND (title_key > ?3 OR (title_key = ?3 AND product_id > ?4))"
        let mainOnly = "WHERE category_main = ?1"
        let both = "WHERE category_main = ?1 AND category_sub = ?2"
        let statements = [
            try database.prepare("\(columns) \(mainOnly) \(order)"),
            try database.prepare("\(columns) \(mainOnly) \(keyset) \(order)"),
            try database.prepare("\(columns) \(both) \(order)"),
            try database.prepare("\(columns) \(both) \(keyset) \(order)"),
        ]
        for category in categories {
            var cursor: (title: String, id: String)?
            for _ in 0..<pages {
                let statement = statements[(category.sub == nil ? 0 : 2) + (cursor == nil ? 0 : 1)]
                statement.bind(1, category.main)
                if let sub = category.sub { statement.bind(2, sub) }
                if let cursor {
                    statement.bind(3, cursor.title)
                    statement.bind(4, cursor.id)
                }
                statement.bind(5, Int64(pageSize))
                var rows = 0
                while try statement.step() {
                    body(try decoder.decode(Product.self, from: statement.data(1)))
                    cursor = (statement.text(2), statement.text(0))
                    rows += 1
                }
                statement.reset()
                guard rows == pageSize else { break }
            }
        }
    }

    /// `count` title prefixes of 3 to 12 characters, cut from the titles of products spread over the catalog.
    static func titlePrefixes(_ path: String, catalogCount: Int, count: Int) throws -> [String] {
        let database = try RawDatabase(path: path)
        let select = try database.prepare("SELECT title_key FROM products WHERE barcode = ?1")
        var prefixes: [String] = []
        for index in 0..<count {
            select.bind(1, OpenFoodFactsFeed.barcode((index &* 7_919 &+ 3) % catalogCount))
            if try select.step() {
                let title = select.text(0)
                prefixes.append(String(title.unicodeScalars.prefix(3 + index % 10)))
            }
            select.reset()
        }
        return prefixes
    }

    /// The first page of `pageSize` products whose title starts with `prefix` (normalized already), by title then
    /// id: the range `[prefix, prefix with its last scalar raised)` of the title index, handed to `body` in order.
    static func titlePrefixPage(
        _ statement: RawStatement, prefix: String, pageSize: Int, decoder: JSONDecoder, _ body: (Product) -> Void
    ) throws {
        statement.bind(1, prefix)
        statement.bind(2, upperBound(prefix))
        statement.bind(3, Int64(pageSize))
        while try statement.step() { body(try decoder.decode(Product.self, from: statement.data(1))) }
        statement.reset()
    }

    /// The statement of ``titlePrefixPage(_:prefix:pageSize:decoder:_:)``.
    static func prepareTitlePrefixPage(_ database: RawDatabase) throws -> RawStatement {
        try database.prepare(
            "SELECT product_id, payload FROM products WHERE title_key >= ?1 AND title_key < ?2 "
                + "ORDER BY title_key, product_id LIMIT ?3")
    }

    /// The least text after every text starting with `prefix`: its last scalar raised by one (past the surrogates;
    /// the catalog's titles hold no U+10FFFF, which the kit handles and this floor does not need to).
    private static func upperBound(_ prefix: String) -> String {
        var scalars = Array(prefix.unicodeScalars)
        guard let last = scalars.popLast() else { return "\u{10FFFF}" }
        let raised = last.value == 0xD7FF ? 0xE000 : last.value + 1
        scalars.append(Unicode.Scalar(raised) ?? last)
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}

import Foundation
import GRDBSQLite
import InventoryKit
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
}

import Foundation
import GRDB
import Testing

/// One damaged product, in either store: what every listing command does with it.
@Suite("pantry on a damaged store: lists what is readable, names each damaged record, exits 4")
struct PantryDamagedStoreTests {
    static let good = "4006381333931"
    static let bad = "5000112637922"

    /// A store with two products and stock of both, then the second product's record damaged on disk.
    static func damagedStore(_ store: String) throws -> URL {
        let folder = try newFolder()
        for (barcode, title) in [(good, "Milk"), (bad, "Cola")] {
            let added = try PantryRun.run(["product", "add", "--barcode", barcode, "--title", title, "--store", store, "--path", "s"], in: folder)
            #expect(added.status == 0, "\(added.error)")
            let booked = try PantryRun.run(["stock", "add", barcode, "2", "--store", store, "--path", "s"], in: folder)
            #expect(booked.status == 0, "\(booked.error)")
        }
        if store == "json" {
            try Data("{ not json".utf8).write(to: folder.appendingPathComponent("s/domain/metadata/products/\(bad).json"))
        } else {
            let queue = try DatabaseQueue(path: folder.appendingPathComponent("s/pantry.sqlite").path)
            try queue.write { db in
                try db.execute(sql: "UPDATE products SET payload = x'7b' WHERE product_id = ?", arguments: [bad])
            }
            try queue.close()
        }
        return folder
    }

    @Test("product list shows the readable products, names the damaged one and exits 4", arguments: ["sqlite", "json"])
    func productList(_ store: String) throws {
        let folder = try Self.damagedStore(store)
        let list = try PantryRun.run(["product", "list", "--store", store, "--path", "s"], in: folder)
        #expect(list.status == 4, "exited \(list.status): \(list.error)")
        #expect(list.output.contains("Milk") && !list.output.contains("Cola"))
        #expect(list.error.contains("damaged: ") && list.error.contains(Self.bad))
        let json = try PantryRun.run(["product", "list", "--json", "--store", store, "--path", "s"], in: folder)
        #expect(json.status == 4 && json.output.contains("\"damaged\"") && json.output.contains(Self.good))
    }

    @Test("stock list shows every lot, the damaged product's by id, names the damage and exits 4", arguments: ["sqlite", "json"])
    func stockList(_ store: String) throws {
        let folder = try Self.damagedStore(store)
        let list = try PantryRun.run(["stock", "list", "--store", store, "--path", "s"], in: folder)
        #expect(list.status == 4, "exited \(list.status): \(list.error)")
        #expect(list.output.contains("Milk") && list.output.contains(Self.bad))
        #expect(list.error.contains("damaged: ") && list.error.contains(Self.bad))
    }

    @Test("a re-import stores the other records, refuses the damaged one by name and exits 4", arguments: ["sqlite", "json"])
    func reimport(_ store: String) throws {
        let folder = try Self.damagedStore(store)
        let feed = folder.appendingPathComponent("feed.csv")
        try Data("barcode,title,brand\n\(Self.good),Milk,Acme\n\(Self.bad),Cola,Fizz\n4000417025005,Tea,Leaf\n".utf8).write(to: feed)
        let run = try PantryRun.run(["import", feed.path, "--store", store, "--path", "s"], in: folder)
        #expect(run.status == 4, "exited \(run.status): \(run.error)")
        #expect(run.output.contains("1 created, 1 updated") && run.output.contains("1 rejected"), "\(run.output)")
        #expect(run.error.contains("damaged: ") && run.error.contains(Self.bad))
        let show = try PantryRun.run(["product", "show", "4000417025005", "--store", store, "--path", "s"], in: folder)
        #expect(show.status == 0 && show.output.contains("Tea"))
    }
}

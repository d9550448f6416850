import ExamplesTestSupport
import Foundation
import Testing

/// Failures as a person reads them: one line in words with its exit status, products by title and barcode, no
/// platform error dumps.
@Suite("pantry error messages: one human line, products by title [barcode], no platform codes")
struct PantryErrorMessageTests {
    /// What no message may show: the platform's error dumps.
    static let platformSpellings = ["NSCocoaErrorDomain", "NSPOSIXErrorDomain", "Code=", "URLError", "UserInfo=", "errno"]

    @Test("a store path that runs through a file is named in words, exit status 1", arguments: [
        ["product", "add", "--title", "Tea", "--path", "a-file"], ["product", "add", "--title", "Tea", "--path", "a-file/sub"],
        ["product", "add", "--title", "Tea", "--store", "json", "--path", "a-file"],
    ])
    func fileInTheWay(_ arguments: [String]) throws {
        let folder = try newFolder()
        try Data("not a folder".utf8).write(to: folder.appendingPathComponent("a-file"))
        let run = try PantryRun.run(arguments, in: folder)
        #expect(run.status == 1 && run.error.split(separator: "\n").count == 1, "\(run.error)")
        #expect(!Self.platformSpellings.contains { run.error.contains($0) }, "\(run.error)")
        #expect(run.error.contains("a-file"), "\(run.error)")
    }

    @Test("an Open Food Facts address where nothing answers is said in words")
    func networkInWords() throws {
        let folder = try newFolder()
        let run = try PantryRun.run(["scan", "3029330003533", "--off-url", "http://127.0.0.1:1"], in: folder)
        #expect(run.status == 1 && run.error.split(separator: "\n").count == 1, "\(run.error)")
        #expect(!Self.platformSpellings.contains { run.error.contains($0) }, "\(run.error)")
        #expect(run.error.contains("nothing answers"), "\(run.error)")
    }

    @Test("the inventory's refusals name the product by title with its barcode, and units by name; exit status 2")
    func productsByTitle() throws {
        let folder = try newFolder()
        try PantryRun.run(["product", "add", "--barcode", "4006381333931", "--title", "Milk"], in: folder)
        #expect(try PantryRun.run(["stock", "add", "4006381333931", "2"], in: folder).status == 0)
        let over = try PantryRun.run(["stock", "consume", "4006381333931", "5"], in: folder)
        #expect(over.status == 2 && over.error == "Error: cannot take 5 of Milk [4006381333931]: only 2 available\n", "\(over.error)")
        #expect(try PantryRun.run(["unit", "add", "kg"], in: folder).status == 0)
        let noConversion = try PantryRun.run(["stock", "consume", "4006381333931", "1", "--unit", "kg"], in: folder)
        #expect(noConversion.status == 2, "\(noConversion.error)")
        #expect(noConversion.error.contains("no conversion from unit kg to unit piece for Milk [4006381333931]"), "\(noConversion.error)")
        #expect(noConversion.error.contains("pantry unit conversion"), "\(noConversion.error)")
    }

    @Test("a pantry.sqlite that is not a database is a damaged store (exit status 4), said in words")
    func notADatabase() throws {
        let folder = try newFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("s"), withIntermediateDirectories: true)
        try Data(String(repeating: "not a database ", count: 20).utf8).write(to: folder.appendingPathComponent("s/pantry.sqlite"))
        let run = try PantryRun.run(["stock", "list", "--path", "s"], in: folder)
        #expect(run.status == 4 && run.error.split(separator: "\n").count == 1, "\(run.error)")
        #expect(run.error.contains("is not a SQLite database") && !run.error.contains("SQLite error 26"), "\(run.error)")
    }
}

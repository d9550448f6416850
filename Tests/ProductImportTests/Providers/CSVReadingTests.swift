import Foundation
import InventoryKit
import ProductImport
import ProductModule
import Testing

/// Reading a CSV feed's bytes: broken rows are rejected on their own, files nothing can be read from are one
/// typed error, and the delimiter and text encoding are recognised.
@Suite("CSV feed reading")
struct CSVReadingTests {
    func normalize(_ document: CSVDocument) -> [Result<ImportedProduct, ImportRejection>] {
        document.records.map { CSVProductNormalizer().normalize($0, context: ImportFixtures.context()) }
    }

    func titles(_ results: [Result<ImportedProduct, ImportRejection>]) -> [String?] {
        results.map { try? $0.get().product.title }
    }

    func malformedLine(_ result: Result<ImportedProduct, ImportRejection>?) -> Int? {
        if case .failure(.malformedRow(let line, _))? = result { return line }
        return nil
    }

    @Test(
        "a row with an unclosed quote is rejected naming its line and the rows after it import",
        arguments: [
            "barcode,title\n4006381333931,\"Milk\n5449000011527,Fanta\n3029330003533,Bread\n",
            "barcode,title\n4006381333931,\"Milk\n5449000011527,\"Fanta\"\n3029330003533,Bread\n",
            "barcode,title\r\n4006381333931,\"Milk\r\n5449000011527,Fanta\r\n3029330003533,\"Bread\"\"\r\n",
        ])
    func unclosedQuote(_ csv: String) throws {
        for document in [CSVDocument(parsing: csv), try CSVDocument(reading: Data(csv.utf8))] {
            let results = normalize(document)
            try #require(results.count == 3)
            #expect(malformedLine(results[0]) == 2)
            #expect(titles(results)[1] == "Fanta")
            #expect(try results[1].get().product.productID.rawValue == "5449000011527")
        }
    }

    @Test("an unclosed quote in the import service is one rejected record; later records are created")
    func unclosedQuoteThroughTheService() async throws {
        let service = ImportService(products: ImportFixtures.catalog())
        let csv = "barcode,title\n4006381333931,Milk\n5449000011527,\"Fanta\n3029330003533,Bread\n3045320094008,Jam\n"
        let report = try await service.importRecords(try CSVDocument(reading: Data(csv.utf8)).records, from: CSVProductNormalizer())
        #expect(report.created.map(\.rawValue) == ["4006381333931", "3029330003533", "3045320094008"])
        #expect(report.rejected.count == 1)
        #expect(report.rejected.first.map { malformedLine(.failure($0.reason)) } == 3)
    }

    @Test("a header with no known column is one error for the whole file, listing the header")
    func noKnownColumn() {
        #expect(throws: CSVReadError.noKnownColumn(header: ["Artikel", "Preis"])) {
            try CSVDocument(reading: Data("Artikel,Preis\nMilch,1\nBrot,2\n".utf8))
        }
        #expect(throws: CSVReadError.noKnownColumn(header: ["brand", "size"])) {
            try CSVDocument(reading: Data("brand,size\nAcme,1 L\n".utf8))
        }
        #expect(throws: CSVReadError.noKnownColumn(header: [])) { try CSVDocument(reading: Data()) }
    }

    @Test("the delimiter is detected from the header line", arguments: [";", "\t", ","])
    func detectsDelimiter(_ delimiter: String) throws {
        let csv = ["barcode", "title", "fat"].joined(separator: delimiter) + "\n"
            + ["4006381333931", "\"Milk\(delimiter) whole\"", "\"3,5\""].joined(separator: delimiter) + "\n"
        let document = try CSVDocument(reading: Data(csv.utf8))
        #expect(document.header == ["barcode", "title", "fat"])
        let product = try #require(normalize(document).first).get().product
        #expect(document.records.first?["title"] == "Milk\(delimiter) whole")
        #expect(product.title?.hasPrefix("Milk") == true)
        #expect(product.productDetails?.foodDetails?.nutritionPer100gOrMl?.fatG == 3.5)
    }

    @Test("a header no delimiter makes sense of is the no-known-column error, not a rejection per row")
    func undetectableDelimiter() {
        #expect(throws: CSVReadError.noKnownColumn(header: ["barcode|title"])) {
            try CSVDocument(reading: Data("barcode|title\n4006381333931|Milk\n".utf8))
        }
    }

    static let encodings: [(name: String, bytes: [UInt8])] = {
        let text = "barcode,title\n4006381333931,Crème brûlée 🍮\n"
        let le = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        return [("UTF-8 with BOM", [0xEF, 0xBB, 0xBF] + Array(text.utf8)), ("UTF-16 LE", [0xFF, 0xFE] + le), ("UTF-16 BE", [0xFE, 0xFF] + be)]
    }()

    @Test("UTF-8 and UTF-16 (LE, BE) with a byte order mark decode", arguments: encodings.map(\.name))
    func decodesEncodings(_ name: String) throws {
        let bytes = Data(try #require(Self.encodings.first { $0.name == name }).bytes)
        let document = try CSVDocument(reading: bytes)
        #expect(document.header == ["barcode", "title"])
        #expect(titles(normalize(document)) == ["Crème brûlée 🍮"])
        #expect(CSVParser().parse(bytes).rows.map(\.fields) == [["barcode", "title"], ["4006381333931", "Crème brûlée 🍮"]])
    }

    @Test("bytes that are not text in their encoding are a typed error")
    func undecodableBytes() {
        let header = Array("barcode,title\n1,".utf8)
        #expect(throws: CSVReadError.undecodableText(encoding: "UTF-8", byteOffset: header.count)) {
            try CSVDocument(reading: Data(header + [0xC3, 0x28, 0x0A]))
        }
        // A lone high surrogate (D800) followed by "a".
        #expect(throws: CSVReadError.undecodableText(encoding: "UTF-16LE", byteOffset: 2)) {
            try CSVDocument(reading: Data([0xFF, 0xFE, 0x00, 0xD8, 0x61, 0x00]))
        }
        #expect(throws: CSVReadError.undecodableText(encoding: "UTF-16BE", byteOffset: 4)) {
            try CSVDocument(reading: Data([0xFE, 0xFF, 0x00, 0x61, 0x00]))
        }
    }
}

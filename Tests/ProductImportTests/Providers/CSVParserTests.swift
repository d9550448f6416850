import Foundation
import ProductImport
import Testing

/// The RFC 4180 parser reads what real exports contain.
@Suite("CSV parser")
struct CSVParserTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var rows: [[String]]
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        Example(name: "plain rows", input: "a,b,c\n1,2,3\n", rows: [["a", "b", "c"], ["1", "2", "3"]]),
        Example(name: "CRLF line ends", input: "a,b\r\n1,2\r\n", rows: [["a", "b"], ["1", "2"]]),
        Example(name: "lone CR line ends", input: "a,b\r1,2", rows: [["a", "b"], ["1", "2"]]),
        Example(name: "no final line end", input: "a,b\n1,2", rows: [["a", "b"], ["1", "2"]]),
        Example(name: "quoted delimiter", input: "\"Milk, whole\",1 L", rows: [["Milk, whole", "1 L"]]),
        Example(name: "escaped quotes", input: "\"The \"\"Best\"\" Jam\",x", rows: [["The \"Best\" Jam", "x"]]),
        Example(name: "embedded CRLF", input: "\"line 1\r\nline 2\",x\r\ny,z", rows: [["line 1\r\nline 2", "x"], ["y", "z"]]),
        Example(name: "embedded LF", input: "\"a\nb\",c", rows: [["a\nb", "c"]]),
        Example(name: "byte order mark", input: "\u{FEFF}title,size\nMilk,1 L", rows: [["title", "size"], ["Milk", "1 L"]]),
        Example(name: "blank lines skipped", input: "a\n\n\r\nb\n", rows: [["a"], ["b"]]),
        Example(name: "empty fields", input: ",,\n", rows: [["", "", ""]]),
        Example(name: "empty quoted field kept", input: "\"\"\n", rows: [[""]]),
        Example(name: "ragged rows kept", input: "a,b,c\n1\n1,2,3,4", rows: [["a", "b", "c"], ["1"], ["1", "2", "3", "4"]]),
        Example(name: "quote inside an unquoted field", input: "5\" disk,x", rows: [["5\" disk", "x"]]),
        Example(name: "spaces kept", input: " a , b ", rows: [[" a ", " b "]]),
        Example(name: "unicode", input: "Bûche,πορτοκάλ,ماء", rows: [["Bûche", "πορτοκάλ", "ماء"]]),
    ]

    @Test("rows are read as RFC 4180 says", arguments: examples)
    func parses(_ example: Example) {
        let table = CSVParser().parse(example.input)
        #expect(table.rows.map(\.fields) == example.rows)
        #expect(table.issues.isEmpty)
    }

    @Test("a semicolon delimiter with decimal commas")
    func semicolonDelimiter() {
        let table = CSVParser(delimiter: ";").parse("title;fat\n\"Butter; salted\";81,1\n")
        #expect(table.rows.map(\.fields) == [["title", "fat"], ["Butter; salted", "81,1"]])
    }

    @Test("a quote never closed rejects its row, naming the line, and reading resumes on the next line")
    func unterminatedQuote() {
        let table = CSVParser().parse("a,b\n1,\"open\n2,3\n")
        #expect(table.rows.map(\.fields) == [["a", "b"], [], ["2", "3"]])
        #expect(table.rows[1].rejection == .malformedRow(line: 2, reason: "a quoted field is never closed"))
        #expect(table.rows.map(\.line) == [1, 2, 3])
        #expect(table.issues.isEmpty)
    }

    @Test("rows know the line they start on, even after quoted line breaks")
    func lineNumbers() {
        let table = CSVParser().parse("h\n\"x\ny\"\nz\n")
        #expect(table.rows.map(\.line) == [1, 2, 4])
    }

    @Test("a document maps rows to the header and marks ragged rows")
    func documentMarksRaggedRows() {
        let document = CSVDocument(parsing: " Title ,Size\nMilk,1 L\nBread\n")
        #expect(document.header == ["Title", "Size"])
        #expect(document.records[0]["title"] == "Milk")
        #expect(document.records[0]["SIZE"] == "1 L")
        #expect(document.records[1]["size"] == nil)
        #expect(document.records[1].issues == [.raggedRow(line: 3, expected: 2, found: 1)])
    }

    @Test("UTF-8 bytes with a byte order mark parse like text")
    func bytesParse() {
        let table = CSVParser().parse(Data([0xEF, 0xBB, 0xBF] + Array("a,b\n1,2".utf8)))
        #expect(table.rows.map(\.fields) == [["a", "b"], ["1", "2"]])
    }
}

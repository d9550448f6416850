import Foundation
import InventoryKit
import ProductModule
import Testing

@Suite("PackagingUnit: a plain-string unit that reads label spellings")
struct PackagingUnitTests {
    @Test("label spellings parse to their unit", arguments: [
        ("g", PackagingUnit.g), ("G", .g), ("gr", .g), ("grams", .g), (" Gramme ", .g), ("kg", .kg), ("KGS", .kg),
        ("kilo", .kg), ("mg", .mg), ("ml", .ml), ("mL", .ml), ("ML", .ml), ("millilitres", .ml), ("m\u{2113}", .ml),
        ("cl", .cl), ("cL", .cl), ("dl", .dl), ("l", .l), ("L", .l), ("litre", .l), ("Liters", .l), ("ltr", .l),
        ("oz", .oz), ("ounces", .oz), ("lb", .lb), ("lbs", .lb), ("fl oz", .flOz), ("FL OZ", .flOz),
        ("fl. oz.", .flOz), ("floz", .flOz), ("fluid ounces", .flOz), ("pcs", .piece), ("Pieces", .piece),
        ("ea", .piece),
    ])
    func parses(_ text: String, _ unit: PackagingUnit) {
        #expect(PackagingUnit(parsing: text) == unit)
    }

    @Test("unknown spellings keep their trimmed text")
    func unknown() {
        #expect(PackagingUnit(parsing: " Sachet ") == .other("Sachet"))
        #expect(PackagingUnit(parsing: "") == .other(""))
    }

    @Test("units encode as plain strings and decode back", arguments: PackagingUnit.knownUnits + [.other("sachet")])
    func coding(_ unit: PackagingUnit) throws {
        let data = try RecordCoding.encode(unit)
        #expect(String(decoding: data, as: UTF8.self) == "\"\(unit.name)\"")
        #expect(try RecordCoding.decode(PackagingUnit.self, from: data) == unit)
    }
}

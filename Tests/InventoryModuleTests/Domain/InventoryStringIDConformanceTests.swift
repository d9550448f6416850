import Foundation
import InventoryModule
import Testing

/// A client's own id type adopting ``InventoryStringID`` with the bare minimum: the protocol's extension supplies
/// validation, coding, description and order.
private struct ShelfLabel: InventoryStringID {
    static let kind = InventoryIDKind.location
    let rawValue: String

    init?(rawValue: String) {
        guard (try? LocationID(rawValue)) != nil else { return nil }
        self.rawValue = rawValue
    }

    init(_ uuid: UUID) {
        rawValue = uuid.uuidString.lowercased()
    }
}

@Suite("InventoryStringID: a minimal adoption gets validation, coding and order")
struct InventoryStringIDConformanceTests {
    @Test("a minimal adopter validates, codes and orders like the kit's ids")
    func minimalAdopter() throws {
        #expect(throws: InventoryIDError.empty(.location)) { try ShelfLabel("") }
        let label = try ShelfLabel("top")
        #expect(label.description == "top")
        #expect(try JSONDecoder().decode([ShelfLabel].self, from: JSONEncoder().encode([label])) == [label])
        #expect(try ShelfLabel("a") < ShelfLabel("b"))
    }
}

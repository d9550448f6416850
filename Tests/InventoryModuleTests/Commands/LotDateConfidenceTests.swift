import Foundation
import InventoryModule
import Testing

/// Every new path that takes a date provenance checks its confidence again: a provenance decoded from elsewhere
/// (not made through the throwing initializer) with a confidence outside 0…1 is refused before anything is written.
@Suite("Lot date provenance: a confidence outside 0…1 is refused on every path, nothing written")
struct LotDateConfidenceTests {
    enum Path: String, CaseIterable, CustomTestStringConvertible {
        case purchasePackagedOn, openOpenedOn, editLotOpenedOn, editLotPackagedOn, editLotOpening
        var testDescription: String { rawValue }
    }

    /// A provenance of `kind` with the confidence 1.5, as decoded from a foreign journal or request.
    static func outOfRange(_ kind: LotDateKind) throws -> LotDateProvenance {
        try JSONDecoder().decode(
            LotDateProvenance.self,
            from: Data(#"{"kind":"\#(kind.rawValue)","source":"scannedLabel","rawText":"x","confidence":1.5}"#.utf8))
    }

    @Test("a confidence of 1.5 is refused", arguments: Path.allCases)
    func refused(path: Path) throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 1, due: .on(F.cal(9)))
        let before = kitchen.journal.count
        let command: InventoryCommand =
            switch path {
            case .purchasePackagedOn:
                .purchase(
                    PurchaseRequest(
                        productID: F.eggs, amount: 1, packagedOn: F.cal(-1),
                        packagedOnProvenance: try Self.outOfRange(.packagedOn)))
            case .openOpenedOn:
                .open(OpenRequest(productID: F.milk, openedOn: F.cal(-1), openedOnProvenance: try Self.outOfRange(.openedOn)))
            case .editLotOpenedOn:
                .editLot(EditLotPayload(lotID: lot, openedOn: F.cal(-1), openedOnProvenance: try Self.outOfRange(.openedOn)))
            case .editLotOpening:
                .editLot(EditLotPayload(lotID: lot, opened: true, openedOnProvenance: try Self.outOfRange(.openedOn)))
            case .editLotPackagedOn:
                .editLot(
                    EditLotPayload(
                        lotID: lot, packagedOn: .set(F.cal(-1)), packagedOnProvenance: try Self.outOfRange(.packagedOn)))
            }
        #expect(throws: InventoryError.invalidConfidence(1.5)) { try kitchen.run(command) }
        #expect(kitchen.journal.count == before)
    }
}

import Foundation
import HTTPTypes
import InventoryModule
import SyncWire
import Testing

@testable import SyncServer

/// The Grocy API's reading and writing of Grocy's dialect: numbers read from their text (never through `Double`),
/// flags as Grocy's clients send them, `query[]` filters with `=` only, days and timestamps on the household's clock.
struct GrocyDialectTests {
    @Test func amountsAreReadExactlyFromTheirTextNotThroughDouble() throws {
        let body = try GrocyBody(Data(#"{"amount": 0.1, "price": 12345678901234567890.125, "text": "2.5"}"#.utf8))
        #expect(try body.decimal("amount") == Decimal(string: "0.1"))
        #expect(try body.decimal("price") == Decimal(string: "12345678901234567890.125"))
        #expect(try body.decimal("text") == Decimal(string: "2.5"))
        #expect(try body.decimal("absent") == nil)
    }

    @Test func flagsAreReadAsGrocyClientsSendThem() throws {
        let body = try GrocyBody(Data(#"{"a": true, "b": 1, "c": "1", "d": 0, "e": false, "f": null}"#.utf8))
        #expect(try body.flag("a") == true)
        #expect(try body.flag("b") == true)
        #expect(try body.flag("c") == true)
        #expect(try body.flag("d") == false)
        #expect(try body.flag("e") == false)
        #expect(try body.flag("f") == nil)
    }

    @Test func anEmptyOrNullBodyIsAnEmptyObjectAndOtherJSONIsRefused() throws {
        #expect(try GrocyBody(Data()).fields.isEmpty)
        #expect(try GrocyBody(Data("null".utf8)).fields.isEmpty)
        #expect(throws: GrocyRefusal.badRequest("The request body is not a JSON object.")) { try GrocyBody(Data("[1]".utf8)) }
        #expect(throws: GrocyRefusal.self) { try GrocyBody(Data(#"{"amount": "#.utf8)) }
    }

    @Test func aWholeNumberIdIsReadAndAFractionOrTextIsRefused() throws {
        let body = try GrocyBody(Data(#"{"a": 12, "b": 1.5, "c": "x", "d": 3000000000}"#.utf8))
        #expect(try body.int("a") == 12)
        #expect(throws: GrocyRefusal.self) { try body.int("b") }
        #expect(throws: GrocyRefusal.self) { try body.int("c") }
        #expect(throws: GrocyRefusal.self) { try body.int("d") }
    }

    @Test func aFilterWithEqualsMatchesTheFieldAndOtherOperatorsAreRefused() throws {
        let filter = try GrocyQueryFilter("product_id=5")
        #expect(filter.field == "product_id" && filter.value == "5")
        #expect(filter.matches(.object(["product_id": .number(5)])))
        #expect(!filter.matches(.object(["product_id": .number(6)])))
        #expect(try GrocyQueryFilter("name=Milk=2").value == "Milk=2")
        #expect(try GrocyQueryFilter("note=").matches(.object(["note": .null])))
        for refused in ["amount>1", "amount<=1", "name~Mi", "name!=Milk", "name!~x", "=5", "name"] {
            #expect(throws: GrocyRefusal.self, "\(refused)") { try GrocyQueryFilter(refused) }
        }
    }

    @Test func timestampsAreOnTheHouseholdsClockAndNeverIsGrocysDay() throws {
        let clock = GrocyClock(timeZone: try #require(TimeZone(identifier: "Pacific/Auckland")))
        // 2026-06-30 23:30 UTC is 2026-07-01 11:30 in Auckland (NZST, UTC+12).
        let instant = Date(timeIntervalSince1970: 1_782_862_200)
        #expect(clock.timestamp(instant) == "2026-07-01 11:30:00")
        #expect(clock.day(of: instant) == "2026-07-01")
        #expect(clock.day(nil) == "2999-12-31")
        #expect(GrocyClock.dueDate("2999-12-31") == .never)
        #expect(GrocyClock.dueDate("2026-12-24 00:00:00") == .on(try CalendarDay(year: 2026, month: 12, day: 24)))
        #expect(GrocyClock.dueDate("24.12.2026") == nil)
    }

    @Test func refusalsAnswerGrocysStatuses() {
        #expect(GrocyRefusal.unauthorized.status == .unauthorized)
        #expect(GrocyRefusal.notSupported.status == .badRequest)
        #expect(GrocyRefusal.notSupported.description == "not supported by InventoryKit")
        #expect(GrocyRefusal.unknownID(kind: "product", id: "7").description == "No product with id 7 exists in this household.")
        #expect(GrocyRefusal.internalInconsistency("x").status == .internalServerError)
    }
}

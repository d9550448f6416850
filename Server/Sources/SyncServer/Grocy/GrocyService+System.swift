import Foundation
import SyncWire

extension GrocyService {
    /// The Grocy version the API answers as: the release whose API the subset follows.
    static let grocyVersion = "4.5.0"

    /// `GET system/info`.
    func info(client: String?) -> JSONValue {
        .object([
            "grocy_version": .object(["Version": .string(Self.grocyVersion), "ReleaseDate": .string("2025-03-28")]),
            "php_version": .string("n/a"), "sqlite_version": .string("n/a"),
            "os": .string("InventoryKit sync server"), "client": .string(client ?? "unknown"),
        ])
    }

    /// `GET system/config`: the features InventoryKit has on, the rest off, so clients stay away from them.
    func config(of household: HouseholdID) async throws -> JSONValue {
        let reading = try await reading(of: household, products: .only([]))
        let on = ["STOCK", "SHOPPINGLIST", "STOCK_BEST_BEFORE_DATE_TRACKING", "STOCK_LOCATION_TRACKING",
                  "STOCK_PRODUCT_OPENED_TRACKING", "STOCK_PRODUCT_FREEZING"]
        let off = ["CHORES", "TASKS", "BATTERIES", "RECIPES", "EQUIPMENT", "CALENDAR", "LABEL_PRINTER",
                   "STOCK_PRICE_TRACKING", "STOCK_COUNT_OPENED_PRODUCTS_AGAINST_MINIMUM_STOCK_AMOUNT",
                   "SHOPPINGLIST_MULTIPLE_LISTS", "THERMAL_PRINTER"]
        var config: [String: JSONValue] = [
            "USER_USERNAME": .string("household"), "BASE_PATH": .string(""), "BASE_URL": .string("/"),
            "MODE": .string("production"), "DEFAULT_LOCALE": .string("en"), "LOCALE": .string("en"),
            "CURRENCY": .string(""), "CALENDAR_FIRST_DAY_OF_WEEK": .string(""),
            "TZ": .string(reading.clock.timeZone.identifier),
        ]
        for feature in on { config["FEATURE_FLAG_" + feature] = .bool(true) }
        for feature in off { config["FEATURE_FLAG_" + feature] = .bool(false) }
        return .object(config)
    }

    /// `GET system/time`: now on the household's clock.
    func time(of household: HouseholdID, offset: Int) async throws -> JSONValue {
        let reading = try await reading(of: household, products: .only([]))
        let instant = now().addingTimeInterval(TimeInterval(offset))
        let local = reading.clock.timestamp(instant)
        let utc = GrocyClock(timeZone: .gmt).timestamp(instant)
        return .object([
            "timezone": .string(reading.clock.timeZone.identifier), "time_local": .string(local),
            "time_local_sqlite3": .string(local), "time_utc": .string(utc),
            "timestamp": .number(Decimal(Int(instant.timeIntervalSince1970))), "offset": .number(Decimal(offset)),
        ])
    }

    /// `GET system/db-changed-time`: when the household's state last changed (the replica folded a change), on its
    /// clock.
    func changedTime(of household: HouseholdID) async throws -> JSONValue {
        let reading = try await reading(of: household, products: .only([]))
        return .object(["changed_time": .string(reading.clock.timestamp(reading.foldedAt))])
    }

    /// `GET user/settings/{key}`: the due-soon window; other settings are Grocy's defaults or refused.
    func userSetting(_ key: String) throws(GrocyRefusal) -> JSONValue {
        switch key {
        case "STOCK_DUE_SOON_DAYS", "stock_due_soon_days": .object(["value": .number(5)])
        default: throw .badRequest("InventoryKit has no user setting \(key).")
        }
    }
}

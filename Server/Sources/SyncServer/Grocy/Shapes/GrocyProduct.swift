import Foundation

/// A product as Grocy's `objects/products` and the `product` of its stock answers spell it (Grocy's `Product`
/// schema): integer ids, 0/1 flags, `-1` days for "never". Fields Grocy has and the kit does not (tare weight,
/// product groups, pictures, calories) carry Grocy's defaults.
struct GrocyProduct: Encodable, Sendable {
    var id: Int32
    var name: String
    var description: String?
    var locationID: Int32?
    var stockUnitID: Int32
    var minimumStock: Decimal
    var defaultDueDays: Int
    var dueDaysAfterOpening: Int
    var dueDaysAfterFreezing: Int
    var dueDaysAfterThawing: Int
    /// `1` best before, `2` expiry.
    var dueType: Int
    var created: String

    private enum CodingKeys: String, CodingKey {
        case id, name, description, active
        case locationID = "location_id", shoppingLocationID = "shopping_location_id"
        case productGroupID = "product_group_id", parentProductID = "parent_product_id"
        case purchaseUnitID = "qu_id_purchase", stockUnitID = "qu_id_stock", consumeUnitID = "qu_id_consume"
        case priceUnitID = "qu_id_price", minimumStock = "min_stock_amount"
        case defaultDueDays = "default_best_before_days"
        case dueDaysAfterOpening = "default_best_before_days_after_open"
        case dueDaysAfterFreezing = "default_best_before_days_after_freezing"
        case dueDaysAfterThawing = "default_best_before_days_after_thawing"
        case pictureFileName = "picture_file_name", tareWeightHandling = "enable_tare_weight_handling"
        case tareWeight = "tare_weight", calories, dueType = "due_type"
        case quickConsumeAmount = "quick_consume_amount", quickOpenAmount = "quick_open_amount"
        case hideOnStockOverview = "hide_on_stock_overview", treatOpenedAsOutOfStock = "treat_opened_as_out_of_stock"
        case noOwnStock = "no_own_stock", shouldNotBeFrozen = "should_not_be_frozen"
        case cumulateMinimum = "cumulate_min_stock_amount_of_sub_products"
        case notCheckStock = "not_check_stock_fulfillment_for_recipes"
        case defaultConsumeLocationID = "default_consume_location_id", moveOnOpen = "move_on_open"
        case created = "row_created_timestamp"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(1, forKey: .active)
        try container.encode(locationID, forKey: .locationID)
        for key in [CodingKeys.shoppingLocationID, .productGroupID, .parentProductID, .pictureFileName, .calories,
                    .defaultConsumeLocationID] {
            try container.encodeNil(forKey: key)
        }
        for key in [CodingKeys.purchaseUnitID, .stockUnitID, .consumeUnitID, .priceUnitID] {
            try container.encode(stockUnitID, forKey: key)
        }
        try container.encode(minimumStock, forKey: .minimumStock)
        try container.encode(defaultDueDays, forKey: .defaultDueDays)
        try container.encode(dueDaysAfterOpening, forKey: .dueDaysAfterOpening)
        try container.encode(dueDaysAfterFreezing, forKey: .dueDaysAfterFreezing)
        try container.encode(dueDaysAfterThawing, forKey: .dueDaysAfterThawing)
        for key in [CodingKeys.tareWeightHandling, .tareWeight, .hideOnStockOverview, .treatOpenedAsOutOfStock,
                    .noOwnStock, .shouldNotBeFrozen, .cumulateMinimum, .notCheckStock, .moveOnOpen] {
            try container.encode(0, forKey: key)
        }
        try container.encode(dueType, forKey: .dueType)
        try container.encode(1, forKey: .quickConsumeAmount)
        try container.encode(1, forKey: .quickOpenAmount)
        try container.encode(created, forKey: .created)
    }
}

import Foundation

/// Where and how an ``OpenFoodFactsClient`` asks: the server, the identification Open Food Facts requires, the
/// rate, the timeout and the retries.
///
/// ```swift
/// var configuration = OpenFoodFactsClientConfiguration(
///     userAgent: OpenFoodFactsClientConfiguration.userAgent(app: "Pantry", version: "1.0", contact: "me@example.com"))
/// configuration.baseURL = OpenFoodFactsClientConfiguration.staging
/// configuration.productReadsPerMinute = 10
/// ```
public struct OpenFoodFactsClientConfiguration: Sendable {
    /// The production server.
    public static let production = URL(string: "https://world.openfoodfacts.org")
    /// The staging server, for development.
    public static let staging = URL(string: "https://world.openfoodfacts.net")

    /// The fields asked for: what ``OpenFoodFactsNormalizer`` reads, with the product names of common languages.
    public static let standardFields: [String] = [
        "code", "product_name", "product_name_en", "product_name_fr", "product_name_de", "product_name_es",
        "product_name_it", "generic_name", "brands", "brand_owner", "quantity", "product_quantity",
        "product_quantity_unit", "serving_size", "categories", "categories_tags", "labels_tags", "allergens_tags",
        "ingredients_text", "nutriments", "no_nutrition_data", "image_front_url", "image_ingredients_url",
        "image_nutrition_url", "image_packaging_url", "lc", "languages_codes", "product_type", "rev",
        "last_modified_t",
    ]

    /// The server: production, staging or a mirror (`http://127.0.0.1:PORT`); requests go to
    /// `BASE/api/v2/product/BARCODE`.
    public var baseURL: URL
    /// The `User-Agent` header; Open Food Facts asks for `AppName/Version (contact)` (see ``userAgent(app:version:contact:)``).
    public var userAgent: String
    /// The fields asked for (`fields=`); empty asks for the whole record.
    public var fields: [String]
    /// Product reads per minute the client never exceeds (Open Food Facts documents 15 per IP today).
    public var productReadsPerMinute: Double
    /// Reads that may start back to back after a quiet spell.
    public var burst: Double
    /// Seconds a request may take before it counts as timed out.
    public var requestTimeout: Double
    /// Attempts per lookup for answers worth retrying (429 and 5xx), at least 1.
    public var maximumAttempts: Int
    /// The first backoff in seconds; it doubles per attempt, and a longer `Retry-After` wins.
    public var baseBackoff: Double
    /// The longest the client waits between attempts; a `Retry-After` past it ends the lookup as rate limited.
    public var maximumBackoff: Double

    /// Creates a configuration for the production server at 15 reads per minute.
    ///
    /// - Parameters:
    ///   - baseURL: The server; production when `nil`.
    ///   - userAgent: The `User-Agent`, naming the app and a contact.
    public init(baseURL: URL? = nil, userAgent: String) {
        self.baseURL = baseURL ?? Self.production ?? URL(fileURLWithPath: "/")
        self.userAgent = userAgent
        fields = Self.standardFields
        productReadsPerMinute = 15
        burst = 1
        requestTimeout = 10
        maximumAttempts = 3
        baseBackoff = 1
        maximumBackoff = 30
    }

    /// A `User-Agent` in the form Open Food Facts asks for: `App/Version (contact)`.
    public static func userAgent(app: String, version: String, contact: String) -> String {
        "\(app)/\(version) (\(contact))"
    }

    /// The request URL for a barcode.
    func productURL(_ code: String) -> URL {
        var url = baseURL.appendingPathComponent("api/v2/product/\(code)")
        if !fields.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.queryItems = [URLQueryItem(name: "fields", value: fields.joined(separator: ","))]
            url = components.url ?? url
        }
        return url
    }
}

import Foundation
import ProductImport

/// Where and how fast the server looks barcodes up on Open Food Facts when a household's catalog does not know
/// them (the web app's purchase page); `serve` turns it on with Open Food Facts' public server unless
/// `--open-food-facts-url off` says otherwise.
///
/// The rate is the whole server's: one ``SharedLookupLimiter`` counts every household's and every request's
/// reads, as Open Food Facts asks of each client. A page cannot wait long, so a read that would have to wait past
/// ``maximumWait`` for its slot is refused (the page says to try again) instead of queued.
///
/// ```swift
/// var settings = OpenFoodFactsLookupSettings(baseURL: URL(string: "http://127.0.0.1:8089")!)
/// settings.productReadsPerMinute = 10
/// ```
package struct OpenFoodFactsLookupSettings: Sendable, Hashable {
    /// Open Food Facts' public server, the default of `serve`.
    package static let publicURL: URL? = OpenFoodFactsClientConfiguration.production

    /// The server asked: the public one, a mirror or a test's stub on loopback.
    package var baseURL: URL
    /// Reads per minute the whole server never exceeds; the kit's default, which is what Open Food Facts documents.
    package var productReadsPerMinute: Double
    /// Reads that may start back to back after a quiet spell.
    package var burst: Double
    /// Seconds one read may take before the page says Open Food Facts did not answer.
    package var requestTimeout: Double
    /// Seconds a page waits for a free slot of the rate before it says to try again later.
    package var maximumWait: Double
    /// Seconds a found record is kept, so the purchase the page offers books the record the page showed without
    /// asking Open Food Facts again.
    package var keptFor: Double
    /// The `User-Agent` every read carries, naming the server as Open Food Facts asks.
    package var userAgent: String

    /// Settings for `baseURL` at the kit's rate, with short waits a page can afford.
    package init(baseURL: URL) {
        let kit = OpenFoodFactsClientConfiguration(baseURL: baseURL, userAgent: "")
        self.baseURL = baseURL
        productReadsPerMinute = kit.productReadsPerMinute
        burst = kit.burst
        requestTimeout = 5
        maximumWait = 2
        keptFor = 3_600
        userAgent = OpenFoodFactsClientConfiguration.userAgent(
            app: "InventoryKit-Server", version: "1.0", contact: "self-hosted InventoryKit household server")
    }

    /// What the text of the `open-food-facts-url` setting asks for.
    package enum Choice: Sendable, Hashable {
        /// No lookups: `off`, or an empty value.
        case disabled
        /// Lookups on this server.
        case server(URL)
    }

    /// Reads the setting's text: `off` or nothing disables the lookup, an `http` or `https` URL with a host names
    /// the server; anything else is `nil`.
    package static func choice(from text: String) -> Choice? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "off" { return .disabled }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else { return nil }
        return .server(url)
    }
}

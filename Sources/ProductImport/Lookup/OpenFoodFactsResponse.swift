import Foundation
import InventoryKit

/// How the client reads one HTTP answer of `GET /api/v2/product/{barcode}`: a pure function, tested on its own.
enum OpenFoodFactsResponse {
    /// What one attempt came to.
    enum Attempt {
        /// A final result.
        case done(BarcodeLookupResult)
        /// Worth another attempt after the wait the server asked for (seconds), if any.
        case retry(status: Int, retryAfter: Double?)
    }

    static func classify(
        barcode: GTIN, status: Int, retryAfterHeader: String?, body: Data, source: String, normalizer: OpenFoodFactsNormalizer,
        context: NormalizationContext, now: Date
    ) -> Attempt {
        switch status {
        case 429, 500...599:
            return .retry(status: status, retryAfter: retryAfter(retryAfterHeader, now: now))
        case 200, 404:
            break
        default:
            return .done(.unavailable(barcode, .unexpectedStatus(status)))
        }
        switch normalizer.normalize(body, context: context) {
        case .success(let imported):
            guard status == 200 else { return .done(.unavailable(barcode, .unexpectedStatus(status))) }
            let record = LookedUpRecord(
                barcode: barcode, provider: normalizer.providerID, imported: imported, body: body, source: source)
            return .done(.found(record))
        case .failure(.productNotFound):
            return .done(.notFound(barcode))
        case .failure(let rejection):
            // A 404 with a body that is not OFF's `status: 0` envelope (a proxy's page) still means not found.
            if status == 404 { return .done(.notFound(barcode)) }
            return .done(.unavailable(barcode, .malformedBody(reason: rejection.description)))
        }
    }

    /// `Retry-After` as seconds: delay-seconds, or an IMF-fixdate (RFC 9110 §10.2.3) measured from `now`.
    static func retryAfter(_ header: String?, now: Date) -> Double? {
        guard let value = header?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds.isFinite { return max(0, seconds) }
        let imf = DateFormatter()
        imf.locale = Locale(identifier: "en_US_POSIX")
        imf.timeZone = TimeZone(secondsFromGMT: 0)
        imf.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return imf.date(from: value).map { max(0, $0.timeIntervalSince(now)) }
    }
}

// Compile-only: adopts every public port of ProductImport's lookups with the bare minimum, as an app's own adapter
// would. An API break fails this build. The test at the end only keeps the types referenced.

import InventoryKit
import ProductImport
import Testing

/// A lookup that knows no barcode.
private struct MinimalBarcodeLookup: BarcodeLookup {
    func lookUp(_ barcode: GTIN) async -> BarcodeLookupResult { .notFound(barcode) }
}

/// A limiter that always grants: `acquire()` only, `release(_:)` from the default.
private struct MinimalRateLimiter: LookupRateLimiting {
    func acquire() async throws(LookupRateLimitError) -> LookupPermit { LookupPermit(grantedAt: 0) }
}

@Suite("ProductImport ports compile with their minimal adoptions")
struct LookupPortCompilationTests {
    @Test("the minimal adoptions answer")
    func minimalAdoptions() async throws {
        let code = try GTIN("4006381333931")
        #expect(await MinimalBarcodeLookup().lookUp(code) == .notFound(code))
        let limiter = MinimalRateLimiter()
        let permit = try await limiter.acquire()
        await limiter.release(permit)
        #expect(permit.grantedAt == 0)
    }
}

import HTTPTypes

extension HTTPField.Name {
    /// Grocy's key header, `GROCY-API-KEY`.
    static let grocyAPIKey = HTTPField.Name("GROCY-API-KEY")!
    /// `Idempotency-Key`, read beside `X-Request-ID` to make a Grocy write's retries book once.
    static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}

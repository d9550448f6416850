import Foundation
import Hummingbird

extension BearerToken {
    /// The token of an `Authorization: Bearer <token>` header; `nil` when absent or of another scheme.
    package init?(authorizationHeader value: String?) {
        guard let value else { return nil }
        let prefix = "bearer "
        guard value.count > prefix.count, value.prefix(prefix.count).lowercased() == prefix else { return nil }
        let token = value.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { return nil }
        self.init(rawValue: String(token))
    }

    /// The bearer token of a request, if any.
    package init?(request: Request) {
        self.init(authorizationHeader: request.headers[.authorization])
    }
}

import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import SyncServer

/// A browser for the web app's tests: keeps the session cookie, reads forms out of pages and submits them as a
/// browser would (`application/x-www-form-urlencoded`).
struct WebBrowserSession: Sendable {
    let server: SyncServerHarness
    var cookie: String?

    init(_ server: SyncServerHarness, cookie: String? = nil) {
        self.server = server
        self.cookie = cookie
    }

    /// Signs in with an invitation path (`/invite/<token>`); returns the response (303 with the cookie on success).
    @discardableResult
    mutating func signIn(_ invitationPath: String, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        let response = try await server.client.execute(uri: invitationPath, method: .post, headers: extra, body: ByteBuffer())
        if let setCookie = response.headers[.setCookie], let value = Self.cookieValue(setCookie) { cookie = value }
        return response
    }

    func get(_ path: String) async throws -> TestResponse {
        try await server.client.execute(uri: path, method: .get, headers: headers())
    }

    func post(_ path: String, _ fields: [(String, String)], headers extra: HTTPFields = [:]) async throws -> TestResponse {
        var headers = headers()
        headers.append(contentsOf: extra)
        headers[.contentType] = "application/x-www-form-urlencoded"
        let body = fields.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await server.client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// The hidden and given fields of the page's form that posts to `action`, with `overrides` applied.
    static func form(in html: String, action: String, _ overrides: [(String, String)] = []) throws -> [(String, String)] {
        guard let start = html.range(of: "action=\"\(action)\"") else {
            throw HarnessFailure(description: "no form posts to \(action)")
        }
        let rest = html[start.upperBound...]
        let end = rest.range(of: "</form>")?.lowerBound ?? rest.endIndex
        var fields: [(String, String)] = []
        for match in rest[..<end].matches(of: /<input type="hidden" name="([a-z]+)" value="([^"]*)">/) {
            fields.append((String(match.1), String(match.2)))
        }
        for (name, value) in overrides {
            fields.removeAll { $0.0 == name }
            fields.append((name, value))
        }
        return fields
    }

    private func headers() -> HTTPFields {
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = "\(WebRoutes<SyncRequestContext>.sessionCookie)=\(cookie)" }
        return headers
    }

    static func cookieValue(_ setCookie: String) -> String? {
        let prefix = "\(WebRoutes<SyncRequestContext>.sessionCookie)="
        guard setCookie.hasPrefix(prefix) else { return nil }
        return String(setCookie.dropFirst(prefix.count).prefix { $0 != ";" })
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

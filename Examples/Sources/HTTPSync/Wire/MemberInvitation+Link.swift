import Foundation
import SyncWire

extension MemberInvitation {
    /// The link to give the member: the server's address (the API root without its `/v1`) followed by
    /// ``invitationPath``. A server reached under a path prefix (`https://host/pantry/v1`) keeps the prefix.
    ///
    /// ```swift
    /// let invitation = try await client.inviteMember(named: "Ana")
    /// print(invitation.link(on: client.configuration))   // http://127.0.0.1:8080/invite/…
    /// ```
    public func link(on configuration: HTTPSyncConfiguration) -> URL {
        var base = configuration.apiRoot.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix("/v1") { base.removeLast(3) }
        return URL(string: base + invitationPath) ?? configuration.apiRoot
    }
}

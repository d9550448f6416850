import Hummingbird
import NIOCore

/// The request context of the sync routes: Hummingbird's core context plus the peer's address, which the
/// failed-authentication limit is keyed by.
package struct SyncRequestContext: RequestContext, RemoteAddressRequestContext {
    /// Hummingbird's per-request storage.
    package var coreContext: CoreRequestContextStorage
    /// The address the request came from, when the channel knows it.
    package let remoteAddress: SocketAddress?

    /// Creates the context of a request arriving on `source.channel`.
    package init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }
}

import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// `GET /metrics` in Prometheus' text format, on a listener of its own (`serve --metrics-port`).
///
/// A separate port rather than a route of the API: the API's port is the one exposed to devices and browsers,
/// and the metrics (route counts, household lock waits, failed authentications) are for the operator's scraper
/// only; binding them elsewhere keeps them off the public listener without another credential to manage. The
/// listener binds the API's host; firewall it like the database.
package enum MetricsEndpoint {
    /// The router answering `GET /metrics`.
    package static func router(metrics: ServerMetrics) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("metrics") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: metrics.exposition()))
            )
        }
        return router
    }

    /// An application serving ``router(metrics:)`` on `host` and `port`; run it as a service beside the API's.
    package static func application(
        metrics: ServerMetrics, host: String, port: Int, logger: Logger
    ) -> some ApplicationProtocol {
        Application(
            router: router(metrics: metrics),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            logger: logger
        )
    }
}

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The OpenAPI 3.1 document of the `/v1` API, kept in the repository as `Resources/openapi.json` and served
/// byte for byte at `GET /v1/openapi.json`, without authentication, so other clients can generate code from it.
package enum OpenAPIDocument {
    /// The document's bytes, read once from the target's resource bundle.
    ///
    /// A build without the resource is a packaging error, so this traps rather than serving something else.
    package static let data: Data = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { fatalError("openapi.json is missing from the SyncServer resource bundle") }
        return data
    }()

    /// The path the document is served at, relative to the `/v1` group.
    package static let routePath = "openapi.json"
}

extension SyncRoutes {
    /// Adds `GET openapi.json` (no authentication) to the `/v1` group.
    func addOpenAPIDocument(to group: RouterGroup<Context>) {
        let bytes = OpenAPIDocument.data
        group.get(RouterPath(OpenAPIDocument.routePath)) { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes))
            )
        }
    }
}

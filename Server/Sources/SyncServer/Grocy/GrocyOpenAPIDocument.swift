import Foundation
import Hummingbird
import NIOCore

/// The OpenAPI document of the Grocy API subset, kept in the repository as `Resources/grocy-openapi.json` and
/// served byte for byte at `GET /api/openapi.json`, without authentication.
enum GrocyOpenAPIDocument {
    /// The document's bytes.
    static let bytes: Data? = Bundle.module.url(forResource: "grocy-openapi", withExtension: "json")
        .flatMap { try? Data(contentsOf: $0) }

    /// The document as an answer; 500 with Grocy's error shape if the bundle lacks it.
    static func response() -> Response {
        guard let bytes else {
            return GrocyErrorMiddleware<BasicRequestContext>.answer(.internalServerError, "The API description is missing.")
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

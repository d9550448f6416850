import Hummingbird
import NIOCore
import SyncWire

extension JSONFragment: @retroactive ResponseGenerator {
    /// A `200 OK` response whose body is the fragment's text as stored.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var body = ByteBuffer()
        body.writeJSONFragment(self)
        return body.jsonResponse()
    }
}

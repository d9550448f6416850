import Foundation

/// The body of `POST /v1/households/{id}/push`: `{"operations": [...]}` (the OpenAPI schema `PushRequest`).
public struct PushRequest: Sendable, Codable, Equatable {
    /// The operations, applied in order.
    public var operations: [PushOperation]

    /// Creates a request.
    public init(operations: [PushOperation]) { self.operations = operations }

    /// The body of a push of operations already written with ``PushOperation/jsonBytes()``.
    public static func body(_ operations: [Data]) -> Data {
        var body = Data(#"{"operations":["#.utf8)
        for (index, operation) in operations.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body.append(operation)
        }
        body.append(contentsOf: Data("]}".utf8))
        return body
    }

    /// The bytes ``body(_:)`` adds around `count` operations: the wrapper and one comma between each two.
    public static func bodyOverhead(count: Int) -> Int { 16 + count }
}

import Hummingbird

/// A JSON value is a response body as it is: the product endpoint answers with the stored record.
extension JSONValue: ResponseEncodable {}

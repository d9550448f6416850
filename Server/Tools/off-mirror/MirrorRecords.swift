import Foundation

/// The recorded records, by the code of their file name, each as OFF's API v2 answers it.
struct MirrorRecords: Sendable {
    private let bodies: [String: Data]

    /// Reads every `<code>.json` file of `folder`.
    ///
    /// A file that holds a bare product object (a search result) is wrapped in the v2 envelope
    /// `{"code", "product", "status": 1, "status_verbose"}`; an enveloped one is served as recorded.
    init(folder: URL) throws {
        var bodies: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
            let code = String(name.dropLast(5))
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            bodies[code] = Self.envelope(data, code: code)
        }
        self.bodies = bodies
    }

    /// The v2 response body for `code`, or `nil` when no record has it.
    func body(for code: String) -> Data? { bodies[code] }

    /// OFF's answer for a code it does not know.
    static func notFound(_ code: String) -> Data {
        Data(#"{"code":"\#(code.filter(\.isNumber))","status":0,"status_verbose":"product not found"}"#.utf8)
    }

    private static func envelope(_ data: Data, code: String) -> Data {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return data }
        if object["product"] is [String: Any], object["status"] != nil { return data }
        let wrapped: [String: Any] = ["code": code, "product": object, "status": 1, "status_verbose": "product found"]
        return (try? JSONSerialization.data(withJSONObject: wrapped)) ?? data
    }
}

import Foundation
import SyncServer
import SyncWire

/// The OpenAPI document as the tests read it: its operations, their responses, and `$ref` resolution.
struct OpenAPISpec: Sendable {
    /// The whole document.
    let root: JSONValue

    /// The document in the repository, `Sources/SyncServer/Resources/openapi.json`.
    static let repositoryFile: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SyncServerTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // Server
        .appendingPathComponent("Sources/SyncServer/Resources/openapi.json")

    /// The HTTP methods an OpenAPI path item may hold.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// One documented operation.
    struct Operation: Sendable {
        let path: String
        let method: String
        let body: [String: JSONValue]

        /// `GET /v1/health`.
        var key: String { "\(method.uppercased()) \(path)" }
        var operationId: String? { if case .string(let id)? = body["operationId"] { id } else { nil } }
    }

    init(data: Data) throws {
        root = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Every operation, in document order of paths then methods.
    var operations: [Operation] {
        guard case .object(let paths)? = root.member("paths") else { return [] }
        return paths.keys.sorted().flatMap { path -> [Operation] in
            guard case .object(let item)? = paths[path] else { return [] }
            return Self.methods.compactMap { method in
                guard case .object(let body)? = item[method] else { return nil }
                return Operation(path: path, method: method, body: body)
            }
        }
    }

    /// The operation answering a method and a concrete path (`{param}` segments match any one segment).
    func operation(method: String, path: String) -> Operation? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return operations.first { operation in
            guard operation.method == method.lowercased() else { return false }
            let template = operation.path.split(separator: "/", omittingEmptySubsequences: true)
            return template.count == segments.count
                && zip(template, segments).allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") || $0 == $1 }
        }
    }

    /// The documented response of an operation for a status (the exact code, then `default`), `$ref`s resolved.
    func response(of operation: Operation, status: Int) -> JSONValue? {
        guard case .object(let responses)? = operation.body["responses"] else { return nil }
        guard let response = responses[String(status)] ?? responses["default"] else { return nil }
        return resolved(response)
    }

    /// The `application/json` schema of a response, or `nil` when it documents no body.
    func jsonSchema(ofResponse response: JSONValue) -> JSONValue? {
        response.member("content")?.member("application/json")?.member("schema")
    }

    /// The media types a response documents a body in (`application/json`, `text/calendar`); empty for none.
    func mediaTypes(ofResponse response: JSONValue) -> [String] {
        guard case .object(let content)? = response.member("content") else { return [] }
        return content.keys.sorted()
    }

    /// Follows `$ref`s (local ones only) until a value without one.
    func resolved(_ value: JSONValue) -> JSONValue? {
        var current = value
        var hops = 0
        while case .string(let reference)? = current.member("$ref") {
            guard reference.hasPrefix("#/"), hops < 32 else { return nil }
            var target: JSONValue? = root
            for token in reference.dropFirst(2).split(separator: "/") {
                let name = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                target = target?.member(name)
            }
            guard let target else { return nil }
            current = target
            hops += 1
        }
        return current
    }

    /// Every `$ref` in the document that does not resolve.
    func dangling() -> [String] {
        var missing: [String] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if case .string(let reference)? = members["$ref"], resolved(value) == nil { missing.append(reference) }
                members.values.forEach(walk)
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        walk(root)
        return missing
    }
}

/// A checker of the subset of JSON Schema (2020-12, as OpenAPI 3.1 uses it) that the document uses.
///
/// ``unsupportedKeywords()`` fails the tests when the document starts using a keyword this checker does not
/// implement, so a schema can never pass here by being silently ignored.
struct SchemaChecker: Sendable {
    let spec: OpenAPISpec

    /// Keywords that constrain instances, each implemented in ``violations(of:against:at:)``.
    static let assertions: Set<String> = [
        "$ref", "type", "enum", "properties", "required", "additionalProperties", "items", "minItems", "maxItems",
        "oneOf", "anyOf", "minimum", "maximum", "minLength", "maxLength", "pattern", "format",
    ]
    /// Keywords that only annotate.
    static let annotations: Set<String> = ["description", "default", "discriminator", "title", "examples"]
    /// Formats checked; others would be reported by ``unsupportedKeywords()``.
    static let formats: Set<String> = ["uuid", "date-time", "int32", "int64"]

    /// Every schema keyword (or format) in the document's schemas this checker does not know, with its location.
    func unsupportedKeywords() -> [String] {
        var found: [String] = []
        func schema(_ value: JSONValue, _ location: String) {
            guard case .object(let members) = value else {
                if case .bool = value { return }
                found.append("\(location): not a schema")
                return
            }
            for (keyword, child) in members {
                if !Self.assertions.contains(keyword) && !Self.annotations.contains(keyword) {
                    found.append("\(location): \(keyword)")
                }
                switch keyword {
                case "properties":
                    if case .object(let properties) = child {
                        for (name, property) in properties { schema(property, "\(location).properties.\(name)") }
                    }
                case "items", "additionalProperties": schema(child, "\(location).\(keyword)")
                case "oneOf", "anyOf":
                    if case .array(let options) = child {
                        for (index, option) in options.enumerated() { schema(option, "\(location).\(keyword)[\(index)]") }
                    }
                case "format":
                    if case .string(let format) = child, !Self.formats.contains(format) {
                        found.append("\(location): format \(format)")
                    }
                default: break
                }
            }
        }
        if case .object(let schemas)? = spec.root.member("components")?.member("schemas") {
            for (name, value) in schemas { schema(value, "#/components/schemas/\(name)") }
        }
        func mediaSchemas(_ value: JSONValue, _ location: String) {
            switch value {
            case .object(let members):
                for (key, child) in members {
                    if key == "schema" { schema(child, "\(location)/schema") } else { mediaSchemas(child, "\(location)/\(key)") }
                }
            case .array(let items): for (index, item) in items.enumerated() { mediaSchemas(item, "\(location)[\(index)]") }
            default: break
            }
        }
        if let paths = spec.root.member("paths") { mediaSchemas(paths, "#/paths") }
        if let responses = spec.root.member("components")?.member("responses") {
            mediaSchemas(responses, "#/components/responses")
        }
        return found
    }

    /// Why `value` does not match `schema`; empty when it does.
    func violations(of value: JSONValue, against schema: JSONValue, at path: String = "$") -> [String] {
        if case .bool(let allowed) = schema { return allowed ? [] : ["\(path): no value is allowed here"] }
        guard case .object(let keywords) = schema else { return ["\(path): the schema is not an object"] }
        var problems: [String] = []
        if keywords["$ref"] != nil {
            guard let target = spec.resolved(schema) else { return ["\(path): unresolvable $ref"] }
            problems += violations(of: value, against: target, at: path)
        }
        if let type = keywords["type"] {
            let allowed: [String] =
                switch type {
                case .string(let name): [name]
                case .array(let names): names.compactMap { if case .string(let name) = $0 { name } else { nil } }
                default: []
                }
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                return problems + ["\(path): expected \(allowed.joined(separator: " or ")), got \(Self.describe(value))"]
            }
        }
        if case .array(let options)? = keywords["enum"], !options.contains(value) {
            problems.append("\(path): \(Self.describe(value)) is not one of the enum")
        }
        if case .object(let members) = value {
            let properties: [String: JSONValue]
            if case .object(let declared)? = keywords["properties"] { properties = declared } else { properties = [:] }
            if case .array(let required)? = keywords["required"] {
                for case .string(let name) in required where members[name] == nil {
                    problems.append("\(path): required property \(name) is missing")
                }
            }
            for (name, member) in members {
                if let property = properties[name] {
                    problems += violations(of: member, against: property, at: "\(path).\(name)")
                } else if let additional = keywords["additionalProperties"] {
                    if case .bool(false) = additional {
                        problems.append("\(path): property \(name) is not in the document")
                    } else {
                        problems += violations(of: member, against: additional, at: "\(path).\(name)")
                    }
                }
            }
        }
        if case .array(let items) = value {
            if let itemSchema = keywords["items"] {
                for (index, item) in items.enumerated() {
                    problems += violations(of: item, against: itemSchema, at: "\(path)[\(index)]")
                }
            }
            if let minimum = keywords["minItems"]?.number, Double(items.count) < minimum {
                problems.append("\(path): fewer than \(Int(minimum)) items")
            }
            if let maximum = keywords["maxItems"]?.number, Double(items.count) > maximum {
                problems.append("\(path): more than \(Int(maximum)) items")
            }
        }
        if let number = value.number {
            if let minimum = keywords["minimum"]?.number, number < minimum { problems.append("\(path): \(number) < \(minimum)") }
            if let maximum = keywords["maximum"]?.number, number > maximum { problems.append("\(path): \(number) > \(maximum)") }
        }
        if case .string(let string) = value {
            let length = Double(string.unicodeScalars.count)
            if let minimum = keywords["minLength"]?.number, length < minimum { problems.append("\(path): shorter than \(Int(minimum))") }
            if let maximum = keywords["maxLength"]?.number, length > maximum { problems.append("\(path): longer than \(Int(maximum))") }
            if case .string(let pattern)? = keywords["pattern"] {
                if let regex = try? NSRegularExpression(pattern: pattern) {
                    let range = NSRange(string.startIndex..., in: string)
                    if regex.firstMatch(in: string, range: range) == nil { problems.append("\(path): does not match \(pattern)") }
                } else {
                    problems.append("\(path): the pattern \(pattern) does not compile")
                }
            }
        }
        if case .string(let format)? = keywords["format"], !Self.conforms(value, format: format) {
            problems.append("\(path): \(Self.describe(value)) is not a valid \(format)")
        }
        if case .array(let options)? = keywords["oneOf"] {
            let matching = options.filter { violations(of: value, against: $0, at: path).isEmpty }.count
            if matching != 1 {
                let reasons = options.enumerated().map { index, option in
                    "[\(index)] " + violations(of: value, against: option, at: path).joined(separator: "; ")
                }
                problems.append("\(path): matches \(matching) of oneOf, not exactly one (\(reasons.joined(separator: " | ")))")
            }
        }
        if case .array(let options)? = keywords["anyOf"],
            !options.contains(where: { violations(of: value, against: $0, at: path).isEmpty })
        {
            problems.append("\(path): matches none of anyOf")
        }
        return problems
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): true
        case ("number", .number): true
        case ("integer", .number(let number)): isWhole(number)
        default: false
        }
    }

    private static func conforms(_ value: JSONValue, format: String) -> Bool {
        switch (format, value) {
        case ("uuid", .string(let text)): UUID(uuidString: text) != nil
        case ("date-time", .string(let text)):
            (try? Date(text, strategy: .iso8601)) != nil
                || (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) != nil
        case ("int32", .number(let number)): isWhole(number) && abs(number) <= Decimal(Int32.max)
        case ("int64", .number(let number)): isWhole(number) && abs(number) <= Decimal(Int64.max)
        default: true  // A format applies to its own type only.
        }
    }

    /// Whether a number has no fractional part.
    private static func isWhole(_ number: Decimal) -> Bool {
        var input = number
        var rounded = Decimal()
        NSDecimalRound(&rounded, &input, 0, .plain)
        return rounded == number
    }

    private static func describe(_ value: JSONValue) -> String {
        ((try? value.jsonText()) ?? "?").prefix(120).description
    }
}

extension JSONValue {
    /// The member of an object, or `nil`.
    func member(_ name: String) -> JSONValue? {
        if case .object(let members) = self { members[name] } else { nil }
    }

    /// The number, or `nil`.
    var number: Double? {
        if case .number(let number) = self { NSDecimalNumber(decimal: number).doubleValue } else { nil }
    }
}

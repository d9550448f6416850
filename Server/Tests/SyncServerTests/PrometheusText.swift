/// One sample of Prometheus' text exposition format, parsed for assertions.
struct PrometheusSample: Equatable {
    var name: String
    var labels: [String: String]
    var value: Double

    /// The samples of `text`, comments skipped; a line that does not parse is a test failure's message.
    static func parse(_ text: String) throws -> [PrometheusSample] {
        try text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { try parse(line: Substring($0)) }
    }

    private static func parse(line: Substring) throws -> PrometheusSample {
        guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
            throw HarnessFailure(description: "not a sample line: \(line)")
        }
        let series = line[..<space]
        guard let brace = series.firstIndex(of: "{") else {
            return PrometheusSample(name: String(series), labels: [:], value: value)
        }
        var labels: [String: String] = [:]
        var rest = series[series.index(after: brace)...].dropLast()
        while let equals = rest.firstIndex(of: "=") {
            let key = String(rest[..<equals]).trimmingPrefix(",")
            var cursor = rest.index(equals, offsetBy: 2)
            var labelValue = ""
            while cursor < rest.endIndex, rest[cursor] != "\"" {
                if rest[cursor] == "\\" { cursor = rest.index(after: cursor) }
                labelValue.append(rest[cursor])
                cursor = rest.index(after: cursor)
            }
            labels[String(key)] = labelValue
            rest = rest[rest.index(after: cursor)...]
        }
        return PrometheusSample(name: String(series[..<brace]), labels: labels, value: value)
    }
}

extension [PrometheusSample] {
    /// The value of the sample named `name` whose labels include `labels`; `nil` when there is none.
    func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
        first { sample in sample.name == name && labels.allSatisfy { key, value in sample.labels[key] == value } }?.value
    }
}

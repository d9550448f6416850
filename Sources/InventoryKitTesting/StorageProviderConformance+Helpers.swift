import Foundation
import InventoryKit

/// What the checks of ``StorageProviderConformance`` share: failure expectations and random data.
extension StorageProviderConformance {
    func expectPreconditionFailure(
        _ check: String, _ what: String, _ body: () async throws -> Void
    ) async throws {
        do {
            try await body()
        } catch StorageError.preconditionFailed {
            return
        }
        throw ConformanceFailure(check: check, message: "\(what) was accepted; expected preconditionFailed")
    }

    static func allPages(of records: [StoredRecord], query: RecordQuery) throws -> [RecordID] {
        var all = query
        all.limit = RecordQuery.maximumLimit
        all.cursor = nil
        return try RecordQueryEvaluator.page(records, query: all).records.map(\.id)
    }

    private static let brands = ["acme", "Acme", "bravo", "café", "zulu", "", "ß"]

    static func randomValue(using random: inout SeededRandomNumberGenerator) -> FieldValue {
        switch Int.random(in: 0..<7, using: &random) {
        case 0: .null
        case 1: .bool(Bool.random(using: &random))
        case 2: .int(Int64.random(in: -3...3, using: &random))
        case 3: .double(Double(Int.random(in: -6...6, using: &random)) / 2)
        case 4: .date(Date(timeIntervalSinceReferenceDate: Double(Int.random(in: 0...3, using: &random))))
        default: .string(brands[Int.random(in: 0..<brands.count, using: &random)])
        }
    }

    static func randomRecord(_ index: Int, using random: inout SeededRandomNumberGenerator) -> StoredRecord {
        var fields: [String: FieldValue] = [:]
        for name in ["a", "b", "c"] where Int.random(in: 0..<5, using: &random) > 0 {
            fields[name] = randomValue(using: &random)
        }
        fields["brand"] = .string(brands[Int.random(in: 0..<brands.count, using: &random)])
        let id = index % 7 == 0 ? "ü-\(index)" : "id-\(Int.random(in: 0...9_999, using: &random))-\(index)"
        return StoredRecord(id: RecordID(rawValue: id) ?? RecordID(UUID()), payload: Data("\(index)".utf8), fields: fields)
    }

    static func randomFilter(depth: Int, using random: inout SeededRandomNumberGenerator) -> RecordFilter {
        let field = ["a", "b", "c", "brand", "missing"][Int.random(in: 0..<5, using: &random)]
        let value = randomValue(using: &random)
        let choice = Int.random(in: 0..<(depth < 2 ? 13 : 10), using: &random)
        switch choice {
        case 0: return .equals(field, value)
        case 1: return .notEquals(field, value)
        case 2: return .lessThan(field, value)
        case 3: return .lessThanOrEqual(field, value)
        case 4: return .greaterThan(field, value)
        case 5: return .greaterThanOrEqual(field, value)
        case 6: return .isIn(field, [value, randomValue(using: &random)])
        case 7: return .contains("brand", ["c", "a", "É", ""][Int.random(in: 0..<4, using: &random)])
        case 8: return .hasPrefix("brand", ["a", "ca", "Z"][Int.random(in: 0..<3, using: &random)])
        case 9: return .exists(field)
        case 10: return .and((0..<Int.random(in: 0...3, using: &random)).map { _ in randomFilter(depth: depth + 1, using: &random) })
        case 11: return .or((0..<Int.random(in: 0...3, using: &random)).map { _ in randomFilter(depth: depth + 1, using: &random) })
        default: return .not(randomFilter(depth: depth + 1, using: &random))
        }
    }

    static func randomSort(using random: inout SeededRandomNumberGenerator) -> [RecordSortKey] {
        (0..<Int.random(in: 0...2, using: &random)).map { _ in
            RecordSortKey(["a", "b", "c", "brand"][Int.random(in: 0..<4, using: &random)],
                          Bool.random(using: &random) ? .ascending : .descending)
        }
    }
}

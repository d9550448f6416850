import Foundation
import InventoryKit
import Testing

/// Checks the kit's UUIDv5 against ids that Python's `uuid.uuid5` computed for the same inputs.
///
/// The fixture `Fixtures/uuid5-vectors.json` is written by `scripts/generate-uuid5-fixture.py`; regenerate it with
/// `python3 scripts/generate-uuid5-fixture.py` from the repository root.
@Suite("UUIDv5 agrees with Python's uuid.uuid5")
struct UUIDv5OracleFixtureTests {
    struct Vector: Decodable {
        let namespace: String
        let name: String
        let uuid: String
    }

    enum FixtureError: Error, CustomStringConvertible {
        case missing(String)

        var description: String {
            switch self {
            case .missing(let path): "fixture \(path) is not in the test bundle"
            }
        }
    }

    static func loadVectors() throws -> [Vector] {
        guard
            let url = Bundle.module.url(forResource: "uuid5-vectors", withExtension: "json", subdirectory: "Fixtures")
        else {
            throw FixtureError.missing("Fixtures/uuid5-vectors.json")
        }
        return try JSONDecoder().decode([Vector].self, from: Data(contentsOf: url))
    }

    @Test("loads more than a thousand vectors covering every kit namespace, empty and long names")
    func fixtureCoverage() throws {
        let vectors = try Self.loadVectors()
        #expect(vectors.count >= 1_000)
        let namespaces = Set(vectors.map { $0.namespace.lowercased() })
        let kitNamespaces: [InventoryNamespace] = [
            .manufacturer, .product, .person, .library, .platform, .category, .storageLocation, .unit, .tag,
            .household, .dns,
        ]
        for namespace in kitNamespaces {
            #expect(namespaces.contains(namespace.description), "no vector in \(namespace)")
        }
        #expect(vectors.contains { $0.name.isEmpty })
        #expect(vectors.contains { $0.name.utf8.count > 1_000 })
        let hasCombiningMarks = vectors.contains { vector in
            vector.name.unicodeScalars.contains { $0.properties.generalCategory == .nonspacingMark }
        }
        #expect(hasCombiningMarks)
    }

    @Test("gives every fixture name the same id as Python")
    func everyVectorMatches() throws {
        let vectors = try Self.loadVectors()
        var mismatches: [String] = []
        for vector in vectors {
            let namespace = try #require(UUID(uuidString: vector.namespace), "bad namespace \(vector.namespace)")
            let expected = try #require(UUID(uuidString: vector.uuid), "bad uuid \(vector.uuid)")
            let viaUUID = InventoryIDGenerator.uuidV5(namespace: namespace, name: vector.name)
            let viaNamespace = InventoryIDGenerator.generate(for: InventoryNamespace(namespace), name: vector.name)
            if viaUUID != expected || viaNamespace != expected {
                mismatches.append(
                    "\(vector.namespace) \(vector.name.debugDescription): want \(vector.uuid), got \(viaUUID)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(vectors.count) differ, e.g. \(mismatches.prefix(3))")
    }
}

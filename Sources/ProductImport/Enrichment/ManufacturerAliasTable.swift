import Foundation
import InventoryKit

/// Known manufacturers and the names they go by, as data a client can extend or replace.
///
/// ```swift
/// var table = ManufacturerAliasTable.standard
/// table.entries.append(ManufacturerAliases(name: "Acme Foods", aliases: ["ACME"], brands: ["Roadrunner"]))
/// table.suggestions(for: "Nintendo Co., Ltd.").first?.manufacturer.name   // "Nintendo"
/// ```
public struct ManufacturerAliasTable: Hashable, Sendable, Codable {
    /// The known manufacturers.
    public var entries: [ManufacturerAliases]

    /// Creates a table.
    public init(entries: [ManufacturerAliases] = []) {
        self.entries = entries
    }

    /// Known manufacturers a name may refer to, the most confident first (at most one per manufacturer).
    public func suggestions(for name: String) -> [ManufacturerSuggestion] {
        let exact = Self.key(name)
        let stripped = Self.strippedKey(name)
        guard !exact.isEmpty else { return [] }
        var found: [ManufacturerSuggestion] = []
        for entry in entries {
            var best: (confidence: Double, matched: String)?
            func consider(_ confidence: Double, _ matched: String) {
                if confidence > (best?.confidence ?? 0) { best = (confidence, matched) }
            }
            if Self.key(entry.name) == exact { consider(1, entry.name) }
            for alias in entry.aliases where Self.key(alias) == exact { consider(0.95, alias) }
            for known in [entry.name] + entry.aliases where !stripped.isEmpty && Self.strippedKey(known) == stripped {
                consider(0.85, known)
            }
            for brand in entry.brands where Self.key(brand) == exact || Self.strippedKey(brand) == stripped {
                consider(0.7, brand)
            }
            for known in [entry.name] + entry.aliases {
                let prefix = Self.strippedKey(known)
                if !prefix.isEmpty, stripped.hasPrefix(prefix + " ") { consider(0.6, known) }
            }
            if let best {
                found.append(ManufacturerSuggestion(
                    manufacturer: ManufacturerNaming.manufacturer(named: entry.name, aliases: entry.aliases),
                    confidence: best.confidence, matchedName: best.matched))
            }
        }
        return found.sorted { ($0.confidence, $1.manufacturer.name) > ($1.confidence, $0.manufacturer.name) }
    }

    // MARK: - Keys

    /// Case and diacritics folded, letters and digits only, words separated by one space.
    static func key(_ name: String) -> String {
        words(name).joined(separator: " ")
    }

    /// `key(_:)` without a leading "the" and trailing legal forms (`inc`, `ltd`, `co`, `corp`, `gmbh`, …).
    static func strippedKey(_ name: String) -> String {
        var parts = words(name)
        if parts.first == "the" { parts.removeFirst() }
        while let last = parts.last, legalForms.contains(last), parts.count > 1 { parts.removeLast() }
        return parts.joined(separator: " ")
    }

    private static let legalForms: Set<String> = [
        "inc", "incorporated", "ltd", "limited", "co", "corp", "corporation", "company", "gmbh", "ag", "sa", "sas",
        "plc", "llc", "bv", "nv", "kk", "srl", "spa", "group", "holdings",
    ]

    private static func words(_ name: String) -> [String] {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "ø", with: "o").replacingOccurrences(of: "&", with: " and ")
        var result: [String] = []
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character == "'" || character == "’" {
                continue
            } else if !current.isEmpty {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }
}

import Foundation
import InventoryKit
import ProductModule

/// Infers a collectible's system requirements from its platform and release year, through a
/// ``PlatformProfileTable``.
///
/// The suggestion combines the platform's processor and operating system with the era of the release year
/// (memory, OS version, a faster processor for later eras). Confidence: 0.7 with a release year, 0.5 without
/// (the platform's first era). Only products with `ProductDetails/collectible(_:)` details and a known platform
/// get a suggestion.
///
/// ```swift
/// // Lode Runner, Apple II, 1983 → 6502, 1 MHz, 48 KB, Apple DOS 3.3 (confidence 0.7)
/// ```
public struct SystemRequirementsInferenceStrategy: EnrichmentStrategy {
    /// The provider recorded in provenance.
    public var providerID: ProviderID
    /// The platform profiles.
    public var table: PlatformProfileTable

    /// Creates the strategy.
    public init(providerID: ProviderID = "inferred.system-requirements", table: PlatformProfileTable = .standard) {
        self.providerID = providerID
        self.table = table
    }

    /// One suggestion for ``ProvenanceField/systemRequirements``, or none for an unknown platform.
    public func suggestions(for product: Product) async -> [EnrichmentSuggestion] {
        guard case .collectible(let details)? = product.productDetails, let platform = details?.platform,
            let profile = table.profile(for: platform)
        else { return [] }
        let year = details?.releaseDate.map { date -> Int in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
            return calendar.component(.year, from: date)
        }
        let era = profile.era(for: year)
        let requirements = StandardSystemRequirements(
            minMemory: era?.minMemory, cpuFamily: era?.cpuFamily ?? profile.cpuFamily,
            minCpuSpeedMHz: era?.minCpuSpeedMHz ?? profile.minCpuSpeedMHz, osName: profile.osName,
            minOsVersion: era?.minOsVersion,
            notes: "Inferred from the platform \(platform)\(year.map { " and the release year \($0)" } ?? "").")
        let summary = [
            requirements.cpuFamily, requirements.minCpuSpeedMHz.map { "\($0) MHz" },
            requirements.minMemory.map(Self.memoryText),
            [requirements.osName, requirements.minOsVersion].compactMap { $0 }.joined(separator: " "),
        ].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        return [
            EnrichmentSuggestion(
                field: .systemRequirements, confidence: year == nil ? 0.5 : 0.7,
                reason: "typical requirements of \(platform) software\(year.map { " from \($0)" } ?? "")",
                valueDescription: summary
            ) { $0.systemRequirements = requirements }
        ]
    }

    /// `49152` → `"48 KB"`, `2097152` → `"2 MB"`, `128` → `"128 bytes"`.
    static func memoryText(_ bytes: Int64) -> String {
        if bytes >= 1_048_576, bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MB" }
        if bytes >= 1_024, bytes % 1_024 == 0 { return "\(bytes / 1_024) KB" }
        return "\(bytes) bytes"
    }
}

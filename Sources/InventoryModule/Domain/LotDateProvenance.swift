import Foundation

/// What a lot's date is and where it came from: the kind of date, its source, the label text a scanner read and
/// the recognizer's confidence.
///
/// ```swift
/// let scanned = try LotDateProvenance(kind: .useBy, source: .scannedLabel, rawText: "EXP 11/03/26", confidence: 0.92)
/// ```
public struct LotDateProvenance: Hashable, Sendable, Codable {
    /// What the date means.
    public var kind: LotDateKind
    /// Where it came from.
    public var source: LotDateSource
    /// The label text as scanned, for ``LotDateSource/scannedLabel``.
    public var rawText: String?
    /// The recognizer's confidence, 0…1, for a scanned date.
    public var confidence: Double?

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case kind, source, rawText, confidence
    }

    /// A provenance.
    ///
    /// - Throws: ``InventoryError/invalidConfidence(_:)`` when `confidence` is not within 0…1 (or not a number),
    ///   ``InventoryError/invalidName(_:reason:)`` when the raw text is not a valid note (too long, control
    ///   characters).
    public init(
        kind: LotDateKind, source: LotDateSource, rawText: String? = nil, confidence: Double? = nil
    ) throws(InventoryError) {
        self.kind = kind
        self.source = source
        self.rawText = rawText
        self.confidence = confidence
        try validate()
    }

    /// A rule's estimate of a due date.
    static func estimated(_ kind: DueDateKind) -> LotDateProvenance {
        LotDateProvenance(unchecked: kind == .expiry ? .useBy : .bestBefore, source: .ruleEstimated)
    }

    /// A day a person gave for a lot.
    static func typed(_ kind: LotDateKind) -> LotDateProvenance {
        LotDateProvenance(unchecked: kind, source: .typed)
    }

    private init(unchecked kind: LotDateKind, source: LotDateSource) {
        self.kind = kind
        self.source = source
    }

    /// Checks the confidence and the raw text (values decoded from a journal are checked again by the decision
    /// and the fold).
    ///
    /// - Throws: ``InventoryError/invalidConfidence(_:)`` or ``InventoryError/invalidName(_:reason:)``.
    public func validate() throws(InventoryError) {
        if let confidence, !(confidence >= 0 && confidence <= 1) { throw .invalidConfidence(confidence) }
        if let rawText { _ = try InventoryText.note(rawText) }
    }

    /// Whether ``validate()`` passes.
    var isValid: Bool { (try? validate()) != nil }

    /// The kinds that fit a due date.
    static let dueDateKinds: [LotDateKind] = [.bestBefore, .useBy]

    /// Checks the provenance (``validate()``) and that its kind is one of `kinds`, the kinds that fit the date it
    /// describes.
    ///
    /// - Throws: ``InventoryError/provenanceKindMismatch(_:expected:)``, ``InventoryError/invalidConfidence(_:)``
    ///   or ``InventoryError/invalidName(_:reason:)``.
    func validate(describing kinds: [LotDateKind]) throws(InventoryError) {
        guard kinds.contains(kind) else { throw .provenanceKindMismatch(kind, expected: kinds) }
        try validate()
    }

    /// Whether ``validate(describing:)`` passes: how the fold checks a provenance decoded from a journal entry.
    func isValid(describing kinds: [LotDateKind]) -> Bool { (try? validate(describing: kinds)) != nil }
}

import Foundation

/// A kind of named entity whose records are unique by meaning, not by id: its stored name, the namespace of its
/// deterministic ids, its key function and its uniqueness policy.
///
/// The kit ships ``category``, ``manufacturer``, ``storageLocation``, ``unit`` and ``tag``, all ``SemanticUniquenessPolicy/unique``.
/// An app defines its own kinds with ``custom(_:namespace:policy:key:)``:
///
/// ```swift
/// extension NamedEntityKind {
///     static let recipe = NamedEntityKind.custom(
///         "recipe", namespace: InventoryNamespace(InventoryIDGenerator.uuidV5(
///             namespace: InventoryNamespace.url.rawValue, name: "https://example.com/ns/recipe")),
///         policy: .detectAndAsk)
/// }
/// let key = NamedEntityKind.category.key(for: "  Produce ")     // "produce"
/// let id = NamedEntityKind.category.id(for: key)                 // the same UUID on every device
/// ```
///
/// Two kinds are equal when their ``name``, ``namespace`` and ``policy`` are equal; the key function is not
/// compared, so a name must always be used with the same key function.
public struct NamedEntityKind: Hashable, Sendable, CustomStringConvertible {
    /// The kind's name as records store it (``NamedEntity/kind``).
    public let name: Name
    /// The namespace of the kind's deterministic ids.
    public let namespace: InventoryNamespace
    /// How strictly the kind's records are kept unique by key.
    public let policy: SemanticUniquenessPolicy
    private let keyFunction: @Sendable (String) -> SemanticKey

    private init(
        name: Name, namespace: InventoryNamespace, policy: SemanticUniquenessPolicy,
        key: @escaping @Sendable (String) -> SemanticKey
    ) {
        self.name = name
        self.namespace = namespace
        self.policy = policy
        self.keyFunction = key
    }

    // MARK: - Kit kinds

    /// Categories: key ``NamedEntityKeys/category(_:)``, namespace ``InventoryNamespace/category``, unique.
    public static let category = NamedEntityKind(
        name: .category, namespace: .category, policy: .unique, key: NamedEntityKeys.category)

    /// Manufacturers and brands: key ``NamedEntityKeys/manufacturer(_:)`` (folds legal suffixes such as
    /// "Inc." and "GmbH"), namespace ``InventoryNamespace/manufacturer``, unique.
    public static let manufacturer = NamedEntityKind(
        name: .manufacturer, namespace: .manufacturer, policy: .unique, key: NamedEntityKeys.manufacturer)

    /// Storage locations: key ``NamedEntityKeys/storageLocation(_:)``, namespace
    /// ``InventoryNamespace/storageLocation``, unique.
    public static let storageLocation = NamedEntityKind(
        name: .storageLocation, namespace: .storageLocation, policy: .unique, key: NamedEntityKeys.storageLocation)

    /// Units of measure: key ``NamedEntityKeys/unit(_:)`` (folds unit names to symbols, "Kilograms" → "kg"),
    /// namespace ``InventoryNamespace/unit``, unique.
    public static let unit = NamedEntityKind(
        name: .unit, namespace: .unit, policy: .unique, key: NamedEntityKeys.unit)

    /// Tags: key ``NamedEntityKeys/tag(_:)`` (drops a leading "#"), namespace ``InventoryNamespace/tag``, unique.
    public static let tag = NamedEntityKind(
        name: .tag, namespace: .tag, policy: .unique, key: NamedEntityKeys.tag)

    /// The kit's kinds.
    public static let builtIn: [NamedEntityKind] = [category, manufacturer, storageLocation, unit, tag]

    /// A kind defined by the app.
    ///
    /// - Parameters:
    ///   - name: the name records store; it must not be the name of another kind in the same store, including
    ///     the kit's kinds.
    ///   - namespace: the namespace of the kind's deterministic ids; derive one per kind (see
    ///     ``InventoryNamespace/init(_:)``).
    ///   - policy: how strictly records are kept unique by key.
    ///   - key: the key function; it must be deterministic and never change once records exist, because ids are
    ///     derived from its result. Default: ``SemanticKey/normalize(_:)``.
    public static func custom(
        _ name: Name, namespace: InventoryNamespace, policy: SemanticUniquenessPolicy,
        key: @escaping @Sendable (String) -> SemanticKey = { SemanticKey($0) }
    ) -> NamedEntityKind {
        NamedEntityKind(name: name, namespace: namespace, policy: policy, key: key)
    }

    // MARK: - API

    /// The semantic key of a spelling.
    public func key(for displayName: String) -> SemanticKey {
        keyFunction(displayName)
    }

    /// The deterministic id of a key: ``InventoryIDGenerator/generate(for:key:)`` in the kind's namespace.
    public func id(for key: SemanticKey) -> UUID {
        InventoryIDGenerator.generate(for: namespace, key: key)
    }

    /// Whether `id` is the deterministic id of `key` in this kind.
    package func isDeterministicID(_ id: UUID, for key: SemanticKey) -> Bool {
        self.id(for: key) == id
    }

    /// The kind's name.
    public var description: String { name.rawValue }

    /// Compares name, namespace and policy.
    public static func == (lhs: NamedEntityKind, rhs: NamedEntityKind) -> Bool {
        lhs.name == rhs.name && lhs.namespace == rhs.namespace && lhs.policy == rhs.policy
    }

    /// Hashes name, namespace and policy, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(namespace)
        hasher.combine(policy)
    }
}

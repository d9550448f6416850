import GRDB

/// A two-valued SQL condition with its arguments, composable with ``all(_:)``, ``any(_:)`` and ``negated``.
///
/// Every leaf is written so that it is never NULL (`column IS ?`, not `column = ?`, on nullable columns): SQL's
/// three-valued logic would otherwise make `NOT (brand_key = 'acme')` exclude products without a brand, where
/// the reference evaluator includes them.
struct SQLCondition: Sendable {
    /// The SQL text, parenthesized where it combines others.
    let sql: String
    /// The values of its `?` placeholders, in order.
    let arguments: [DatabaseValue]
    /// How many leaf conditions it holds (statements of small conditions are cached).
    let leafCount: Int

    /// A leaf condition.
    init(_ sql: String, _ arguments: [DatabaseValue] = []) {
        self.init(sql: sql, arguments: arguments, leafCount: 1)
    }

    private init(sql: String, arguments: [DatabaseValue], leafCount: Int) {
        self.sql = sql
        self.arguments = arguments
        self.leafCount = leafCount
    }

    /// Holds for every row.
    static let always = SQLCondition(sql: "1", arguments: [], leafCount: 0)
    /// Holds for no row.
    static let never = SQLCondition(sql: "0", arguments: [], leafCount: 0)

    /// Every condition holds (an empty list always holds).
    static func all(_ conditions: [SQLCondition]) -> SQLCondition {
        combine(conditions, with: "AND", empty: .always)
    }

    /// At least one condition holds (an empty list never holds).
    static func any(_ conditions: [SQLCondition]) -> SQLCondition {
        combine(conditions, with: "OR", empty: .never)
    }

    /// Whether the condition holds for every row (``always``, or a combination that reduced to it).
    var isAlways: Bool { sql == SQLCondition.always.sql }
    /// Whether the condition holds for no row.
    var isNever: Bool { sql == SQLCondition.never.sql }

    /// The condition does not hold.
    var negated: SQLCondition {
        if isAlways { return .never }
        if isNever { return .always }
        return SQLCondition(sql: "(NOT \(sql))", arguments: arguments, leafCount: leafCount)
    }

    /// Joins conditions, folding the constants: in an AND, `always` parts drop out and a `never` part decides;
    /// in an OR, the other way round.
    private static func combine(_ conditions: [SQLCondition], with operator: String, empty: SQLCondition) -> SQLCondition {
        let absorbing: SQLCondition = empty.isAlways ? .never : .always
        if conditions.contains(where: { $0.sql == absorbing.sql }) { return absorbing }
        let conditions = conditions.filter { $0.sql != empty.sql }
        guard conditions.count > 1 else { return conditions.first ?? empty }
        return SQLCondition(
            sql: "(" + conditions.map(\.sql).joined(separator: " \(`operator`) ") + ")",
            arguments: conditions.flatMap(\.arguments),
            leafCount: conditions.reduce(0) { $0 + $1.leafCount })
    }
}

/// The version of the views' JSON vocabulary, written as `version` at the top of every view (`StockView`,
/// `DueView`, …) that the sync server serves and `pantry --json` prints.
///
/// The vocabulary, in one place:
/// - every output is an object with `version`, the `household` (id and name), `asOf` (when the state it shows was
///   folded) and, from the server, `seq` (the household log's change it reflects);
/// - instants are RFC 3339 text in UTC (``WireInstant``), calendar days of the household `YYYY-MM-DD`;
/// - amounts, prices and settings are exact decimals written as text (``ExactDecimal``);
/// - units and locations are objects with their `id` and `name` (``NamedReference``);
/// - ids are named `…Id` (`productId`, `lotId`, `itemId`, `transactionId`, `entryId`), one spelling each;
/// - an empty list is `[]`; an unknown value is left out, never `null`.
public enum HouseholdViewVocabulary {
    /// The version written by this build: `1`. A reader refuses a larger one it does not know.
    public static let version = 1
}

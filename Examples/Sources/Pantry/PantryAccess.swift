/// What a command does with its pantry's store, which decides what opening the store may create and write.
///
/// Only commands that write create a store, and only commands that book in the household create it (its unit and
/// default locations, five journal entries): a read-only or mistyped first command leaves no store behind, and a
/// pantry that only added products can still join a server household (`pantry household join`).
enum PantryAccess: Equatable {
    /// Reads only (`status`, `stock list`, `product list|show`, `due`, `calendar`, `category list`,
    /// `shopping-list`, `household timezone`, `location list`, `unit list`, `history`, `product settings` without an
    /// option): the store must exist (else ``PantryError/noStore(_:otherKind:)``),
    /// and opening it writes nothing — no household, no joined household saved.
    case read
    /// Changes what the store already holds (`product edit|delete`, `stock …`, `undo`, `location rename|remove`,
    /// `product settings` with an option, `shopping-list remove|check`): the store must
    /// exist; a command that books creates the household itself once its input is checked
    /// (``PantryEnvironment/ensureHousehold()``).
    case update
    /// Adds to the catalog or the categories, or syncs (`product add|refresh`, `import`, `scan`, `category add`,
    /// `sync`): creates the store on first use, not the household.
    case create
    /// Works in the household from the start (`shopping-list --add`, `shopping-list add`, `location add`,
    /// `unit add|conversion`, `household timezone ZONE`, `household join`, `demo`): creates the store, the household, its unit and locations on first use.
    case household

    /// Whether the store must exist before the command runs.
    var requiresStore: Bool { self == .read || self == .update }

    /// Whether opening may write: create the store, save the household joined through `$PANTRY_HOUSEHOLD`.
    var writes: Bool { self != .read }
}

import Foundation

// The values the page templates render (`Resources/web/*.mustache`), one per page. Every text in them is escaped
// by the templates (`{{…}}`, never `{{{…}}}`).

/// `stock.mustache`: the household's open over-draws (a banner each, with its settle forms), then its lots by
/// location.
struct StockPage: Sendable {
    struct Location: Sendable {
        let name: String
        let headingId: String
        let lots: [WebLotRow]
    }

    let chrome: WebChrome
    let overdraws: [WebOverdrawBanner]
    let locations: [Location]
}

/// `due.mustache`: expired, overdue and due-soon lots.
struct DuePage: Sendable {
    let chrome: WebChrome
    let today: String
    let days: Int
    let expired: [WebLotRow]
    let overdue: [WebLotRow]
    let soon: [WebLotRow]
}

/// `shopping.mustache`: the shopping list, with the form that adds to it.
struct ShoppingPage: Sendable {
    struct Row: Sendable {
        let itemId: String?
        let removePath: String?
        let text: String
        let quantity: Quantity?
        /// Whether the row is a suggestion (stock below its minimum), not an item somebody put on the list.
        let suggestion: Bool
        let submission: String
    }

    /// An amount with the household's name of its unit (shown isolated: people name units).
    struct Quantity: Sendable {
        let amount: String
        let unit: String?
    }

    let chrome: WebChrome
    let rows: [Row]
    let addPath: String
    let addSubmission: String
    /// The form's values after a refused submission, so nothing typed is lost.
    let note: String
    let amount: String
    let unit: String
}

/// `product.mustache`: one product's lots, with use, open, move and count forms, and the product's settings.
struct WebProductPage: Sendable {
    /// A choice of a `<select>`.
    struct Option: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    let chrome: WebChrome
    let productId: String
    let lots: [WebLotRow]
    /// Where a lot can be moved to: every location of the household.
    let destinations: [Option]
    /// The settings form: its action, submission, and current values.
    let settingsPath: String
    let settingsSubmission: String
    let minimumStock: String
    let dueDays: String
    let settingsLocations: [Option]
    let settingsUnits: [Option]
}

/// `calendar.mustache`: the household's calendar subscription links.
struct CalendarPage: Sendable {
    struct Feed: Sendable {
        let label: String
        let createdOn: String
        let revoked: Bool
    }

    let chrome: WebChrome
    let feeds: [Feed]
    let createPath: String
    let createSubmission: String
    /// A link just created: shown once (the server keeps only its hash).
    let newLink: String?
}

/// `invitation.mustache`: the page an invitation link opens, with the button that signs in.
struct InvitationPage: Sendable {
    let title = "Join the household"
    let acceptPath: String
    /// The household and name the invitation is for, while it still works.
    let preview: InvitationPreview?
    let error: String?
}

/// `message.mustache`: sign-in help, signed out, refusals and errors.
struct MessagePage: Sendable {
    let title: String
    let message: String
    /// Whether the message is an error (`role="alert"`).
    let isError: Bool
    /// A link back to the household, when the visitor is signed in.
    let homePath: String?
}

import Foundation

/// What every page of a signed-in member shows around its content: the household's pages, the member, the form
/// token, how fresh the state is, and a message when an action was refused or done.
struct WebChrome: Sendable {
    /// A link of the navigation.
    struct NavLink: Sendable {
        let href: String
        let label: String
        /// Whether this is the page shown (`aria-current="page"`).
        let current: Bool
    }

    /// The page's title (also the `<h1>`).
    let title: String
    let householdId: String
    let memberName: String
    /// The session's CSRF token, put into every form.
    let csrf: String
    let nav: [NavLink]
    /// "Folded through change N, at T": what the replica folded and when.
    let freshness: String
    /// A refused action's message (shown with `role="alert"`).
    let error: String?
    /// A done action's message (shown with `role="status"`).
    let notice: String?

    /// The household's pages, in navigation order.
    enum Page: String, CaseIterable, Sendable {
        case stock, due, shopping, calendar, product

        var label: String {
            switch self {
            case .stock: "Stock"
            case .due: "Due"
            case .shopping: "Shopping list"
            case .calendar: "Calendar"
            case .product: "Product"
            }
        }
    }

    init(
        page: Page, title: String, session: MemberSession, view: ReplicaView, error: String? = nil,
        notice: String? = nil
    ) {
        self.title = title
        self.householdId = session.householdID.description
        self.memberName = session.name
        self.csrf = session.csrfToken
        self.nav = Page.allCases.filter { $0 != .product }.map { link in
            NavLink(href: "\(WebPaths.household(session.householdID))/\(link.rawValue)", label: link.label, current: link == page)
        }
        let folded = view.foldedAt.formatted(
            Date.ISO8601FormatStyle(includingFractionalSeconds: false, timeZone: .gmt).year().month().day()
                .dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon))
        self.freshness = "Folded through change \(view.seq), at \(folded) UTC."
        self.error = error
        self.notice = notice
    }
}

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
    /// The household's name, shown in the header (isolated from the text around it).
    let householdName: String
    let memberName: String
    /// The session's CSRF token, put into every form.
    let csrf: String
    let nav: [NavLink]
    /// "Up to date as of T": when the state the page shows was read, in plain words.
    let freshness: String
    /// The same instant for `<time datetime>`.
    let freshnessISO: String
    /// The last change the page's state holds, for tests and tools (`data-seq`), never shown.
    let seq: Int64
    /// A refused action's message (shown with `role="alert"`).
    let error: String?
    /// A done action's message (shown with `role="status"`).
    let notice: String?

    /// The household's pages, in navigation order.
    enum Page: String, CaseIterable, Sendable {
        case stock, purchase, due, shopping, history, setup, calendar, product

        var label: String {
            switch self {
            case .stock: "Stock"
            case .purchase: "Record a purchase"
            case .due: "Due"
            case .shopping: "Shopping list"
            case .history: "History"
            case .setup: "Locations and units"
            case .calendar: "Calendar"
            case .product: "Product"
            }
        }
    }

    init(
        page: Page, title: String, session: MemberSession, view: ReplicaView, householdName: String,
        error: String? = nil, notice: String? = nil
    ) {
        self.title = title
        self.householdId = session.householdID.description
        self.householdName = householdName
        self.memberName = session.name
        self.csrf = session.csrfToken
        self.nav = Page.allCases.filter { $0 != .product }.map { link in
            NavLink(href: "\(WebPaths.household(session.householdID))/\(link.rawValue)", label: link.label, current: link == page)
        }
        self.freshness = "Up to date as of \(Self.minute(view.foldedAt)) UTC."
        self.freshnessISO = view.foldedAt.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
        self.seq = view.seq
        self.error = error
        self.notice = notice
    }

    /// `2026-11-29 11:22`: an instant to the minute, in UTC.
    static func minute(_ date: Date, in zone: TimeZone = .gmt) -> String {
        let day = date.formatted(Date.ISO8601FormatStyle(timeZone: zone).year().month().day().dateSeparator(.dash))
        let time = date.formatted(
            Date.ISO8601FormatStyle(timeZone: zone).time(includingFractionalSeconds: false).timeSeparator(.colon))
        return "\(day) \(time.prefix(5))"
    }
}
